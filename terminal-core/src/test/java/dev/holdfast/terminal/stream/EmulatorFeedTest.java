package dev.holdfast.terminal.stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.Reader;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class EmulatorFeedTest {
    private static final String E = "\u001b";

    /** A PTY that returns the given chunks, one per read, then the end; and logs what happens, in order. */
    private static final class ScriptedPty extends Reader {
        private final ArrayDeque<String> chunks;
        private final List<String> log;

        ScriptedPty(List<String> log, String... chunks) {
            this.log = log;
            this.chunks = new ArrayDeque<>(List.of(chunks));
        }

        @Override
        public int read(char[] buf, int off, int len) {
            if (chunks.isEmpty()) {
                log.add("pty: end");
                return -1;
            }
            String chunk = chunks.removeFirst();
            if (chunk.length() > len) {
                chunks.addFirst(chunk.substring(len));
                chunk = chunk.substring(0, len);
            }
            chunk.getChars(0, chunk.length(), buf, off);
            log.add("pty: " + chunk.length());
            return chunk.length();
        }

        @Override
        public boolean ready() {
            return !chunks.isEmpty();
        }

        @Override
        public void close() {
        }
    }

    private static EmulatorFeed feed(List<String> log, HyperlinkListener links, String... chunks) {
        return new EmulatorFeed(new ScriptedPty(log, chunks), links, new EmulatorFeed.PtyReads() {
            @Override
            public void beforePtyRead() {
                log.add("publish");
            }

            @Override
            public void afterPtyRead() {
                log.add("record");
            }
        });
    }

    private static String read(EmulatorFeed feed, int length, List<String> log) throws IOException {
        char[] buf = new char[length + 4];
        int n = feed.read(buf, 2, length);
        if (n < 0) {
            return null;
        }
        assertTrue(n > 0 && n <= length, "read " + n + " of at most " + length);
        String text = new String(buf, 2, n);
        log.add("gave " + text.replace(E, "ESC"));
        return text;
    }

    @Test
    void normalizedTextLongerThanTheCallersBufferIsHandedOutAcrossCalls() throws IOException {
        List<String> log = new ArrayList<>();
        // Empty parameters become zeros: 8 chars of input, 14 of output, handed out 4 at a time.
        EmulatorFeed feed = feed(log, HyperlinkListener.NONE, E + "[;;;;mX");
        StringBuilder all = new StringBuilder();
        String part;
        while ((part = read(feed, 4, log)) != null) {
            all.append(part);
        }
        assertEquals(E + "[0;0;0;0;0mX", all.toString());
        // The PTY is read, and the processed generation published, only once everything pending was handed out.
        // The first read (4 chars) is the start of a sequence, held back: so the PTY is read again at once.
        assertEquals(List.of("publish", "pty: 4", "record", "publish", "pty: 4", "record", "gave ESC[0;",
                "gave 0;0;", "gave 0;0m", "gave X", "publish", "pty: end"), log);
    }

    @Test
    void unchangedTextGoesStraightThroughOneReadPerCall() throws IOException {
        List<String> log = new ArrayList<>();
        EmulatorFeed feed = feed(log, HyperlinkListener.NONE, "hello ", E + "[1mworld");
        assertEquals("hello ", read(feed, 64, log));
        assertEquals(E + "[1mworld", read(feed, 64, log));
        assertEquals(null, read(feed, 64, log));
        assertEquals(List.of("publish", "pty: 6", "record", "gave hello ", "publish", "pty: 9", "record",
                "gave ESC[1mworld", "publish", "pty: end"), log);
    }

    @Test
    void aReadThatNormalizesToNothingIsFollowedByAnotherNeverByZero() throws IOException {
        List<String> log = new ArrayList<>();
        EmulatorFeed feed = feed(log, HyperlinkListener.NONE, E + "[9m", E + "[4:", "3mX");
        assertEquals(E + "[4mX", read(feed, 64, log));
        assertEquals(List.of("publish", "pty: 4", "record", "publish", "pty: 4", "record", "publish", "pty: 3",
                "record", "gave ESC[4mX"), log);
    }

    @Test
    void endOfThePtyIsReported() throws IOException {
        List<String> log = new ArrayList<>();
        EmulatorFeed feed = feed(log, HyperlinkListener.NONE);
        assertEquals(null, read(feed, 8, log));
        assertFalse(feed.ready());
    }

    @Test
    void readyWhileNormalizedTextIsPending() throws IOException {
        List<String> log = new ArrayList<>();
        EmulatorFeed feed = feed(log, HyperlinkListener.NONE, E + "[;;;;mX");
        read(feed, 4, log);
        assertTrue(feed.ready());
    }

    @Test
    void hyperlinksAreReportedOnceTheEmulatorHasParsedTheirSequence() throws IOException {
        List<String> log = new ArrayList<>();
        HyperlinkListener links = new HyperlinkListener() {
            @Override
            public void hyperlinkStarted(String uri, String params) {
                log.add("link " + uri);
            }

            @Override
            public void hyperlinkEnded() {
                log.add("link end");
            }
        };
        EmulatorFeed feed = feed(log, links, "ab" + E + "]8;;http://x\u0007link" + E + "]8;;\u0007cd");
        StringBuilder all = new StringBuilder();
        String part;
        while ((part = read(feed, 64, log)) != null) {
            all.append(part);
        }
        assertEquals("ab" + E + "]8;;http://x\u0007link" + E + "]8;;\u0007cd", all.toString());
        assertEquals(List.of("publish", "pty: 28", "record",
                "gave ab" + "ESC]8;;http://x\u0007",
                "link http://x", "gave link" + "ESC]8;;\u0007",
                "link end", "gave cd",
                "publish", "pty: end"), log);
    }

    @Test
    void shellMarksAreReportedOnceTheTextBeforeThemIsParsed() throws IOException {
        List<String> log = new ArrayList<>();
        EmulatorFeed feed = new EmulatorFeed(new ScriptedPty(log, "ab" + E + "]133;A\u0007$ " + E + "]133;B\u0007"),
                HyperlinkListener.NONE, mark -> log.add("mark " + mark.getClass().getSimpleName()),
                new EmulatorFeed.PtyReads() {
                    @Override
                    public void beforePtyRead() {
                    }

                    @Override
                    public void afterPtyRead() {
                    }
                });
        assertEquals("ab", read(feed, 100, log));
        assertEquals("$ ", read(feed, 100, log));
        assertEquals(null, read(feed, 100, log));
        assertEquals(List.of("pty: 20", "gave ab", "mark PromptStarted", "gave $ ", "mark InputStarted", "pty: end"),
                log);
    }

    @Test
    void aReadThatIsOnlyAShellMarkIsNeitherLostNorAnEmptyAnswer() throws IOException {
        List<String> log = new ArrayList<>();
        EmulatorFeed feed = new EmulatorFeed(new ScriptedPty(log, "x", E + "]133;D;1\u0007", "y"),
                HyperlinkListener.NONE, mark -> log.add("mark " + mark), new EmulatorFeed.PtyReads() {
                    @Override
                    public void beforePtyRead() {
                    }

                    @Override
                    public void afterPtyRead() {
                    }
                });
        assertEquals("x", read(feed, 100, log));
        assertEquals("y", read(feed, 100, log));
        assertEquals(List.of("pty: 1", "gave x", "pty: 10", "mark CommandFinished[exitStatus=1]", "pty: 1", "gave y"),
                log);
    }
}
