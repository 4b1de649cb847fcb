package dev.holdfast.terminal.replay;

import com.techsenger.jeditermfx.core.TerminalOutputStream;
import com.techsenger.jeditermfx.core.model.JediTerminal;
import com.techsenger.jeditermfx.core.model.TerminalTextBuffer;
import dev.holdfast.terminal.scrollback.FastHistoryTextBuffer;
import java.time.Clock;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Replays restored scrollback into a terminal's emulator model, inertly: the text is sanitized (see
 * {@link ReplaySanitizer}) and fed through Holdfast's parser into JediTerm's model, as live output is, so it
 * wraps, styles (crossed-out text included) and scrolls into the history as live output would, with nothing in
 * it able to query, switch modes, set a title or clipboard, or reach a process.
 *
 * <p>Two things make the restored rows show exactly what the export wrote, so exporting them again gives the same
 * text: wide characters go in only as far as they fit on the row (the parser's handler cuts runs so), and a row
 * that a wrap scrolls in is not painted with the current background ({@link WrapWithoutFill}).
 *
 * <p>Contract with the caller: the terminal has no PTY attached yet. Replay installs a discarding
 * {@link TerminalOutputStream} on the terminal (a second guard: anything the emulator might answer goes
 * nowhere) and leaves it there — JediTerm offers no way to read the previous one back — so attach the PTY's
 * output after the replay, as {@code TerminalSession.start()} does.
 *
 * <p>Most restored lines do not need the emulator at all: the rows they become in the history are built directly
 * ({@link DirectHistory}), with the styles the emulator gives their SGR sequences; the emulator writes the rest,
 * and always the last screenful.
 *
 * <p>Threads: every step feeds a bounded slice while holding the terminal buffer's lock, the same discipline as
 * the PTY reader, so replay may run on any thread — a restore executor, or the UI thread a slice per pulse via
 * {@link #begin} — while the UI paints. Nothing else may feed the same terminal meanwhile.
 */
public final class InertReplay {
    private static final Logger LOG = LoggerFactory.getLogger(InertReplay.class);

    /**
     * Characters fed per lock hold by {@link #replay}: a 400,000-character scrollback becomes ~25 holds of well
     * under a millisecond each, so a renderer waiting on the lock never waits long.
     */
    public static final int DEFAULT_STEP_CHARS = 16_384;

    /**
     * Text above the screen's part that {@link #beginSplit} leaves to a {@link DeferredHistory}, at least: below
     * it, a whole replay costs about one step, and splitting would save nothing.
     */
    static final int MIN_DEFERRED_CHARS = DEFAULT_STEP_CHARS;

    private static final String RESET = "\u001b[0m";
    private static final String DIM = "\u001b[0;2m";

    /** Where the emulator's answers go during replay: nowhere. */
    private static final TerminalOutputStream DISCARD = new TerminalOutputStream() {
        @Override
        public void sendBytes(byte[] bytes, boolean userInput) {
            // Discarded: a replay has no process to answer.
        }

        @Override
        public void sendString(String text, boolean userInput) {
            // Discarded: a replay has no process to answer.
        }
    };

    private final ReplaySanitizer sanitizer;
    private final Clock clock;
    private final DateTimeFormatter separatorTime;
    private final DateTimeFormatter separatorDate;

    /**
     * @param sanitizer what replay may carry
     * @param clock the time written in the separator, in the clock's zone
     * @param separatorTime how that time is written (e.g. {@code ofLocalizedDateTime(FormatStyle.MEDIUM)})
     */
    public InertReplay(ReplaySanitizer sanitizer, Clock clock, DateTimeFormatter separatorTime) {
        this(sanitizer, clock, separatorTime, null);
    }

    /**
     * @param separatorDate how {@code separatorTime} writes its date part (e.g.
     *     {@code ofLocalizedDate(FormatStyle.MEDIUM)}), for {@link #today()}; null when it has none of its own
     */
    public InertReplay(ReplaySanitizer sanitizer, Clock clock, DateTimeFormatter separatorTime,
                       DateTimeFormatter separatorDate) {
        this.sanitizer = Objects.requireNonNull(sanitizer, "sanitizer");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.separatorTime = Objects.requireNonNull(separatorTime, "separatorTime");
        this.separatorDate = separatorDate;
    }

    /**
     * Today's date as the separator writes it, for {@link RestoreSeparators#collapse(String, String, String)};
     * empty when unknown.
     */
    public String today() {
        return separatorDate == null ? "" : separatorDate.format(ZonedDateTime.now(clock));
    }

    /** Replays all of {@code text} now, in steps of {@link #DEFAULT_STEP_CHARS} each under the lock. */
    public void replay(JediTerminal terminal, String text) {
        PendingReplay pending = begin(terminal, text);
        while (!pending.step(DEFAULT_STEP_CHARS)) {
            // Each step releases the lock, so a renderer gets in between.
        }
    }

    /**
     * Sanitizes {@code text}, installs the discarding output, and returns the replay to be fed in bounded steps
     * with {@link PendingReplay#step(int)}. The replay starts and ends with an SGR reset, so it neither inherits
     * nor leaves a colour.
     */
    public PendingReplay begin(JediTerminal terminal, String text) {
        Prepared p = prepare(terminal, text);
        // Planned outside the lock: building the rows is most of the work, and the view may paint meanwhile.
        return new PendingReplay(terminal, p.chars(), DirectHistory.plan(p.chars(), p.width(), p.height(),
                new SgrStyles()));
    }

    /**
     * As {@link #begin}, in two parts: the text's end, which makes the last screen, to be fed first; then, from a
     * {@link DeferredHistory}, the rows above it, to be put in later — after the tab's shell started, say: they
     * go above anything written meanwhile. Together they leave the terminal as a replay of the whole text.
     *
     * <p>The text is split only for a terminal with Holdfast's history ({@link FastHistoryTextBuffer}), and only
     * when there is more than {@link #MIN_DEFERRED_CHARS} above a place where it can be split without changing
     * the result (see {@link DirectHistory#screenStart}); otherwise the screen part is the whole text.
     */
    public SplitReplay beginSplit(JediTerminal terminal, String text) {
        Prepared p = prepare(terminal, text);
        char[] chars = p.chars();
        SgrStyles styles = new SgrStyles();
        TerminalTextBuffer buffer = terminal.getTerminalTextBuffer();
        int split = buffer instanceof FastHistoryTextBuffer
                ? DirectHistory.screenStart(chars, p.width(), p.height(), styles) : 0;
        if (split <= MIN_DEFERRED_CHARS) {
            return new SplitReplay(new PendingReplay(terminal, chars,
                    DirectHistory.plan(chars, p.width(), p.height(), styles)), Optional.empty());
        }
        char[] screen = Arrays.copyOfRange(chars, split, chars.length);
        return new SplitReplay(new PendingReplay(terminal, screen,
                DirectHistory.plan(screen, p.width(), p.height(), styles)),
                Optional.of(new DeferredHistory((FastHistoryTextBuffer) buffer, Arrays.copyOfRange(chars, 0, split))));
    }

    /** Sanitized text between two resets, and the terminal's size. */
    private record Prepared(char[] chars, int width, int height) {
    }

    /** Sanitizes {@code text}, installs the discarding output, and reads the terminal's size. */
    private Prepared prepare(JediTerminal terminal, String text) {
        String clean = sanitizer.sanitize(text);
        int dropped = text == null ? 0 : text.length() - clean.length();
        if (dropped > 0) {
            LOG.debug("Replay: sanitizer dropped {} of {} characters", dropped, text.length());
        }
        terminal.setTerminalOutput(DISCARD);
        TerminalTextBuffer buffer = terminal.getTerminalTextBuffer();
        buffer.lock();
        try {
            return new Prepared((RESET + clean + RESET).toCharArray(), buffer.getWidth(), buffer.getHeight());
        } finally {
            buffer.unlock();
        }
    }

    /**
     * Writes the dim line {@code ── restored <date-time> ──} and a line break, on a line of its own: it first
     * ends the current line if the cursor is not at its start (the replayed text ends without a line break).
     */
    public void separator(JediTerminal terminal) {
        separator(terminal, restoredNow());
    }

    /** "restored <now>", in the separator's format. */
    public String restoredNow() {
        return RestoreSeparators.RESTORED + separatorTime.format(ZonedDateTime.now(clock));
    }

    /**
     * Writes the dim line {@code ── <label> ──}, as {@link #separator(JediTerminal)} does. A label wider than the
     * terminal is broken between words onto as many lines as it needs, not cut inside a word by the wrap.
     */
    public void separator(JediTerminal terminal, String label) {
        String line = RestoreSeparators.line(label);
        TerminalTextBuffer buffer = terminal.getTerminalTextBuffer();
        buffer.lock();
        try {
            // Cursor columns are 1-based; past the last column means "wrap pending", which also needs a break.
            String lineBreak = terminal.getCursorX() != 1 ? "\r\n" : "";
            String lines = String.join("\r\n", betweenWords(line, buffer.getWidth()));
            char[] chars = (lineBreak + DIM + lines + RESET + "\r\n").toCharArray();
            PendingReplay.feed(terminal, chars, 0, chars.length);
        } finally {
            buffer.unlock();
        }
    }

    /** {@code text} in lines of at most {@code width} characters, broken at spaces (a longer word is cut). */
    static List<String> betweenWords(String text, int width) {
        List<String> lines = new ArrayList<>();
        StringBuilder line = new StringBuilder();
        for (String word : text.split(" ")) {
            if (line.length() > 0 && line.length() + 1 + word.length() > width) {
                lines.add(line.toString());
                line.setLength(0);
            }
            if (line.length() > 0) {
                line.append(' ');
            }
            line.append(word);
            while (width > 0 && line.length() > width) {
                lines.add(line.substring(0, width));
                line.delete(0, width);
            }
        }
        lines.add(line.toString());
        return lines;
    }
}
