package dev.holdfast.terminal.screen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;

/**
 * Each volatile pattern, with two lines that differ only in what it covers: with the program's tables the two
 * normalise alike; with that one pattern taken out they do not. So each pattern is tested, and each is needed.
 */
class VolatilePatternsTest {

    /** Pattern → program whose screens it is for, and two lines a tick apart. */
    private static final Map<String, Object[]> TICKS = Map.ofEntries(
            Map.entry("shell.spinner.braille", new Object[] {ProgramKind.SHELL,
                    "⠙ Installing packages", "⠹ Installing packages"}),
            Map.entry("shell.spinner.circle", new Object[] {ProgramKind.SHELL,
                    "◐ waiting for the lock", "◓ waiting for the lock"}),
            Map.entry("shell.spinner.ascii", new Object[] {ProgramKind.OTHER,
                    "Resolving dependencies... /", "Resolving dependencies... -"}),
            Map.entry("shell.clock", new Object[] {ProgramKind.SHELL,
                    "[14:03:27] ann@box ~/src $", "[14:03:28] ann@box ~/src $"}),
            Map.entry("shell.elapsed", new Object[] {ProgramKind.OTHER,
                    "Building holdfast (1m 3s)", "Building holdfast (1m 4s)"}),
            Map.entry("shell.elapsed.words", new Object[] {ProgramKind.OTHER,
                    "elapsed: 12 seconds", "elapsed: 13 seconds"}),
            Map.entry("shell.cursor", new Object[] {ProgramKind.OTHER,
                    "› type your request█", "› type your request"}),
            Map.entry("codex.status", new Object[] {ProgramKind.CODEX,
                    "• Working (12s • esc to interrupt)", "• Reading files (13s • esc to interrupt)"}),
            Map.entry("codex.done", new Object[] {ProgramKind.CODEX,
                    "─ Worked for 59s ─────────────", "─ Worked for 1m 0s ───────────"}),
            Map.entry("codex.limits", new Object[] {ProgramKind.CODEX,
                    "gpt-5.3-codex high · weekly 42% · 5h 80% · ~/proj",
                    "gpt-5.3-codex high · weekly 41% · 5h 79% · ~/proj"}),
            Map.entry("codex.context", new Object[] {ProgramKind.CODEX,
                    "? for shortcuts · 57% context left", "? for shortcuts · 56% context left"}),
            Map.entry("codex.interrupt", new Object[] {ProgramKind.CODEX,
                    "⏎ send   ⌃J newline   esc to interrupt", "⏎ send   ⌃J newline"}),
            Map.entry("claude.spinner", new Object[] {ProgramKind.CLAUDE_CODE,
                    "✻ Thinking… (12s · ↑ 1.2k tokens · esc to interrupt)",
                    "✢ Pondering… (13s · ↓ 1.4k tokens · esc to interrupt)"}),
            Map.entry("claude.done", new Object[] {ProgramKind.CLAUDE_CODE,
                    "✻ Worked for 59s", "✻ Baked for 1m 0s"}),
            Map.entry("claude.mode", new Object[] {ProgramKind.CLAUDE_CODE,
                    "  ⏵⏵ accept edits on (shift+tab to cycle)", "  ? for shortcuts"}),
            Map.entry("claude.context", new Object[] {ProgramKind.CLAUDE_CODE,
                    "Context left until auto-compact: 12%", "Context left until auto-compact: 11%"}));

    private static final List<VolatileTable> ALL_TABLES =
            List.of(VolatilePatterns.SHELL, VolatilePatterns.CODEX, VolatilePatterns.CLAUDE_CODE);

