package dev.holdfast.app.conversation;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The markdown an agent answers in, read as blocks of styled text for a panel to show: headings, paragraphs,
 * bulleted and numbered lists (nested by indentation), quotes, rules, fenced code blocks and tables (kept as
 * their lines, to be shown in the terminal's font), with bold, italic, strikethrough, inline code and links
 * inside. It is a reading aid, not a renderer of every CommonMark corner: what it does not recognise stays as the
 * text it is. Pure.
 */
public final class Markdown {
    private static final Pattern HEADING = Pattern.compile("^ {0,3}(#{1,6})[ \\t]+(.*?)[ \\t]*#*[ \\t]*$");
    private static final Pattern FENCE = Pattern.compile("^( {0,3})(`{3,}|~{3,})[ \\t]*([^`]*)$");
    private static final Pattern BULLET = Pattern.compile("^([ \\t]*)([-*+])[ \\t]+(.*)$");
    private static final Pattern NUMBERED = Pattern.compile("^([ \\t]*)(\\d{1,9})([.)])[ \\t]+(.*)$");
    private static final Pattern RULE = Pattern.compile("^ {0,3}([-*_])([ \\t]*\\1){2,}[ \\t]*$");
    private static final Pattern QUOTE = Pattern.compile("^ {0,3}>[ ]?(.*)$");
    private static final Pattern TABLE_ROW = Pattern.compile("^ {0,3}\\|.*$");
    /** List nesting beyond this is shown at this depth: a panel is narrow. */
    static final int MAX_DEPTH = 6;

    /** How a run of text is drawn. */
    public enum Style { BOLD, ITALIC, STRIKE, CODE, LINK }

    /** A run of text in one style. */
    public record Span(String text, Set<Style> styles) {
        public Span {
            Objects.requireNonNull(text, "text");
            styles = styles.isEmpty() ? Set.of() : Set.copyOf(styles);
        }

        static Span plain(String text) {
            return new Span(text, Set.of());
        }

        public boolean has(Style style) {
            return styles.contains(style);
        }
    }

    /** One block of an answer. */
    public sealed interface Block permits Heading, Paragraph, ListItem, Quote, Code, Rule {
    }

    /** @param level 1 to 6 */
    public record Heading(int level, List<Span> spans) implements Block {
        public Heading {
            spans = List.copyOf(spans);
        }
    }

    public record Paragraph(List<Span> spans) implements Block {
        public Paragraph {
            spans = List.copyOf(spans);
        }
    }

    /**
     * @param depth 0 for a top-level item
     * @param marker what is shown before it: a bullet, or its number with its dot
     */
    public record ListItem(int depth, String marker, List<Span> spans) implements Block {
        public ListItem {
            Objects.requireNonNull(marker, "marker");
            spans = List.copyOf(spans);
        }
    }

    public record Quote(List<Span> spans) implements Block {
        public Quote {
            spans = List.copyOf(spans);
        }
    }

    /**
     * Text shown as it is, in the terminal's font.
     *
     * @param language the fence's info word (may be empty); {@code "table"} for a table kept as its lines
     */
    public record Code(String language, String text) implements Block {
        public Code {
            Objects.requireNonNull(language, "language");
            Objects.requireNonNull(text, "text");
        }
    }

    public record Rule() implements Block {
    }

    private Markdown() {
    }

    /** The blocks of {@code source}, in order. */
    public static List<Block> parse(String source) {
        return new BlockParser(source.replace("\r\n", "\n").replace('\r', '\n').split("\n", -1)).parse();
    }

    private static final class BlockParser {
        private final String[] lines;
        private final List<Block> blocks = new ArrayList<>();
        private int at;

        BlockParser(String[] lines) {
            this.lines = lines;
        }

        List<Block> parse() {
            while (at < lines.length) {
                String line = lines[at];
                Matcher m;
                if (line.isBlank()) {
                    at++;
                } else if ((m = FENCE.matcher(line)).matches()) {
                    fence(m);
                } else if ((m = HEADING.matcher(line)).matches()) {
                    blocks.add(new Heading(m.group(1).length(), inline(m.group(2))));
                    at++;
                } else if (RULE.matcher(line).matches()) {
                    blocks.add(new Rule());
                    at++;
                } else if (TABLE_ROW.matcher(line).matches()) {
                    table();
                } else if ((m = QUOTE.matcher(line)).matches()) {
                    quote();
                } else if ((m = BULLET.matcher(line)).matches()) {
                    item(m.group(1), "•", m.group(3));
                } else if ((m = NUMBERED.matcher(line)).matches()) {
                    item(m.group(1), m.group(2) + m.group(3), m.group(4));
                } else {
                    paragraph();
                }
            }
            return blocks;
        }

        /** A fenced block runs to its closing fence of the same kind and at least its length, or to the end. */
        private void fence(Matcher open) {
            String indent = open.group(1);
            String marker = open.group(2);
            String language = open.group(3).strip();
            int space = language.indexOf(' ');
            if (space > 0) {
                language = language.substring(0, space);
            }
            StringBuilder text = new StringBuilder();
            at++;
            while (at < lines.length) {
                String line = lines[at];
                String stripped = line.strip();
                if (stripped.length() >= marker.length() && stripped.chars().allMatch(c -> c == marker.charAt(0))) {
                    at++;
                    break;
                }
                if (text.length() > 0) {
                    text.append('\n');
                }
                text.append(line.startsWith(indent) ? line.substring(indent.length()) : line.stripLeading());
                at++;
            }
            blocks.add(new Code(language, text.toString()));
        }

        private void table() {
            StringBuilder text = new StringBuilder();
            while (at < lines.length && TABLE_ROW.matcher(lines[at]).matches()) {
                if (text.length() > 0) {
                    text.append('\n');
                }
                text.append(lines[at].strip());
                at++;
            }
            blocks.add(new Code("table", text.toString()));
        }

        private void quote() {
            StringBuilder text = new StringBuilder();
            Matcher m;
            while (at < lines.length && (m = QUOTE.matcher(lines[at])).matches()) {
                joinLine(text, m.group(1));
                at++;
            }
            blocks.add(new Quote(inline(text.toString().strip())));
        }

        /**
         * A list item with its continuation lines: the lines below it that start no block of their own, indented
         * or not (markdown's lazy continuation). A nested item starts a block, and is an item one level deeper.
         */
        private void item(String indent, String marker, String first) {
            int depth = Math.min(MAX_DEPTH, width(indent) / 2);
            StringBuilder text = new StringBuilder();
            joinLine(text, first);
            at++;
            while (at < lines.length && !lines[at].isBlank() && !startsBlock(lines[at])) {
                joinLine(text, lines[at]);
                at++;
            }
            blocks.add(new ListItem(depth, marker, inline(text.toString().strip())));
        }

        private void paragraph() {
            StringBuilder text = new StringBuilder();
            while (at < lines.length && !lines[at].isBlank() && (text.length() == 0 || !startsBlock(lines[at]))) {
                joinLine(text, lines[at]);
                at++;
            }
            blocks.add(new Paragraph(inline(text.toString().strip())));
        }

        private static boolean startsBlock(String line) {
            return FENCE.matcher(line).matches() || HEADING.matcher(line).matches() || RULE.matcher(line).matches()
                    || TABLE_ROW.matcher(line).matches() || QUOTE.matcher(line).matches()
                    || BULLET.matcher(line).matches() || NUMBERED.matcher(line).matches();
        }

        /**
         * Lines of one paragraph are one text, as markdown reads them; a line ending in two spaces or a backslash
         * is a hard break.
         */
        private static void joinLine(StringBuilder text, String rawLine) {
            String line = rawLine.strip();
            if (text.length() > 0 && text.charAt(text.length() - 1) != '\n') {
                text.append(' ');
            }
            boolean backslash = line.endsWith("\\") && !line.endsWith("\\\\");
            if (backslash) {
                line = line.substring(0, line.length() - 1);
            }
            text.append(line);
            if (backslash || rawLine.endsWith("  ")) {
                text.append('\n');
            }
        }

        private static int width(String indent) {
            int w = 0;
            for (int i = 0; i < indent.length(); i++) {
                w += indent.charAt(i) == '\t' ? 4 : 1;
            }
            return w;
        }
    }

    /** The styled runs of one block's text. */
    static List<Span> inline(String text) {
        List<Span> spans = new ArrayList<>();
        new InlineParser(text, spans).run(0, text.length(), EnumSet.noneOf(Style.class));
        return merge(spans);
    }

    /** Neighbouring runs of one style become one, so a view makes as few text nodes as it can. */
    private static List<Span> merge(List<Span> spans) {
        List<Span> merged = new ArrayList<>(spans.size());
        for (Span span : spans) {
            if (span.text().isEmpty()) {
                continue;
            }
            int last = merged.size() - 1;
            if (last >= 0 && merged.get(last).styles().equals(span.styles())) {
                merged.set(last, new Span(merged.get(last).text() + span.text(), span.styles()));
            } else {
                merged.add(span);
            }
        }
        return merged;
    }

    private static final class InlineParser {
        private final String text;
        private final List<Span> out;

        InlineParser(String text, List<Span> out) {
            this.text = text;
            this.out = out;
        }

        /** Parses {@code text[from, to)} with {@code styles} in force. */
        void run(int from, int to, EnumSet<Style> styles) {
            StringBuilder plain = new StringBuilder();
            int i = from;
            while (i < to) {
                char c = text.charAt(i);
                if (c == '\\' && i + 1 < to && isPunctuation(text.charAt(i + 1))) {
                    plain.append(text.charAt(i + 1));
                    i += 2;
                    continue;
                }
                int next = -1;
                if (c == '`') {
                    next = code(i, to, styles, plain);
                } else if (c == '*' || c == '_' || c == '~') {
                    next = delimited(i, to, styles, plain);
                } else if (c == '[') {
                    next = link(i, to, styles, plain);
                } else if (c == '<') {
                    next = autolink(i, to, styles, plain);
                }
                if (next < 0) {
                    plain.append(c);
                    i++;
                } else {
                    i = next;
                }
            }
            flush(plain, styles);
        }

        private void flush(StringBuilder plain, EnumSet<Style> styles) {
            if (plain.length() > 0) {
                out.add(new Span(plain.toString(), styles));
                plain.setLength(0);
            }
        }

        /** A code span: a run of backticks up to the next run of the same length; its text is taken as it is. */
        private int code(int i, int to, EnumSet<Style> styles, StringBuilder plain) {
            int ticks = run(i, to, '`');
            int close = i + ticks;
            while (close < to) {
                int found = text.indexOf('`', close);
                if (found < 0 || found >= to) {
                    return -1;
                }
                int length = run(found, to, '`');
                if (length == ticks) {
                    String content = text.substring(i + ticks, found);
                    if (content.length() >= 2 && content.startsWith(" ") && content.endsWith(" ") && !content.isBlank()) {
                        content = content.substring(1, content.length() - 1);
                    }
                    flush(plain, styles);
                    EnumSet<Style> inner = EnumSet.copyOf(styles);
                    inner.add(Style.CODE);
                    out.add(new Span(content, inner));
                    return found + ticks;
                }
                close = found + length;
            }
            return -1;
        }

        /**
         * Emphasis: {@code **bold**}, {@code __bold__}, {@code *italic*}, {@code _italic_}, {@code ~~struck~~}. An
         * opening delimiter must be followed by a non-space and its closer preceded by one; underscores only count
         * at word edges, so {@code snake_case_names} stay as they are.
         */
        private int delimited(int i, int to, EnumSet<Style> styles, StringBuilder plain) {
            char c = text.charAt(i);
            int length = Math.min(run(i, to, c), c == '~' ? 2 : 3);
            if (c == '~' && length < 2) {
                return -1;
            }
            int open = i + length;
            if (open >= to || Character.isWhitespace(text.charAt(open))) {
                return -1;
            }
            if (c == '_' && i > 0 && Character.isLetterOrDigit(text.charAt(i - 1))) {
                return -1;
            }
            String closer = String.valueOf(c).repeat(length);
            int search = open;
            while (search < to) {
                int close = text.indexOf(closer, search);
                if (close < 0 || close + length > to) {
                    return -1;
                }
                boolean flanked = !Character.isWhitespace(text.charAt(close - 1));
                boolean longer = close + length < to && text.charAt(close + length) == c;
                boolean wordAfter = c == '_' && close + length < to && Character.isLetterOrDigit(text.charAt(close + length));
                if (close > open && flanked && !longer && !wordAfter && !insideCode(open, close)) {
                    flush(plain, styles);
                    EnumSet<Style> inner = EnumSet.copyOf(styles);
                    if (c == '~') {
                        inner.add(Style.STRIKE);
                    } else {
                        if (length >= 2) {
                            inner.add(Style.BOLD);
                        }
                        if (length != 2) {
                            inner.add(Style.ITALIC);
                        }
                    }
                    run(open, close, inner);
                    return close + length;
                }
                search = close + 1;
            }
            return -1;
        }

        /** Whether an odd number of backticks lies between: the closer would sit inside a code span. */
        private boolean insideCode(int from, int to) {
            int ticks = 0;
            for (int k = from; k < to; k++) {
                if (text.charAt(k) == '`') {
                    ticks++;
                }
            }
            return ticks % 2 == 1;
        }

        /** {@code [text](url)}: the text as a link, and the address after it when it says something else. */
        private int link(int i, int to, EnumSet<Style> styles, StringBuilder plain) {
            int close = text.indexOf("](", i);
            if (close < 0 || close >= to) {
                return -1;
            }
            int end = text.indexOf(')', close + 2);
            if (end < 0 || end >= to) {
                return -1;
            }
            String label = text.substring(i + 1, close);
            String url = text.substring(close + 2, end).strip();
            if (label.isEmpty() || url.isEmpty() || url.contains(" ")) {
                return -1;
            }
            flush(plain, styles);
            EnumSet<Style> inner = EnumSet.copyOf(styles);
            inner.add(Style.LINK);
            run(i + 1, close, inner);
            if (!url.equals(label)) {
                out.add(new Span(" (" + url + ")", styles));
            }
            return end + 1;
        }

        /** {@code <https://…>}: the address as a link. */
        private int autolink(int i, int to, EnumSet<Style> styles, StringBuilder plain) {
            int end = text.indexOf('>', i);
            if (end < 0 || end >= to) {
                return -1;
            }
            String inside = text.substring(i + 1, end);
            if (!inside.matches("(?i)(https?|ftp|file|mailto):[^\\s<>]+")) {
                return -1;
            }
            flush(plain, styles);
            EnumSet<Style> inner = EnumSet.copyOf(styles);
            inner.add(Style.LINK);
            out.add(new Span(inside, inner));
            return end + 1;
        }

        private int run(int i, int to, char c) {
            int j = i;
            while (j < to && text.charAt(j) == c) {
                j++;
            }
            return j - i;
        }

        private static boolean isPunctuation(char c) {
            return c < 128 && !Character.isLetterOrDigit(c) && !Character.isWhitespace(c);
        }
    }
}
