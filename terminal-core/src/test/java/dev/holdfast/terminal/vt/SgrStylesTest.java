package dev.holdfast.terminal.vt;

import static dev.holdfast.terminal.scrollback.HeadlessModel.color;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.techsenger.jeditermfx.core.TerminalColor;
import com.techsenger.jeditermfx.core.TextStyle;
import com.techsenger.jeditermfx.core.emulator.ColorPalette;
import java.lang.management.ManagementFactory;
import java.util.EnumSet;
import org.junit.jupiter.api.Test;

class SgrStylesTest {
    private final SgrStyles styles = new SgrStyles();

    /** The style after {@code params} (what is between {@code ESC [} and {@code m}) from {@code current}. */
    private TextStyle sgr(TextStyle current, String params) {
        VtSequence[] captured = new VtSequence[1];
        new VtParser(new VtParserTest.Recorder() {
            @Override
            public void csiDispatch(VtSequence sequence) {
                captured[0] = sequence;
            }
        }).advance(("\u001b[" + params + "m").toCharArray(), 0, params.length() + 3);
        return styles.apply(current, captured[0]);
    }

    private TextStyle sgr(String params) {
        return sgr(TextStyle.EMPTY, params);
    }

    @Test
    void colonSubParametersAreReadAsTheStandardMeansThem() {
        assertTrue(sgr("4:3").hasOption(TextStyle.Option.UNDERLINED), "curly underline underlines");
        assertFalse(sgr(sgr("4"), "4:0").hasOption(TextStyle.Option.UNDERLINED), "4:0 ends it");
        assertEquals("rgb 255,0,0", color(sgr("38:2::255:0:0").getForeground()), "with a colour space");
        assertEquals("rgb 1,2,3", color(sgr("48:2:1:2:3").getBackground()), "without one");
        assertEquals(color(ColorPalette.getIndexedTerminalColor(196)), color(sgr("38:5:196").getForeground()));
        assertEquals("index 3", color(sgr("38;5;3").getForeground()), "the first 16 stay palette entries");
    }

    @Test
    void emptyParametersAreZeroAndAnSgrWithNothingTheModelCanCarryChangesNothing() {
        TextStyle bold = sgr("1");
        assertFalse(sgr(bold, ";4").hasOption(TextStyle.Option.BOLD), "an empty first parameter resets");
        assertTrue(sgr(bold, ";4").hasOption(TextStyle.Option.UNDERLINED));
        assertEquals(new TextStyle(), sgr(bold, ""), "ESC[m resets");
        assertNull(sgr(bold, "53"), "overline: nothing the model has; not a reset");
        assertNull(sgr(bold, "53;58;5;1;10000"), "overline, underline colour, an out-of-range code");
        assertNull(sgr(bold, "38;2;300;0;0"), "an out-of-range colour is dropped with its arguments");
        assertFalse(sgr("38;2;300;0;0;1").hasOption(TextStyle.Option.DIM), "which are never codes of their own");
        assertTrue(sgr("21").hasOption(TextStyle.Option.UNDERLINED), "double underline underlines");
    }

    @Test
    void nineCrossesTextOutKeepingEverythingElseAndTwentyNineOrAResetEndsIt() {
        TextStyle boldRed = sgr("1;31");
        TextStyle crossed = sgr(boldRed, "9");

        assertTrue(CrossedOutTextStyle.isCrossedOut(crossed));
        assertTrue(crossed.hasOption(TextStyle.Option.BOLD), "the options stay");
        assertEquals("index 1", color(crossed.getForeground()), "the colours stay");
        assertNotEquals(boldRed, crossed, "a crossed-out style is another style: its cells are another run");
        assertSame(crossed, sgr("1;31;9"), "one shared object per rendition, crossed out or not");
        assertTrue(CrossedOutTextStyle.isCrossedOut(sgr(crossed, "32")), "a colour change keeps it");
        assertTrue(CrossedOutTextStyle.isCrossedOut(sgr(crossed, "38;5;9")), "9 as a colour's argument is a colour");
        assertEquals(boldRed, sgr(crossed, "29"), "29 ends it, and only it");
        assertFalse(CrossedOutTextStyle.isCrossedOut(sgr(crossed, "0")), "a reset ends it");
        assertFalse(CrossedOutTextStyle.isCrossedOut(sgr("38;5;9")), "a 256-colour index 9 crosses nothing out");
    }

    @Test
    void eachRenditionIsOneSharedStyleThatIsNeverTheLibrarysEmpty() {
        TextStyle red = sgr("31");
        assertSame(red, sgr("0;31"), "the same rendition, the same object");
        assertSame(red, sgr(sgr("1"), "0;31"));
        assertEquals(new TextStyle(TerminalColor.index(1), null, EnumSet.noneOf(TextStyle.Option.class)), red);
        TextStyle plain = sgr("0");
        assertEquals(TextStyle.EMPTY, plain);
        // The library joins cells into runs by style identity: text must never share the blank gaps' EMPTY.
        assertNotSame(TextStyle.EMPTY, plain);
    }

    @Test
    void aFloodOfNewRenditionsStartsTheCacheOverInsteadOfGrowingIt() {
        TextStyle first = sgr("38;2;0;0;0");
        for (int i = 1; i <= SgrStyles.CAPACITY + 10; i++) {
            sgr("38;2;" + (i >> 16 & 255) + ";" + (i >> 8 & 255) + ";" + (i & 255));
        }
        TextStyle again = sgr("38;2;0;0;0");
        assertEquals(first, again);
        assertNotSame(first, again, "the table was started over");
    }

    @Test
    void anSgrOfARenditionSeenBeforeAllocatesNothing() {
        VtSequence[] sequences = new VtSequence[4];
        String[] params = {"1;38;5;196", "0", "48:2::10:20:30;4:3", "22;39;49"};
        TextStyle[] results = new TextStyle[4];
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        for (int k = 0; k < params.length; k++) {
            int at = k;
            String text = "\u001b[" + params[k] + "m";
            new VtParser(new VtParserTest.Recorder() {
                @Override
                public void csiDispatch(VtSequence sequence) {
                    VtSequence copy = sequence; // the parser's own, refilled per sequence: parse one per parser
                    sequences[at] = copy;
                }
            }).advance(text.toCharArray(), 0, text.length());
        }
        TextStyle current = TextStyle.EMPTY;
        for (int i = 0; i < 100_000; i++) {
            current = styles.apply(current, sequences[i % 4]);
        }
        long before = threads.getThreadAllocatedBytes(Thread.currentThread().getId());
        for (int i = 0; i < 100_000; i++) {
            TextStyle next = styles.apply(current, sequences[i % 4]);
            results[i % 4] = next;
            current = next;
        }
        long allocated = threads.getThreadAllocatedBytes(Thread.currentThread().getId()) - before;
        assertTrue(allocated < 1024, allocated + " bytes for 100,000 SGRs");
        assertTrue(results[0].hasOption(TextStyle.Option.BOLD));
    }
}
