package dev.holdfast.terminal.screen;

import java.util.List;
import java.util.regex.Pattern;

/**
 * The volatile-text tables, one per program, as data: what the fingerprint ignores because it changes without
 * the tab changing. Shapes from {@code agent-formats.md} (sections 1.4 and Claude Code's "Volatile text") and from
 * what shells and their prompts print. Agent tables run before the shell table, whose generic time patterns
 * would otherwise eat the numbers the agent patterns anchor on.
 */
public final class VolatilePatterns {
    private VolatilePatterns() {
    }

    /** Any screen: spinners, elapsed-time counters, clocks in prompts, a drawn cursor. */
    public static final VolatileTable SHELL = new VolatileTable("shell", List.of(
            // One braille cell alone is a spinner frame; a run of them is a graph or braille art, and stays.
            VolatilePattern.of("shell.spinner.braille", "(?<![\u2800-\u28FF])[\u2801-\u28FF](?![\u2800-\u28FF])",
                    "⠙ Installing packages"),
            VolatilePattern.of("shell.spinner.circle", "[◐◓◑◒◴◷◶◵◰◳◲◱◜◝◞◟]", "◐ waiting for the lock"),
            VolatilePattern.of("shell.spinner.ascii", "(?<=\\s)[|/\\\\-]$", "Resolving dependencies... /"),
            VolatilePattern.of("shell.clock",
                    "(?<![\\d:])\\d{1,2}:\\d{2}(?::\\d{2})?(?:[.,]\\d+)?(?:\\s?[AaPp][Mm])?(?![\\d:])",
                    "[14:03:27] ~/src $"),
            VolatilePattern.of("shell.elapsed",
                    "(?<![\\w.])\\d+(?:[.,]\\d+)?(?:ms|s|m|h|d)(?:\\s?\\d+(?:[.,]\\d+)?(?:ms|s|m|h))*(?!\\w)",
                    "Compiling (1m 3s)"),
            VolatilePattern.of("shell.elapsed.words",
                    "(?<![\\w.])\\d+(?:[.,]\\d+)?\\s?(?:seconds?|secs?|minutes?|mins?|hours?)\\b",
                    "elapsed: 12 seconds"),
            VolatilePattern.removing("shell.cursor", "[█▌▐▋▍▎▏▊▉]$", "› type your request█")));

    /** OpenAI Codex: its status line, "worked for" rule, usage limits and context footer. */
    public static final VolatileTable CODEX = new VolatileTable("Codex", List.of(
            VolatilePattern.of("codex.status",
                    "^\\s*[•◦]\\s+.+?\\s\\((?:\\d+h )?(?:\\d+m )?\\d+s(?: • [Ee]sc to interrupt)?\\)",
                    "• Working (12s • esc to interrupt)"),
            VolatilePattern.of("codex.done", "^\\s*─+ Worked for (?:\\d+h )?(?:\\d+m )?\\d+s ─*$",
                    "─ Worked for 1m 3s ──────────────"),
            VolatilePattern.of("codex.limits", "\\b(?:5h|weekly|\\d+[hd]) \\d{1,3}%(?: left\\b)?",
                    "gpt-5.3-codex high · weekly 42% left · 5h 80% left"),
            VolatilePattern.of("codex.context", "\\b\\d{1,3}% (?:context )?left\\b",
                    "? for shortcuts · 57% context left"),
            VolatilePattern.removing("codex.interrupt", "\\s*[•·]?\\s*[Ee]sc to interrupt", "tab to queue · esc to interrupt")));

    /** Anthropic Claude Code: its spinner line, "for 12s" line, mode line and context warnings. */
    public static final VolatileTable CLAUDE_CODE = new VolatileTable("Claude Code", List.of(
            VolatilePattern.of("claude.spinner", "^\\s*[·✢✳✶✻✽*]\\s+\\S.{0,40}?(?:…|\\.\\.\\.)\\s*\\([^()]*\\)",
                    "✻ Thinking… (12s · ↑ 1.2k tokens · esc to interrupt)"),
            VolatilePattern.of("claude.done", "^\\s*✻ \\w+ for (?:\\d+h )?(?:\\d+m )?\\d+s", "✻ Worked for 1m 3s"),
            VolatilePattern.of("claude.mode",
                    "\\? for shortcuts|⏵⏵ [^()]*\\(shift\\+tab to cycle\\)|⏸ [^()]*\\(shift\\+tab to cycle\\)",
                    "  ⏵⏵ accept edits on (shift+tab to cycle)"),
            VolatilePattern.of("claude.context",
                    "Context left until auto-compact: \\d{1,3}%|Context low \\(\\d{1,3}% remaining\\)",
                    "Context low (8% remaining) · Run /compact to compact & continue")));

    private static final List<VolatileTable> FOR_SHELL = List.of(SHELL);
    private static final List<VolatileTable> FOR_CODEX = List.of(CODEX, SHELL);
    private static final List<VolatileTable> FOR_CLAUDE = List.of(CLAUDE_CODE, SHELL);
    // A program not recognised may be an agent behind a wrapper (npx, a script): its footers must not tick either.
    private static final List<VolatileTable> FOR_OTHER = List.of(CODEX, CLAUDE_CODE, SHELL);

    /** The tables applied, in order, to a screen where {@code kind} runs. */
    public static List<VolatileTable> tablesFor(ProgramKind kind) {
        return switch (kind) {
            case SHELL -> FOR_SHELL;
            case CODEX -> FOR_CODEX;
            case CLAUDE_CODE -> FOR_CLAUDE;
            case OTHER -> FOR_OTHER;
        };
    }

    private static final Pattern TITLE_SPINNER = Pattern.compile("[\u2801-\u28FF◐◓◑◒◴◷◶◵◰◳◲◱◜◝◞◟]");

    /**
     * A window title without its spinner (Codex animates a braille frame in front of "Working"), for a card:
     * the title then changes when the program's state does, not ten times a second.
     */
    public static String cleanTitle(String title) {
        if (title == null) {
            return "";
        }
        return TITLE_SPINNER.matcher(title).replaceAll("").replaceAll("\\s+", " ").strip();
    }
}