    static Stream<Arguments> ticks() {
        return TICKS.entrySet().stream().sorted(Map.Entry.comparingByKey())
                .map(e -> Arguments.of(e.getKey(), e.getValue()[0], e.getValue()[1], e.getValue()[2]));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("ticks")
    void aTickOfThePatternLeavesTheLineUnchangedAndTheLineChangesWithoutThePattern(String name, ProgramKind kind,
                                                                                      String before, String after) {
        List<VolatileTable> tables = VolatilePatterns.tablesFor(kind);
        assertEquals(ScreenNormalizer.normalizeLine(before, tables), ScreenNormalizer.normalizeLine(after, tables),
                name + " covers the tick");
        List<VolatileTable> without = withoutPattern(tables, name);
        assertNotEquals(ScreenNormalizer.normalizeLine(before, without), ScreenNormalizer.normalizeLine(after, without),
                "without " + name + " the tick would count as a change");
    }

    @Test
    void everyPatternOfEveryTableHasATick() {
        Set<String> names = new HashSet<>();
        ALL_TABLES.forEach(t -> t.patterns().forEach(p -> names.add(p.name())));
        assertEquals(names, TICKS.keySet());
    }

    @Test
    void realChangesStayChanges() {
        List<VolatileTable> codex = VolatilePatterns.tablesFor(ProgramKind.CODEX);
        assertNotEquals(ScreenNormalizer.normalizeLine("› fix the flaky test", codex),
                ScreenNormalizer.normalizeLine("› fix the flaky tests", codex));
        List<VolatileTable> shell = VolatilePatterns.tablesFor(ProgramKind.SHELL);
        assertNotEquals(ScreenNormalizer.normalizeLine("3 passed, 0 failed", shell),
                ScreenNormalizer.normalizeLine("2 passed, 1 failed", shell));
        assertNotEquals(ScreenNormalizer.normalizeLine("Downloading 42%", shell),
                ScreenNormalizer.normalizeLine("Downloading 43%", shell), "progress is work, not noise");
        assertNotEquals(ScreenNormalizer.normalizeLine("⣿⣿⣷⣄ cpu", shell),
                ScreenNormalizer.normalizeLine("⣿⣷⣄⡀ cpu", shell), "a braille graph is content");
    }

    @Test
    void codexFootersWithTheirLeftWordTickAlike() {
        List<VolatileTable> codex = VolatilePatterns.tablesFor(ProgramKind.CODEX);
        assertEquals(ScreenNormalizer.normalizeLine("gpt-5.3-codex high · weekly 42% left · 5h 80% left · ~/proj", codex),
                ScreenNormalizer.normalizeLine("gpt-5.3-codex high · weekly 41% left · 5h 79% left · ~/proj", codex));
    }

    @Test
    void anUnrecognisedProgramStillHasTheAgentFootersStripped() {
        // `npx @openai/codex` shows as node: its footer must not tick either.
        List<VolatileTable> other = VolatilePatterns.tablesFor(ProgramKind.OTHER);
        assertEquals(ScreenNormalizer.normalizeLine("gpt-5 · weekly 42% left", other),
                ScreenNormalizer.normalizeLine("gpt-5 · weekly 41% left", other));
    }

    @Test
    void titlesLoseTheirSpinner() {
        assertEquals("Working", VolatilePatterns.cleanTitle("⠋ Working"));
        assertEquals("Working", VolatilePatterns.cleanTitle("⠙  Working "));
        assertEquals("vim notes.md", VolatilePatterns.cleanTitle("vim notes.md"));
        assertEquals("", VolatilePatterns.cleanTitle(null));
    }

    @Test
    void everyPatternMatchesItsOwnExample() {
        for (VolatileTable table : ALL_TABLES) {
            for (VolatilePattern pattern : table.patterns()) {
                assertTrue(pattern.regex().matcher(pattern.example()).find(), pattern.name());
            }
        }
    }

    private static List<VolatileTable> withoutPattern(List<VolatileTable> tables, String name) {
        List<VolatileTable> result = new ArrayList<>();
        for (VolatileTable table : tables) {
            result.add(new VolatileTable(table.program(),
                    table.patterns().stream().filter(p -> !p.name().equals(name)).toList()));
        }
        return result;
    }
}
