package dev.holdfast.terminal.vt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class VtParserTest {
    private static final String E = "\u001b";

    /** Writes down every call, with the sequence's parts as the handler sees them. */
    static class Recorder implements VtHandler {
        final List<String> calls = new ArrayList<>();

        @Override
        public void print(char[] text, int from, int to) {
            calls.add("print " + new String(text, from, to - from));
        }

        @Override
        public void inputEnd() {
        }

        @Override
        public void execute(char control) {
            calls.add("execute " + (int) control);
        }

        @Override
        public void escDispatch(VtSequence sequence) {
            calls.add("esc " + describe(sequence));
        }

        @Override
        public void csiDispatch(VtSequence sequence) {
            calls.add("csi " + describe(sequence));
        }

        @Override
        public void oscDispatch(char[] payload, int length, boolean bellTerminated) {
            calls.add("osc " + new String(payload, 0, length) + (bellTerminated ? " (BEL)" : " (ST)"));
        }

        @Override
        public void dcsDispatch(VtSequence header, char[] data, int length) {
            calls.add("dcs " + describe(header) + " data " + new String(data, 0, length));
        }

        static String describe(VtSequence s) {
            StringBuilder out = new StringBuilder();
            if (s.marker() != 0) {
                out.append(s.marker());
            }
            out.append('[');
            for (int i = 0; i < s.paramCount(); i++) {
                if (i > 0) {
                    out.append(' ');
                }
                for (int v = 0; v < s.valueCount(i); v++) {
                    if (v > 0) {
                        out.append(':');
                    }
                    int value = s.value(i, v, -1);
                    out.append(value < 0 ? "_" : String.valueOf(value));
                }
            }
            out.append(']');
            for (int i = 0; i < Math.min(s.intermediateCount(), VtSequence.MAX_INTERMEDIATES); i++) {
                out.append(s.intermediate(i));
            }
            return out.append(s.finalChar() == 0 ? "<none>" : String.valueOf(s.finalChar())).toString();
        }
    }

    private static List<String> parse(String... chunks) {
        Recorder recorder = new Recorder();
        VtParser parser = new VtParser(recorder);
        for (String chunk : chunks) {
            parser.advance(chunk.toCharArray(), 0, chunk.length());
        }
        return recorder.calls;
    }

    @Test
    void printableTextGoesToTheHandlerAsWholeRunsCutOnlyByControlsAndSequences() {
        assertEquals(List.of("print hello, wörld 中文 😀", "execute 13", "execute 10", "print next",
                "csi [1]m", "print bold"), parse("hello, wörld 中文 😀\r\nnext" + E + "[1mbold"));
    }

    @Test
    void parametersKeepColonSubParametersAndEmptyValues() {
        assertEquals(List.of("csi [38:2:_:255:0:0 4:3 _ 1]m"), parse(E + "[38:2::255:0:0;4:3;;1m"));
        assertEquals(List.of("csi []m", "csi [_ _]m", "csi ?[1049]h", "csi >[]c", "csi [2] q", "csi []!p"),
                parse(E + "[m" + E + "[;m" + E + "[?1049h" + E + "[>c" + E + "[2 q" + E + "[!p"));
        assertEquals(List.of("csi [65535]A"), parse(E + "[99999999999A"), "numbers are capped, never overflow");
    }

    @Test
    void aSequenceSplitAnywhereParsesAsTheWhole() {
        String text = "a" + E + "[38:5:196;1mb" + E + "]8;id=1;https://x/y;z" + E + "\\c" + E + "P1$qm" + E + "\\d"
                + E + "(0e" + E + "_kitty" + E + "\\f\u4E2D";
        List<String> whole = joinPrints(parse(text));
        for (int cut = 1; cut < text.length(); cut++) {
            assertEquals(whole, joinPrints(parse(text.substring(0, cut), text.substring(cut))), "cut at " + cut);
        }
        for (int size = 1; size <= 3; size++) {
            List<String> pieces = new ArrayList<>();
            for (int i = 0; i < text.length(); i += size) {
                pieces.add(text.substring(i, Math.min(text.length(), i + size)));
            }
            assertEquals(whole, joinPrints(parse(pieces.toArray(String[]::new))), "pieces of " + size);
        }
    }

    /** A run cut by the end of a chunk arrives as two prints; joined, they are the run. */
    private static List<String> joinPrints(List<String> calls) {
        List<String> joined = new ArrayList<>();
        for (String call : calls) {
            int last = joined.size() - 1;
            if (call.startsWith("print ") && last >= 0 && joined.get(last).startsWith("print ")) {
                joined.set(last, joined.get(last) + call.substring("print ".length()));
            } else {
                joined.add(call);
            }
        }
        return joined;
    }

    @Test
    void controlsInsideAControlSequenceRunJustBeforeItUnlessItIsCancelled() {
        assertEquals(List.of("execute 8", "csi [2]C"), parse(E + "[2\bC"));
        assertEquals(List.of("execute 13", "csi [2]C"), parse(E + "[\r2C"));
        assertEquals(List.of("print after"), parse(E + "[1\b2\u0018after"), "CAN cancels it, controls and all");
        assertEquals(List.of("print after"), parse(E + "[1\b2\u001aafter"), "so does SUB");
        assertEquals(List.of("csi [31]m", "print x"), parse(E + "[1\b;2" + E + "[31mx"), "ESC starts anew");
    }

    @Test
    void aControlSequenceLongerThanItsBoundIsDroppedWholeWithoutBuffering() {
        String within = "1;".repeat(VtParser.MAX_CONTROL_SEQUENCE_CHARS / 2 - 1) + "12";
        assertEquals(VtParser.MAX_CONTROL_SEQUENCE_CHARS, within.length());
        assertEquals(1, parse(E + "[" + within + "H").size(), "at the bound it is dispatched");
        assertEquals(List.of("print after"), parse(E + "[" + within + "\b1H", "after"),
                "one past it, it is dropped, its controls with it");
        assertEquals(List.of("print after"), parse(E + "[" + "9".repeat(100_000) + "mafter"));
    }

    @Test
    void stringsEndAtBelOrStAndAnEscapeThatIsNoStAbandonsThem() {
        assertEquals(List.of("osc 0;title (BEL)", "osc 2;other (ST)", "osc 8;;u (ST)"),
                parse(E + "]0;title\u0007" + E + "]2;other" + E + "\\" + E + "]8;;u\u009c"));
        assertEquals(List.of("esc []7", "print x"), parse(E + "]0;never" + E + "7x"));
        assertEquals(List.of("print x"), parse(E + "]0;cancelled\u0018x"));
        String payload = "0;" + "t".repeat(VtParser.MAX_STRING_CHARS - 2);
        assertEquals(List.of("osc " + payload + " (BEL)"), parse(E + "]" + payload + "\u0007"));
        assertEquals(List.of("print x"), parse(E + "]" + payload + "t\u0007x"), "one char too long: dropped");
    }

    @Test
    void deviceControlStringsCarryTheirHeaderAndData() {
        assertEquals(List.of("dcs [1]$q data m", "print x"), parse(E + "P1$qm" + E + "\\x"));
        assertEquals(List.of("dcs []+q data 544e"), parse(E + "P+q544e\u0007"));
        assertEquals(List.of("dcs [1 2]<none> data "), parse(E + "P1;2" + E + "\\"), "a header that never ended");
    }

    @Test
    void apcPmAndSosStringsAreSkippedWhateverTheyHold() {
        assertEquals(List.of("print a", "print b"), parse("a" + E + "_Gf=100;AAAA\u0007", "b"));
        assertEquals(List.of("print c"), parse(E + "^private message" + E + "\\c"));
        assertEquals(List.of("print d"), parse(E + "Xstring" + E + "\\d"));
    }

    @Test
    void escapeSequencesTakeIntermediatesAndAnEscapeCancelsTheOneBefore() {
        assertEquals(List.of("esc [](0", "esc []#8", "esc []7", "esc []c"),
                parse(E + "(0" + E + "#8" + E + E + "7" + E + "c"));
        assertEquals(List.of("print x"), parse(E + "\u0018x"), "ESC CAN drops both");
    }

    @Test
    void deleteAndC1ControlsAreNeverPrinted() {
        assertEquals(List.of("print ab", "print cd"), parse("ab\u007fcd"));
        assertEquals(List.of("print ab", "print cd"), parse("ab\u009bcd"));
    }

    @Test
    void parsingAllocatesNothingInAnyState() {
        VtHandler quiet = new VtHandler() {
            @Override
            public void print(char[] text, int from, int to) {
            }

            @Override
            public void inputEnd() {
            }

            @Override
            public void execute(char control) {
            }

            @Override
            public void escDispatch(VtSequence sequence) {
            }

            @Override
            public void csiDispatch(VtSequence sequence) {
            }

            @Override
            public void oscDispatch(char[] payload, int length, boolean bellTerminated) {
            }

            @Override
            public void dcsDispatch(VtSequence header, char[] data, int length) {
            }
        };
        char[] text = ("plain text \u4E2D\u6587 " + E + "[1;38;5;196;48:2::1:2:3mred" + E + "[0m\r\n" + E + "[12;40H"
                + E + "]0;title\u0007" + E + "P1$qm" + E + "\\" + E + "_apc" + E + "\\" + E + "(0lqk" + E + "(B"
                + E + "[?1049h" + E + "[2\bC").repeat(200).toCharArray();
        VtParser parser = new VtParser(quiet);
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        for (int i = 0; i < 200; i++) {
            parser.advance(text, 0, text.length); // warm up: let the JIT compile it
        }
        long before = threads.getThreadAllocatedBytes(Thread.currentThread().getId());
        for (int i = 0; i < 20; i++) {
            parser.advance(text, 0, text.length);
        }
        long allocated = threads.getThreadAllocatedBytes(Thread.currentThread().getId()) - before;
        assertTrue(allocated < 1024, allocated + " bytes allocated parsing " + 20 * text.length + " chars");
    }
}
