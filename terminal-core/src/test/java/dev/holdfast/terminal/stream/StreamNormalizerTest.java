package dev.holdfast.terminal.stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class StreamNormalizerTest {
    private static final String E = "\u001b";
    private static final String BEL = "\u0007";
    private static final String ST = E + "\\";

    /** Records hyperlink events as text. */
    private static final class Links implements HyperlinkListener {
        final List<String> events = new ArrayList<>();

        @Override
        public void hyperlinkStarted(String uri, String params) {
            events.add("start " + uri + " [" + params + "]");
        }

        @Override
        public void hyperlinkEnded() {
            events.add("end");
        }
    }

    /** Normalizes {@code chunks} in order with one normalizer and returns the concatenated output. */
    private static String normalize(StreamNormalizer normalizer, String... chunks) {
        StringBuilder all = new StringBuilder();
        for (String chunk : chunks) {
            char[] chars = chunk.toCharArray();
            StringBuilder out = new StringBuilder();
            if (normalizer.normalize(chars, 0, chars.length, out)) {
                all.append(out);
            } else {
                assertEquals(0, out.length(), "nothing appended when the chunk passes unchanged");
                all.append(chunk);
            }
        }
        return all.toString();
    }

    private static String normalize(String... chunks) {
        return normalize(new StreamNormalizer(HyperlinkListener.NONE), chunks);
    }

    private static String visible(String s) {
        return s.replace(E, "ESC").replace(BEL, "BEL");
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {
        // Colon sub-parameters.
        "[4:3m|[4m",
        "[4:1m|[4m",
        "[4:2m|[4m",
        "[4:4m|[4m",
        "[4:5m|[4m",
        "[4:0m|[24m",
        "[38:2::255:0:0m|[38;2;255;0;0m",
        "[38:2:255:0:0m|[38;2;255;0;0m",
        "[38:2:0:255:0:0m|[38;2;255;0;0m",
        "[48:2::1:2:3m|[48;2;1;2;3m",
        "[48:5:123m|[48;5;123m",
        "[38:5:7m|[38;5;7m",
        "[1;4:3;38:2::1:2:3m|[1;4;38;2;1;2;3m",
        "[1;58:2::1:2:3;4m|[1;4m",
        "[4:3;58:2::255:0:0m|[4m",
        // Codes the library cannot show, removed with nothing else.
        "[1;9;31m|[1;31m",
        "[29;32m|[32m",
        "[53;1m|[1m",
        "[55;2m|[2m",
        "[59;3m|[3m",
        "[21m|[4m",
        // Semicolon extended colours: kept when valid, dropped with their arguments when not.
        "[58;5;200;1m|[1m",
        "[58;2;1;2;3;7m|[7m",
        "[38;2;300;0;0;1m|[1m",
        "[38;5;999;1m|[1m",
        // Empty parameters are 0, as the standard says (the library would skip them).
        "[;1m|[0;1m",
        "[1;;4m|[1;0;4m",
        // Out-of-range numbers never overflow into a valid code.
        "[4294967297;1m|[1m",
    })
    void rewritesSgr(String input, String expected) {
        assertEquals(visible(E + expected + "x"), visible(normalize(E + input + "x")));
    }

    @Test
    void sgrThatOnlyHadUnsupportedCodesIsDroppedNotTurnedIntoAReset() {
        for (String sgr : new String[] {"[9m", "[29m", "[53m", "[55m", "[58:2::1:2:3m", "[58;5;1m", "[59m",
                "[9;53m", "[38:3:1:2:3m", "[4:9m"}) {
            assertEquals("ab", normalize("a" + E + sgr + "b"), sgr);
        }
    }

    @Test
    void sgrTheLibraryReadsRightPassesThroughWithoutACopy() {
        String text = "plain " + E + "[1;31mred" + E + "[0m " + E + "[38;5;123mindexed" + E + "[m "
                + E + "[38;2;1;2;3mtrue" + E + "[48;2;4;5;6m" + E + "[2J" + E + "[?1049h" + E + "]0;title" + BEL
                + E + "(B" + E + "7" + E + "[2 q";
        char[] chars = text.toCharArray();
        StringBuilder out = new StringBuilder();
        assertFalse(new StreamNormalizer(HyperlinkListener.NONE).normalize(chars, 0, chars.length, out));
        assertEquals(0, out.length());
    }

    @Test
    void textWithoutEscapeIsNeverCopied() {
        char[] chars = "hello\r\nworld\u0007\u0018\u009b".toCharArray();
        StringBuilder out = new StringBuilder();
        assertFalse(new StreamNormalizer(HyperlinkListener.NONE).normalize(chars, 0, chars.length, out));
    }

    @Test
    void privateMarkerAndIntermediateSgrsAreDropped() {
        // vim sends ESC[>4;2m (modifyOtherKeys); the library would apply it as underline and dim.
        assertEquals("ab", normalize("a" + E + "[>4;2mb"));
        assertEquals("ab", normalize("a" + E + "[>4mb"));
        assertEquals("ab", normalize("a" + E + "[?4mb"));
        assertEquals("ab", normalize("a" + E + "[1$mb"));
    }

    @Test
    void controlCharactersInsideAnSgrStillHappen() {
        assertEquals(visible("\n" + E + "[4mX"), visible(normalize(E + "[4:\n3mX")));
        assertEquals(visible("\r" + E + "[1mX"), visible(normalize(E + "[1\rmX")));
    }

    @Test
    void otherControlSequencesPassUntouched() {
        String text = E + "[2J" + E + "[10;20H" + E + "[?25l" + E + "[>c" + E + "[6n" + E + "[3;5r";
        assertEquals(text, normalize(text));
    }

    @Test
    void hyperlinksPassThroughAndAreReported() {
        Links links = new Links();
        StreamNormalizer normalizer = new StreamNormalizer(links);
        String text = "see " + E + "]8;id=42;https://example.com/a;b?q=1" + ST + "the docs" + E + "]8;;" + ST
                + " and " + E + "]8;;http://x.test/" + BEL + "x" + E + "]8;;" + BEL + ".";
        assertEquals(text, normalize(normalizer, text));
        assertEquals(List.of("start https://example.com/a;b?q=1 [id=42]", "end", "start http://x.test/ []", "end"),
                links.events);
    }

    @Test
    void hyperlinkTerminatedByEightBitStringTerminatorIsReported() {
        Links links = new Links();
        assertEquals(E + "]8;;u\u009cX", normalize(new StreamNormalizer(links), E + "]8;;u\u009cX"));
        assertEquals(List.of("start u []"), links.events);
    }

    @Test
    void shellMarksAreReportedAndTakenOutOfTheStream() {
        List<ShellMark> marks = new ArrayList<>();
        StreamNormalizer normalizer = new StreamNormalizer(HyperlinkListener.NONE, marks::add);
        String text = E + "]133;A" + BEL + "$ " + E + "]133;B" + ST + "false\r\n" + E + "]133;C;cmdline_url=false"
                + BEL + E + "]133;D;1" + BEL + E + "]7;file://box/tmp" + E + "\\" + "next";
        assertEquals("$ false\r\nnext", normalize(normalizer, text));
        assertEquals(List.of(new ShellMark.PromptStarted(), new ShellMark.InputStarted(),
                new ShellMark.CommandStarted("false"), new ShellMark.CommandFinished(1),
                new ShellMark.WorkingDirectory("box", "/tmp")), marks);
    }

    @Test
    void shellMarksSplitAcrossChunksAreReportedOnce() {
        String text = "a" + E + "]133;D;7" + BEL + "b" + E + "]7;file:///srv" + BEL + "c";
        for (int split = 0; split <= text.length(); split++) {
            List<ShellMark> marks = new ArrayList<>();
            StreamNormalizer normalizer = new StreamNormalizer(HyperlinkListener.NONE, marks::add);
            assertEquals("abc", normalize(normalizer, text.substring(0, split), text.substring(split)), "split " + split);
            assertEquals(List.of(new ShellMark.CommandFinished(7), new ShellMark.WorkingDirectory("", "/srv")), marks,
                    "split " + split);
        }
    }

    @Test
    void malformedShellMarksAreDroppedSilently() {
        List<ShellMark> marks = new ArrayList<>();
        StreamNormalizer normalizer = new StreamNormalizer(HyperlinkListener.NONE, marks::add);
        assertEquals("xy", normalize(normalizer, "x" + E + "]133;Q" + BEL + E + "]7;not-a-url" + BEL + "y"));
        assertEquals(List.of(), marks);
    }

    @Test
    void applicationProgramCommandsAreDropped() {
        // Kitty's graphics protocol: the library would print the payload.
        assertEquals("ab", normalize("a" + E + "_Gf=100,a=T;iVBORw0KGgo=" + ST + "b"));
        assertEquals("ab", normalize("a" + E + "^private" + ST + "b"));
        assertEquals("ab", normalize("a" + E + "Xsos" + ST + "b"));
    }

    @Test
    void cancelledAndInterruptedSequencesAreAbandoned() {
        assertEquals("x", normalize(E + "[1;3\u0018x"));
        assertEquals("x", normalize(E + "[1;3\u001ax"));
        assertEquals(visible(E + "[31mX"), visible(normalize(E + "[1;3" + E + "[31mX")));
        assertEquals(visible(E + "[31mX"), visible(normalize(E + "]0;never ended" + E + "[31mX")));
        assertEquals(visible(E + "[31mX"), visible(normalize(E + E + "[31mX")));
        assertEquals(visible(E + "7X"), visible(normalize(E + "_apc" + E + "7X")));
    }

    @Test
    void overLongSequencesAreDroppedAndWhatFollowsSurvives() {
        String longCsi = E + "[" + "1;".repeat(5_000) + "m";
        assertEquals("after", normalize(longCsi + "after"));
        String longOsc = E + "]8;;https://example.com/" + "a".repeat(10_000) + BEL;
        Links links = new Links();
        assertEquals("after", normalize(new StreamNormalizer(links), longOsc + "after"));
        assertTrue(links.events.isEmpty(), "an over-long hyperlink is not reported");
        String longDcs = E + "Pq" + "#".repeat(100_000) + ST;
        assertEquals("after", normalize(longDcs + "after"));
    }

    @Test
    void unterminatedSequencesNeverGrowMemoryOrStall() {
        // Fifty megabytes of an OSC that never ends, in PTY-sized chunks: nothing comes out, quickly.
        StreamNormalizer normalizer = new StreamNormalizer(HyperlinkListener.NONE);
        char[] chunk = "0123456789abcdef".repeat(256).toCharArray();
        StringBuilder out = new StringBuilder();
        char[] start = (E + "]0;").toCharArray();
        normalizer.normalize(start, 0, start.length, out);
        long started = System.nanoTime();
        for (int i = 0; i < 50 * 256; i++) {
            normalizer.normalize(chunk, 0, chunk.length, out);
        }
        assertEquals(0, out.length());
        assertTrue(System.nanoTime() - started < 10_000_000_000L, "50 MB took over 10 s");
        assertEquals("X", normalize(normalizer, BEL + "X"));
    }

    /** A stream with every kind of sequence, for the chunk-boundary tests. */
    private static final String SAMPLE = "a" + E + "[4:3mcurly" + E + "[4:0m b" + E + "[38:2::255:0:0mred"
            + E + "[1;4:3;38:2::1:2:3mmixed" + E + "[9;53;58:2::1:2:3m" + E + "[0m\r\n"
            + E + "]8;id=1;https://example.com/x;y" + ST + "link" + E + "]8;;" + BEL + " "
            + E + "[?1049h" + E + "[2J" + E + "_Gpayload" + ST + E + "[>4;2m" + E + "[1;31mok" + E + "[m"
            + E + "]0;title" + BEL + E + "(B" + E + "[;1m" + E + "Pdcs" + ST + E + "[1;3" + E + "[32mz"
            + E + "]2;abandoned" + E + "[33mw" + E + E + "7" + E + "[4:\n3m\u0018" + E + "[m" + "tail";

    @Test
    void sequencesSplitAtEveryOffsetGiveTheSameOutput() {
        Links wholeLinks = new Links();
        String whole = normalize(new StreamNormalizer(wholeLinks), SAMPLE);
        assertEquals(2, wholeLinks.events.size());
        for (int split = 0; split <= SAMPLE.length(); split++) {
            Links links = new Links();
            String out = normalize(new StreamNormalizer(links), SAMPLE.substring(0, split), SAMPLE.substring(split));
            assertEquals(visible(whole), visible(out), "split at " + split);
            assertEquals(wholeLinks.events, links.events, "split at " + split);
        }
        for (int first = 0; first < SAMPLE.length(); first += 3) {
            for (int second = first; second <= SAMPLE.length(); second += 5) {
                String out = normalize(SAMPLE.substring(0, first), SAMPLE.substring(first, second),
                        SAMPLE.substring(second));
                assertEquals(visible(whole), visible(out), "split at " + first + " and " + second);
            }
        }
        String[] single = SAMPLE.chars().mapToObj(c -> String.valueOf((char) c)).toArray(String[]::new);
        assertEquals(visible(whole), visible(normalize(single)), "one char at a time");
    }

    @Test
    void randomInputNeverThrowsStaysBoundedAndIgnoresChunking() {
        Random random = new Random(6);
        String alphabet = E + E + E + "[[]];;::0123456789mmPX_^\\\u0007\u0018\u001a\u009c\r\n?>$ 8abc";
        for (int round = 0; round < 10_000; round++) {
            int length = random.nextInt(200);
            StringBuilder text = new StringBuilder(length);
            for (int i = 0; i < length; i++) {
                text.append(random.nextInt(3) == 0 ? (char) random.nextInt(256)
                        : alphabet.charAt(random.nextInt(alphabet.length())));
            }
            String input = text.toString();
            String whole = normalize(input);
            assertTrue(whole.length() <= 2 * input.length() + 8,
                    "output of " + whole.length() + " chars for " + input.length() + ": " + visible(input));
            List<String> chunks = new ArrayList<>();
            int at = 0;
            while (at < input.length()) {
                int next = Math.min(input.length(), at + 1 + random.nextInt(12));
                chunks.add(input.substring(at, next));
                at = next;
            }
            assertEquals(visible(whole), visible(normalize(chunks.toArray(String[]::new))),
                    "chunked differently: " + visible(input));
        }
    }

    @Test
    void respectsTheChunkOffsetAndLength() {
        char[] buf = ("xx" + E + "[4:3mY" + "zz").toCharArray();
        StringBuilder out = new StringBuilder();
        assertTrue(new StreamNormalizer(HyperlinkListener.NONE).normalize(buf, 2, buf.length - 4, out));
        assertEquals(visible(E + "[4mY"), visible(out.toString()));
    }
}
