package dev.holdfast.terminal.emulation;

import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Coloured text written a row of runs at a time, straight into the model ({@code DirectText}, with the wrap's
 * cheap row end {@code LineEnds}), builds the model the library builds: compared with the library's emulator
 * behind the normaliser (the path before Holdfast's parser), and with Holdfast's parser writing every run
 * through the library's {@code writeCharacters} (the path before this one), with and without Holdfast's
 * corrections. Each case is fed whole and again cut into small random chunks, so runs meet chunk ends, and is
 * compared cell by cell with the model's state after every chunk.
 */
class RowOfRunsTest {
    private static final String ESC = "\u001b";
    private static final String RED = ESC + "[31m";
    private static final String GREEN_ON_BLUE = ESC + "[32;44m";
    private static final String BOLD = ESC + "[1m";
    private static final String RESET = ESC + "[0m";

    @Test
    void aColouredLineThatFillsTheRowExactlyWrapsAtTheNextCharacter() throws InterruptedException {
        // 20 columns: four 5-cell runs fill the row, the pending wrap survives a style change, then text wraps.
        same(20, 5, RED + "aaaaa" + GREEN_ON_BLUE + "bbbbb" + BOLD + "ccccc" + RESET + "ddddd" + RED + "e"
                + GREEN_ON_BLUE + "fff\r\n" + "x".repeat(20) + RED + GREEN_ON_BLUE + "y\r\n");
    }

    @Test
    void aLongColouredLineWrapsOverManyRowsAndScrollsIntoTheHistory() throws InterruptedException {
        StringBuilder text = new StringBuilder();
        String[] styles = {RED, GREEN_ON_BLUE, BOLD, RESET, ESC + "[38;5;208m", ESC + "[38;2;1;2;3;48;5;17m"};
        for (int line = 0; line < 30; line++) {
            for (int run = 0; run < 40; run++) {
                text.append(styles[(line + run) % styles.length]).append("w".repeat(1 + (run * 7 + line) % 9));
            }
            text.append(RESET).append("\r\n");
        }
        same(23, 6, text.toString());
        same(80, 24, text.toString());
    }

    @Test
    void wideCharactersAtTheRowsEdgeBetweenColouredAsciiRuns() throws InterruptedException {
        same(10, 4, RED + "abcdefghi" + GREEN_ON_BLUE + "\u4e2d\u6587" + RED + "xy" + BOLD + "\ud83d\ude00z"
                + RESET + "e\u0301" + RED + "\u0301tail" + "\r\n" + GREEN_ON_BLUE + "123456789\u4e2d" + RED + "q\r\n");
    }

    @Test
    void withAutowrapOffTextStaysOnItsRow() throws InterruptedException {
        same(12, 4, ESC + "[?7l" + RED + "abcdefgh" + GREEN_ON_BLUE + "ijklmnop" + BOLD + "qrstuvwxyz" + RESET
                + "\r\n" + "0123456789AB" + RED + "CD" + ESC + "[?7h" + GREEN_ON_BLUE + "EFGHIJKLMNOP\r\n");
    }

    @Test
    void inInsertModeColouredRunsAreInserted() throws InterruptedException {
        same(16, 4, "0123456789abcdef" + ESC + "[1;4H" + ESC + "[4h" + RED + "ins" + GREEN_ON_BLUE + "ert"
                + ESC + "[4l" + BOLD + "over" + ESC + "[2;1H" + "tail end" + ESC + "[4h" + RED + "XX" + ESC + "[4l"
                + RESET + "\r\n");
    }

    @Test
    void inAScrollRegionWrappedTextScrollsTheRegionOnly() throws InterruptedException {
        StringBuilder text = new StringBuilder("top line\r\n");
        text.append(ESC).append("[3;6r").append(ESC).append("[6;1H");
        for (int i = 0; i < 12; i++) {
            text.append(i % 2 == 0 ? RED : GREEN_ON_BLUE).append("region text ").append(i).append(BOLD)
                    .append(" more words to wrap").append(RESET);
        }
        // Outside the region: above it and below it.
        text.append(ESC).append("[1;1H").append(RED).append("above the region, long enough to wrap")
                .append(ESC).append("[8;3H").append(GREEN_ON_BLUE).append("below the region, long enough to wrap twice")
                .append(RESET);
        same(14, 9, text.toString());
    }

    @Test
    void inOriginModeTextWrapsAtTheRegionsBottom() throws InterruptedException {
        StringBuilder text = new StringBuilder(ESC + "[2;5r" + ESC + "[?6h" + ESC + "[4;1H");
        for (int i = 0; i < 8; i++) {
            text.append(RED).append("origin ").append(GREEN_ON_BLUE).append("mode ").append(i);
        }
        text.append(ESC).append("[?6l").append(ESC).append("[r").append(RESET).append("after");
        same(12, 7, text.toString());
    }

    @Test
    void aStyleChangeMidLineAndSequencesWithoutEffectKeepTheRowsRuns() throws InterruptedException {
        same(30, 4, "plain " + RED + "red" + ESC + "[9m" + " still red" + ESC + "[31m" + " same" + RESET
                + " back " + ESC + "[1;31;42m" + "three" + ESC + "[22m" + "two" + ESC + "[m" + "none" + "\r\n"
                + BOLD + ESC + "[0m" + RED + "x" + ESC + "[39m" + ESC + "[31m" + "y\r\n");
    }

    @Test
    void textAfterALineFeedUnwrapsTheRowAboveAsTheLibraryDoes() throws InterruptedException {
        // A wrapped row, a line feed from the next row's start, then text: the library clears the wrap flag of
        // the row above the cursor at the first text after a line feed.
        same(10, 5, RED + "0123456789" + GREEN_ON_BLUE + "abc" + ESC + "[2;1H" + "\n" + BOLD + "x" + RED + "yz"
                + "\r\n" + GREEN_ON_BLUE + "0123456789" + RED + "\n" + "after");
    }

    @Test
    void aRowWithBlankCellsBeforeItsTextIsCutAtTheWrapAsTheLibraryCutsIt() throws InterruptedException {
        // CUF over fresh cells leaves blank runs before the text: the library's cut at the wrap turns them into
        // spaces; a row narrowed by a resize is longer than the screen and is cut too.
        same(12, 4, ESC + "[5C" + RED + "abc" + ESC + "[2C" + GREEN_ON_BLUE + "de" + BOLD + "fghij" + RESET
                + "\r\n" + ESC + "[2K" + ESC + "[3C" + RED + "x" + ESC + "[4C" + GREEN_ON_BLUE + "yyyy" + BOLD + "zz\r\n");
    }

    @Test
    void pendingWrapThenCharacterSetsAndLineDrawing() throws InterruptedException {
        same(10, 4, RED + "0123456789" + ESC + "(0" + GREEN_ON_BLUE + "lqqk" + ESC + "(B" + RED + "ab" + ESC + "N"
                + "c" + BOLD + "def" + ESC + ")0" + "\u000e" + "qq" + "\u000f" + RESET + "gh\r\n");
    }

    // ---- the comparisons ----

    /** Every way of writing the text builds the same model, fed whole and in random chunks. */
    private static void same(int columns, int rows, String text) throws InterruptedException {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        List<List<byte[]>> feeds = List.of(List.of(bytes), chunks(bytes, new Random(text.hashCode())));
        for (List<byte[]> chunks : feeds) {
            // Holdfast's reading with the library's terminal, against the library's own emulator.
            compare(new DifferentialTerminal(EmulatorParser.HOLDFAST, false, columns, rows, 50),
                    new DifferentialTerminal(EmulatorParser.JEDITERM, columns, rows, 50), chunks);
            // Rows of runs against runs one by one, as the library's terminal and as Holdfast corrects it.
            for (boolean corrected : new boolean[] {false, true}) {
                compare(new DifferentialTerminal(EmulatorParser.HOLDFAST, corrected, columns, rows, 50),
                        DifferentialTerminal.runByRun(corrected, columns, rows, 50), chunks);
            }
        }
    }

    private static void compare(DifferentialTerminal rows, DifferentialTerminal reference, List<byte[]> chunks)
            throws InterruptedException {
        try (rows; reference) {
            int n = 0;
            for (byte[] chunk : chunks) {
                rows.feed(chunk);
                reference.feed(chunk);
                rows.awaitIdle();
                reference.awaitIdle();
                n++;
                assertNull(ModelComparison.full(rows, reference), "after chunk " + n + " of " + chunks.size());
            }
        }
    }

    private static List<byte[]> chunks(byte[] bytes, Random random) {
        List<byte[]> out = new ArrayList<>();
        int at = 0;
        while (at < bytes.length) {
            int n = Math.min(bytes.length - at, 1 + random.nextInt(7));
            byte[] chunk = new byte[n];
            System.arraycopy(bytes, at, chunk, 0, n);
            out.add(chunk);
            at += n;
        }
        return out;
    }
}
