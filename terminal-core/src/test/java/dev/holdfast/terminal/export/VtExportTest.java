package dev.holdfast.terminal.export;

import static dev.holdfast.terminal.export.VtText.assertVtEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.techsenger.jeditermfx.core.TerminalColor;
import com.techsenger.jeditermfx.core.TextStyle;
import java.util.List;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class VtExportTest {
    private static final String ESC = "\u001b";
    private final VtExport export = new VtExport(new SgrFormatter());

    private static String exportOf(String output) {
        return new HeadlessTerminal(80, 24, 1_000).feed(output).export();
    }

    private static CapturedLines.Line row(boolean wrapped, CapturedLines.Run... runs) {
        return new CapturedLines.Line(List.of(runs), wrapped);
    }

    private static CapturedLines.Run plain(String text) {
        return new CapturedLines.Run(text, TextStyle.EMPTY);
    }

    private String format(int columns, CapturedLines.Line... rows) {
        return export.format(new CapturedLines(List.of(rows), 0, columns, OptionalInt.empty()));
    }

    @Test
    void plainTextLinesAreJoinedWithCrLf() {
        assertVtEquals("hello world\r\nsecond line", exportOf("hello world\r\nsecond line"));
    }

    @Test
    void sixteenColoursAndAttributesUseTheirShortCodes() {
        // The space is written before the reset: a blank looks the same either way, and it saves a switch.
        assertVtEquals(ESC + "[1;31mred " + ESC + "[0mplain", exportOf(ESC + "[1;31mred" + ESC + "[0m plain"));
        assertVtEquals(ESC + "[94;103mA" + ESC + "[0m", exportOf(ESC + "[38;5;12;48;5;11mA"));
        for (int code : new int[] {1, 2, 3, 4, 7, 8}) {
            assertVtEquals("x" + ESC + "[" + code + "mA" + ESC + "[0m", exportOf("x" + ESC + "[" + code + "mA"),
                    "SGR " + code);
        }
    }

    @Test
    void paletteAndRgbColoursKeepTheirValues() {
        // JediTerm stores palette colours above 15 as their RGB value; the export writes what the model holds.
        assertVtEquals(ESC + "[38;2;255;0;215mA" + ESC + "[48;2;1;2;3mB" + ESC + "[0m",
                exportOf(ESC + "[38;5;200mA" + ESC + "[48;2;1;2;3mB"));
        TextStyle indexed = new TextStyle(TerminalColor.index(200), TerminalColor.index(17));
        assertVtEquals(ESC + "[38;5;200;48;5;17mA" + ESC + "[0m",
                format(80, row(false, new CapturedLines.Run("A", indexed))));
    }

    @Test
    void onlyWhatChangesIsSwitchedBetweenRuns() {
        assertVtEquals(ESC + "[1mA" + ESC + "[3mB" + ESC + "[22mC" + ESC + "[0m",
                exportOf(ESC + "[1mA" + ESC + "[1;3mB" + ESC + "[22mC"));
    }

    @Test
    void everyStyledLineEndsWithAResetAndTheNextStartsAfresh() {
        assertVtEquals(ESC + "[31mred" + ESC + "[0m\r\n" + ESC + "[31mnext" + ESC + "[0m",
                exportOf(ESC + "[31mred\r\nnext"));
    }

    @Test
    void wrappedRowsAreRejoinedSoTheLineReflows() {
        String longLine = "0123456789".repeat(25);
        assertVtEquals(longLine + "\r\nafter", exportOf(longLine + "\r\nafter"));
    }

    @Test
    void wideCharactersAreWrittenOnce() {
        assertVtEquals("a中文b 😀!", exportOf("a中文b 😀!"));
    }

    @Test
    void aFillerCellWithoutItsWideCharacterBecomesASpace() {
        assertVtEquals("a bc", format(80, row(false, plain("a\uE000bc"))));
        assertVtEquals("a c", exportOf("中c\ra"), "'a' overwrote the first half of the wide character");
    }

    @Test
    void trailingUnstyledBlanksAreTrimmedButVisibleOnesKept() {
        assertVtEquals("abc\r\nd", exportOf("abc   \r\nd"));
        assertVtEquals("abc" + ESC + "[41m   " + ESC + "[0m", exportOf("abc" + ESC + "[41m   "));
        assertVtEquals("abc" + ESC + "[4m  " + ESC + "[0m", exportOf("abc" + ESC + "[4m  "));
        assertVtEquals("abc", exportOf("abc" + ESC + "[1;35m   "), "bold magenta spaces show nothing");
    }

    @Test
    void blanksDoNotSwitchRenditionForInvisibleDifferences() {
        assertVtEquals(ESC + "[31ma b" + ESC + "[0m", exportOf(ESC + "[31ma" + ESC + "[32m " + ESC + "[31mb"));
    }

    @Test
    void neverWrittenCellsBecomeSpacesAndControlsNeverReachTheText() {
        assertVtEquals("a  b", format(80, row(false, plain("a\0\0b"))));
        assertVtEquals("a b c", format(80, row(false, plain("a\u001bb\u009bc"))));
    }

    @Test
    void trailingBlanksAreTrimmedAcrossTheRowsOfAWrappedLine() {
        assertVtEquals("abcdefgh\r\nx", format(10, row(true, plain("abcdefgh  ")), row(false, plain("  ")),
                row(false, plain("x"))));
        assertVtEquals("abcdefgh\r\nx", new HeadlessTerminal(10, 5, 100).feed("abcdefgh     \r\nx").export());
    }
}
