package dev.holdfast.terminal.emulation;

import com.techsenger.jeditermfx.core.RequestOrigin;
import com.techsenger.jeditermfx.core.Terminal;
import com.techsenger.jeditermfx.core.TerminalOutputStream;
import com.techsenger.jeditermfx.core.model.JediTerminal;
import com.techsenger.jeditermfx.core.model.StyleState;
import com.techsenger.jeditermfx.core.util.TermSize;
import dev.holdfast.terminal.scrollback.FastHistoryTextBuffer;
import dev.holdfast.terminal.scrollback.ScrollbackLimit;
import dev.holdfast.terminal.stream.HyperlinkListener;
import dev.holdfast.terminal.stream.ShellMarkListener;
import dev.holdfast.terminal.threads.NamedThreadFactory;
import dev.holdfast.terminal.vt.CorrectedTerminal;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * A terminal model as a {@link TerminalSession} builds it (Holdfast's buffers, a hyperlink table), fed by one of
 * the production read loops on a reader thread of its own from a {@link ChunkFeed}, with everything a user or
 * the program could observe recorded: display state, replies, hyperlink events, shell-integration marks.
 */
final class DifferentialTerminal implements AutoCloseable {
    static final Duration IDLE_DEADLINE = Duration.ofSeconds(30);

    final EmulatorParser parser;
    final StyleState style = new StyleState();
    final FastHistoryTextBuffer buffer;
    final RecordingDisplay display = new RecordingDisplay();
    final JediTerminal terminal;
    final HyperlinkTable links;
    final List<String> linkEvents = new ArrayList<>();
    final List<String> shellMarks = new ArrayList<>();
    final ByteArrayOutputStream replies = new ByteArrayOutputStream();
    private final ChunkFeed feed = new ChunkFeed();
    /** Read by the feed's reader, parsed into the model: idle is both the feed's and this one's. */
    private final OutputGeneration generation = new OutputGeneration();
    private final Thread reader;
    private volatile Throwable failure;

    DifferentialTerminal(EmulatorParser parser, int columns, int rows, int historyLines) {
        this(parser, false, columns, rows, historyLines);
    }

    /**
     * @param corrected with Holdfast's parser, drive the model through a {@link CorrectedTerminal} as a session does
     *     (the differential test leaves it out: it compares the reading, which must be the library's)
     */
    DifferentialTerminal(EmulatorParser parser, boolean corrected, int columns, int rows, int historyLines) {
        this(parser, corrected, false, columns, rows, historyLines);
    }

    /**
     * Holdfast's parser writing every run of text through the library's {@code writeCharacters}, one call a run,
     * as it did before it wrote rows of runs into the model itself: the handler is given the model behind an
     * interface it cannot see through.
     */
    static DifferentialTerminal runByRun(boolean corrected, int columns, int rows, int historyLines) {
        return new DifferentialTerminal(EmulatorParser.HOLDFAST, corrected, true, columns, rows, historyLines);
    }

    private DifferentialTerminal(EmulatorParser parser, boolean corrected, boolean runByRun, int columns, int rows,
            int historyLines) {
        this.parser = parser;
        this.buffer = FastHistoryTextBuffer.create(columns, rows, style, ScrollbackLimit.lines(historyLines));
        this.terminal = new JediTerminal(display, buffer, style);
        this.links = new HyperlinkTable(terminal, buffer);
        HyperlinkListener recorded = new HyperlinkListener() {
            @Override
            public void hyperlinkStarted(String uri, String params) {
                linkEvents.add("start " + uri + " [" + params + "] at " + terminal.getCursorX() + "," + terminal.getCursorY());
                links.hyperlinkStarted(uri, params);
            }

            @Override
            public void hyperlinkEnded() {
                linkEvents.add("end at " + terminal.getCursorX() + "," + terminal.getCursorY());
                links.hyperlinkEnded();
            }
        };
        ShellMarkListener marks = mark -> shellMarks.add(mark + " at " + terminal.getCursorX() + "," + terminal.getCursorY());
        generation.addProcessedListener(() -> {
            synchronized (generation) {
                generation.notifyAll();
            }
        });
        PtyReadLoop loop;
        if (parser == EmulatorParser.JEDITERM) {
            // Replies go through the terminal's output, as TerminalSession points it at the writer.
            terminal.setTerminalOutput(new TerminalOutputStream() {
                @Override
                public void sendBytes(byte[] bytes, boolean userInput) {
                    reply(bytes);
                }

                @Override
                public void sendString(String text, boolean userInput) {
                    reply(text.getBytes(StandardCharsets.UTF_8));
                }
            });
            loop = new JediTermReadLoop(feed, terminal, buffer, generation, recorded, marks, this::reply, "old",
                    () -> false, new LockedWork());
        } else {
            // Our parser must answer through its own Replies, never the terminal's output.
            terminal.setTerminalOutput(new TerminalOutputStream() {
                @Override
                public void sendBytes(byte[] bytes, boolean userInput) {
                    failure = new AssertionError("a reply bypassed the handler's Replies");
                }

                @Override
                public void sendString(String text, boolean userInput) {
                    failure = new AssertionError("a reply bypassed the handler's Replies: " + text);
                }
            });
            Terminal model = corrected ? new CorrectedTerminal(terminal) : terminal;
            if (runByRun) {
                model = opaque(model);
            }
            loop = new HoldfastReadLoop(feed, model, buffer, generation,
                    recorded, marks, this::reply, "new", () -> false,
                    new NamedThreadFactory("test-drain", true), new LockedWork());
        }
        reader = new NamedThreadFactory("test-reader-" + parser.settingName(), true).newThread(() -> {
            try {
                loop.run();
            } catch (IOException | RuntimeException | Error e) {
                failure = e;
            }
        });
        reader.start();
    }

    /** {@code model} behind a proxy of the {@link Terminal} interface alone. */
    private static Terminal opaque(Terminal model) {
        return (Terminal) Proxy.newProxyInstance(Terminal.class.getClassLoader(), new Class<?>[] {Terminal.class},
                (proxy, method, args) -> {
                    try {
                        return method.invoke(model, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
    }

    private void reply(byte[] bytes) {
        synchronized (replies) {
            replies.writeBytes(bytes);
        }
    }

    String replies() {
        synchronized (replies) {
            return replies.toString(StandardCharsets.UTF_8);
        }
    }

    void feed(byte[] chunk) {
        feed.feed(chunk);
    }

    /**
     * Waits until everything fed is in the model: the feed's reader is back for more with every chunk taken (and
     * so counted), and every read counted is published as parsed (with Holdfast's parser, the feed's reader is
     * the drain thread, which reads ahead of the parsing).
     */
    void awaitIdle() throws InterruptedException {
        long end = System.nanoTime() + IDLE_DEADLINE.toNanos();
        feed.awaitIdle(IDLE_DEADLINE);
        synchronized (generation) {
            while (generation.processed() != generation.read() && failure == null) {
                long left = end - System.nanoTime();
                if (left <= 0) {
                    throw new AssertionError("the " + parser.settingName() + " read loop did not parse every read within "
                            + IDLE_DEADLINE + " (read " + generation.read() + ", processed " + generation.processed() + ")");
                }
                generation.wait(Math.max(1, left / 1_000_000));
            }
        }
        if (failure != null) {
            throw new AssertionError("the " + parser.settingName() + " read loop failed", failure);
        }
    }

    /** Resizes the model as the view would; returns how the library failed, if it did (it can: see the test). */
    String resize(int columns, int rows) {
        buffer.lock();
        try {
            terminal.resize(new TermSize(columns, rows), RequestOrigin.User);
            return "resized";
        } catch (RuntimeException e) {
            return e.toString();
        } finally {
            buffer.unlock();
        }
    }

    @Override
    public void close() throws InterruptedException {
        feed.close();
        reader.join(IDLE_DEADLINE.toMillis());
    }
}
