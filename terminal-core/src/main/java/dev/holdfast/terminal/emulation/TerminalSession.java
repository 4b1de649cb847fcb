package dev.holdfast.terminal.emulation;

import com.techsenger.jeditermfx.core.CursorShape;
import com.techsenger.jeditermfx.core.RequestOrigin;
import com.techsenger.jeditermfx.core.TerminalMode;
import com.techsenger.jeditermfx.core.TerminalOutputStream;
import com.techsenger.jeditermfx.core.emulator.JediEmulator;
import dev.holdfast.terminal.pty.PtyOutput;
import dev.holdfast.terminal.stream.HyperlinkListener;
import dev.holdfast.terminal.vt.CorrectedTerminal;
import dev.holdfast.terminal.vt.JediTerminalHandler;
import dev.holdfast.terminal.vt.VtParser;
import com.techsenger.jeditermfx.core.emulator.mouse.MouseMode;
import com.techsenger.jeditermfx.core.model.JediTerminal;
import com.techsenger.jeditermfx.core.model.StyleState;
import com.techsenger.jeditermfx.core.model.TerminalLine;
import com.techsenger.jeditermfx.core.model.TerminalTextBuffer;
import com.techsenger.jeditermfx.core.util.TermSize;
import com.pty4j.PtyProcess;
import com.pty4j.PtyProcessBuilder;
import com.pty4j.WinSize;
import com.pty4j.unix.UnixPtyProcess;
import dev.holdfast.terminal.pty.ProcessInspector;
import dev.holdfast.terminal.pty.ProcessSnapshot;
import dev.holdfast.terminal.scrollback.FastHistoryTextBuffer;
import dev.holdfast.terminal.scrollback.RewrapAnchors;
import dev.holdfast.terminal.shell.PromptMarks;
import dev.holdfast.terminal.shell.ShellLaunch;
import dev.holdfast.terminal.shell.ShellStatus;
import dev.holdfast.terminal.threads.NamedThreadFactory;
import dev.holdfast.terminal.threads.ThreadNice;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One terminal without UI: a shell on a PTY, the emulator model it draws into, and the two threads that
 * connect them. The model exists from construction, so restored text can be replayed into it before the
 * shell starts; {@link #start()} attaches the PTY.
 *
 * <p>Threads: a reader thread pumps PTY output through the emulator into the model; a writer thread sends
 * keys, pastes, emulator replies and resizes to the PTY, so no caller ever blocks on the PTY. The model is
 * read by others only under {@code buffer().lock()}.
 */
public final class TerminalSession implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(TerminalSession.class);

    /** How long a hung-up shell gets to exit before it is killed. Interactive bash ignores SIGTERM. */
    public static final Duration HANGUP_GRACE = Duration.ofMillis(500);
    private static final Duration THREAD_STOP_WAIT = Duration.ofSeconds(2);

    private final SessionSpec spec;
    private final TerminalEvents events;
    /** The events as the model's listeners and display see them: changes gathered per read. */
    private final ReadBatchedEvents batchedEvents;
    private final ProcessInspector inspector;
    private final Clock clock;
    private final String shortId;

    private final StyleState styleState = new StyleState();
    private final FastHistoryTextBuffer buffer;
    private final SessionDisplay display;
    private final JediTerminal terminal;
    private final OutputGeneration generation = new OutputGeneration();
    private final LockedWork lockedWork = new LockedWork();
    private final HyperlinkTable hyperlinks;
    private final PromptMarks promptMarks;
    /**
     * Places a view keeps on their text across changes of width (a selection's ends), by keys that are their own
     * objects (compared by identity). Pinned and re-placed under the buffer lock; let go of from any thread.
     */
    private final Map<Object, RewrapAnchors.Place> pins = new ConcurrentHashMap<>();
    private final ExecutorService writer;
    private final AtomicReference<TermSize> pendingResize = new AtomicReference<>();
    private final AtomicBoolean endReported = new AtomicBoolean();
    private volatile SessionEnd end;

    private volatile PtyProcess process;
    private volatile Thread reader;
    /** The reader's loop once the shell runs; its parser is touched only under the buffer lock. */
    private volatile PtyReadLoop loop;
    private volatile Instant startedAt;
    private volatile Path startDirectory;
    private volatile boolean closing;
    private volatile boolean started;

    public TerminalSession(SessionSpec spec, TerminalEvents events, ProcessInspector inspector, Clock clock) {
        this.spec = spec;
        this.events = events;
        this.inspector = inspector;
        this.clock = clock;
        this.shortId = spec.panelId().toString().substring(0, 8);
        this.buffer = FastHistoryTextBuffer.create(spec.columns(), spec.rows(), styleState, spec.scrollbackLimit());
        this.batchedEvents = new ReadBatchedEvents(events);
        this.display = new SessionDisplay(batchedEvents);
        this.terminal = new JediTerminal(display, buffer, styleState);
        this.hyperlinks = new HyperlinkTable(terminal, buffer);
        this.promptMarks = new PromptMarks(terminal, buffer, clock);
        this.writer = Executors.newSingleThreadExecutor(new NamedThreadFactory("holdfast-pty-writer-" + shortId, true));
        buffer.addModelListener(batchedEvents::modelChanged);
        buffer.addHistoryBufferListener(batchedEvents::modelChanged);
        generation.addProcessedListener(batchedEvents::readParsed);
    }

    /** Spawns the shell and starts pumping its output. A shell that cannot start is reported, not thrown. */
    public synchronized void start() {
        if (started || closing) {
            return;
        }
        started = true;
        startedAt = clock.instant();
        String problem = spec.command().problem();
        if (problem != null) {
            failToStart("Holdfast could not start the shell: " + problem);
            return;
        }
        Path directory = spec.workingDirectory();
        if (!Files.isDirectory(directory)) {
            Path home = Path.of(spec.baseEnvironment().getOrDefault("HOME", System.getProperty("user.home")));
            writeLocal("\u001b[2m(" + directory + " no longer exists; starting in " + home + ")\u001b[0m\r\n");
            directory = home;
        }
        startDirectory = directory;
        TermSize size = modelSize();
        ShellLaunch launch = spec.shellIntegration().launch(spec.command(), environment());
        try {
            process = new PtyProcessBuilder(launch.argv().toArray(String[]::new))
                    .setEnvironment(launch.environment())
                    .setDirectory(directory.toString())
                    .setInitialColumns(size.getColumns())
                    .setInitialRows(size.getRows())
                    .setRedirectErrorStream(true)
                    .start();
        } catch (IOException | RuntimeException e) {
            LOG.warn("Panel {}: shell {} failed to start", spec.panelId(), spec.command().argv(), e);
            failToStart("Holdfast could not start the shell " + spec.command().program() + ": " + e.getMessage());
            return;
        }
        LOG.info("Panel {}: started {} (pid {}) in {}{}", spec.panelId(), spec.command().argv(), process.pid(), directory,
                launch.integratedShell() == null ? "" : " with " + launch.integratedShell() + " integration");
        // The view may have resized the model while the shell was being spawned.
        TermSize now = modelSize();
        if (!now.equals(size)) {
            process.setWinSize(new WinSize(now.getColumns(), now.getRows()));
        }
        terminal.setTerminalOutput(new TerminalOutputStream() {
            @Override
            public void sendBytes(byte[] bytes, boolean userInput) {
                send(bytes);
            }

            @Override
            public void sendString(String text, boolean userInput) {
                send(text.getBytes(StandardCharsets.UTF_8));
            }
        });
        Thread thread = new NamedThreadFactory("holdfast-pty-reader-" + shortId, true).newThread(this::pump);
        reader = thread;
        batchedEvents.gatherOn(thread);
        thread.start();
    }

    private Map<String, String> environment() {
        Map<String, String> env = new HashMap<>(spec.baseEnvironment());
        // Stale sizes from the launching terminal would override the PTY's real size in some programs.
        env.remove("COLUMNS");
        env.remove("LINES");
        env.put("TERM", "xterm-256color");
        env.put("COLORTERM", "truecolor");
        env.put("TERM_PROGRAM", "Holdfast");
        env.put("HOLDFAST_PANEL_ID", spec.panelId().toString());
        return env;
    }

    /**
     * The nice value of a terminal's reader thread. A flood keeps it busy for as long as the program writes, and
     * twenty of them left the window's FX and render threads one share of the CPU among forty: FX stalls past a
     * second, a typed key's echo 1.8 s, a restore 130 s (the load harness, 2 cores). At 10 the UI threads win
     * the CPU whenever they need it; on an idle core the reader runs as fast as before, and the program it reads
     * from waits on the PTY, not the other way round.
     */
    static final int READER_NICE = 10;

    private void pump() {
        ThreadNice.lowerCurrentThread(READER_NICE);
        PtyProcess p = process;
        try {
            PtyReadLoop reading = readLoop(p);
            loop = reading;
            reading.run();
        } catch (IOException e) {
            if (!closing) {
                LOG.debug("Panel {}: PTY read ended: {}", spec.panelId(), e.toString());
            }
        }
        if (closing) {
            reportEnd(new SessionEnd.Closed());
            return;
        }
        int code = exitCode(p);
        boolean early = Duration.between(startedAt, clock.instant()).compareTo(SessionEnd.EARLY_FAILURE_WINDOW) < 0;
        SessionEnd end = new SessionEnd.Exited(code, early);
        LOG.info("Panel {}: shell exited with code {}", spec.panelId(), code);
        if (end.deservesExplanation()) {
            writeLocal("\r\n\u001b[1;31m[The shell " + spec.command().program() + " exited with code " + code
                    + " right after starting.]\u001b[0m\r\n");
        }
        reportEnd(end);
    }

    private PtyReadLoop readLoop(PtyProcess p) {
        String name = "panel-" + shortId;
        return switch (spec.emulatorParser()) {
            // 64 KB reads straight into the loop's buffer: pty4j's own stream allocates a buffer per read.
            case HOLDFAST -> new HoldfastReadLoop(PtyOutput.of(p), new CorrectedTerminal(terminal), buffer, generation,
                    hyperlinks, promptMarks, this::send, name, () -> closing, drainThreads(), lockedWork);
            case JEDITERM -> new JediTermReadLoop(p.getInputStream(), terminal, buffer, generation, hyperlinks,
                    promptMarks, this::send, name, () -> closing, lockedWork);
        };
    }

    /**
     * The PTY drain's thread, at the reader's nice value for the reader's reason: in a flood it reads for as long as
     * the reader parses. (At nice 0 it was no faster: seq 0.59-1.45 s, cat 1.33-2.49 s against 0.64-1.05 and
     * 1.40-2.62 at 10, ShellThroughputBenchmark alternated on a loaded machine.)
     */
    private ThreadFactory drainThreads() {
        NamedThreadFactory named = new NamedThreadFactory("holdfast-pty-drain-" + shortId, true);
        return task -> named.newThread(() -> {
            ThreadNice.lowerCurrentThread(READER_NICE);
            task.run();
        });
    }

    private static int exitCode(PtyProcess p) {
        try {
            if (p.waitFor(THREAD_STOP_WAIT.toMillis(), TimeUnit.MILLISECONDS)) {
                return p.exitValue();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return -1;
    }

    private void failToStart(String message) {
        writeLocal("\u001b[1;31m" + message + "\u001b[0m\r\n"
                + "Set the SHELL environment variable to a working shell, or close this tab.\r\n");
        reportEnd(new SessionEnd.FailedToStart(message));
    }

    private void reportEnd(SessionEnd end) {
        if (endReported.compareAndSet(false, true)) {
            this.end = end;
            batchedEvents.ended(end);
        }
    }

    /**
     * Writes Holdfast's own text (notes, errors) into the model. The text is trusted; it goes through the
     * emulator with no PTY in reach, so nothing it could trigger is sent anywhere.
     */
    public void writeLocal(String trustedText) {
        char[] text = trustedText.toCharArray();
        buffer.lock();
        try {
            if (spec.emulatorParser() == EmulatorParser.HOLDFAST) {
                // A parser of its own: the reader's may be inside a sequence. Replies have nowhere to go.
                new VtParser(new JediTerminalHandler(new CorrectedTerminal(terminal), HyperlinkListener.NONE,
                        JediTerminalHandler.Replies.DISCARD, "panel-" + shortId)).advance(text, 0, text.length);
            } else {
                JediEmulator local = new JediEmulator(new CellBoundedTextStream(text, 0, text.length), terminal);
                while (local.hasNext()) {
                    local.next();
                }
            }
        } catch (IOException e) {
            // End of the local text.
        } finally {
            buffer.unlock();
        }
        // Written on the reader thread after its last read (the shell's exit note): told now, not at a next read.
        batchedEvents.readParsed();
    }

    /** Sends bytes to the shell on the writer thread. Dropped once the session is closing. */
    public void send(byte[] bytes) {
        PtyProcess p = process;
        if (p == null || closing || bytes.length == 0) {
            return;
        }
        try {
            writer.execute(() -> {
                try {
                    OutputStream out = p.getOutputStream();
                    out.write(bytes);
                    out.flush();
                } catch (IOException e) {
                    LOG.debug("Panel {}: write to PTY failed: {}", spec.panelId(), e.toString());
                }
            });
        } catch (RejectedExecutionException e) {
            // Closing raced with this send; the shell is going away anyway.
        }
    }

    public void sendText(String text) {
        send(text.getBytes(StandardCharsets.UTF_8));
    }

    /**
     * Pastes text as the user's input: line breaks become CR as a keyboard would send them, and when the
     * program asked for bracketed paste the text is wrapped, with any embedded end marker removed so pasted
     * text cannot end the bracket early and run as typed commands.
     */
    public void paste(String text) {
        String normalized = text.replace("\r\n", "\r").replace('\n', '\r');
        if (display.bracketedPaste()) {
            normalized = "\u001b[200~" + normalized.replace("\u001b[201~", "") + "\u001b[201~";
        }
        sendText(normalized);
    }

    /**
     * Resizes model and PTY together, off the caller's thread (the writer's), also before the shell has started:
     * a resize re-wraps the whole history under the buffer lock, which for a restored tab still being replayed
     * is 4,000 lines, and the view asks for it on the FX thread. Bursts of resizes collapse to the last. start()
     * sizes the PTY from the model after it assigns the process, and a resize applied after that reaches the PTY
     * (each side writes, then reads the other's field).
     */
    public void resize(int columns, int rows) {
        TermSize size = new TermSize(Math.max(SessionSpec.MIN_COLUMNS, columns), Math.max(SessionSpec.MIN_ROWS, rows));
        if (pendingResize.getAndSet(size) == null) {
            try {
                writer.execute(() -> applyResize(pendingResize.getAndSet(null)));
            } catch (RejectedExecutionException e) {
                // Closing.
            }
        }
    }

    /**
     * Whether the model has the width a {@link #resize} to {@code columns} gives it: every change of width asked for
     * up to one to {@code columns} has been made (its re-wrap done). Caller holds the buffer lock.
     */
    public boolean hasWidthFor(int columns) {
        return buffer.getWidth() == Math.max(SessionSpec.MIN_COLUMNS, columns);
    }

    /**
     * Empties the terminal's scrollback (the history above the screen; the screen stays), on the writer thread, as
     * a resize is. Counted as an edit of the model ({@link OutputGeneration#recordEdit()}), so the next checkpoint
     * writes the tab again even if nothing is printed. Any thread.
     *
     * @return completes once the history is gone (at once, done, when the session is closing)
     */
    public CompletableFuture<Void> clearScrollback() {
        return editModel(buffer::clearScrollback, "scrollback cleared");
    }

    /**
     * Resets the terminal as a program's full reset (RIS) does, for a terminal a program left in a bad state (a
     * binary file's line-drawing characters, mouse reports or the alternate screen left on): modes, character sets,
     * colours, scroll region, tab stops and the alternate screen go back to their start, and the cursor home on a
     * cleared screen. What the main screen showed moves into the scrollback first, as {@code clear} does, unless
     * {@code clearScrollback}: then the scrollback goes too ("Reset and Clear"). A sequence the program has sent only
     * part of is dropped, and an open hyperlink ends. On the writer thread, as {@link #clearScrollback()}; an edit of
     * the model, not output. A shell whose integration says it waits at its prompt is then sent Ctrl+L, so it draws
     * its prompt (and any line being typed) again on the clean screen, as it does when the user presses it; a
     * running program is sent nothing. Any thread.
     *
     * @return completes once the model is reset (at once, done, when the session is closing)
     */
    public CompletableFuture<Void> reset(boolean clearScrollback) {
        return resetModel(clearScrollback).thenRun(() -> {
            if (shellStatus().atPrompt()) {
                send(new byte[] {REDRAW_PROMPT});
            }
        });
    }

    /** Ctrl+L: readline, zsh's line editor and fish clear the screen and draw the prompt and the line again. */
    private static final byte REDRAW_PROMPT = 0x0c;

    private CompletableFuture<Void> resetModel(boolean clearScrollback) {
        return editModel(() -> {
            PtyReadLoop reading = loop;
            if (reading != null) {
                reading.dropPartialSequence();
            }
            hyperlinks.hyperlinkEnded();
            // The library's reset clears whichever screen it ends on without keeping it: the main screen behind a
            // full-screen program is what the user had before it, so it goes to the history too.
            if (buffer.isUsingAlternateBuffer()) {
                terminal.useAlternateBuffer(false);
            }
            terminal.resetScrollRegions();
            if (clearScrollback) {
                terminal.reset(true);
                buffer.clearScrollback();
            } else {
                terminal.eraseInDisplay(2);
                terminal.reset(false);
            }
        }, clearScrollback ? "terminal reset and scrollback cleared" : "terminal reset");
    }

    /**
     * Holdfast's own edit of the model, on the writer thread under the buffer lock (as a resize is), counted as an
     * edit, not as output ({@link OutputGeneration#recordEdit()}), so the next checkpoint writes the tab again though
     * nothing was printed; the view is told.
     *
     * @return completes once the edit is done (at once, done, when the session is closing)
     */
    private CompletableFuture<Void> editModel(Runnable edit, String done) {
        try {
            return CompletableFuture.runAsync(() -> {
                buffer.lock();
                try {
                    edit.run();
                    generation.recordEdit();
                } finally {
                    buffer.unlock();
                }
                LOG.info("Panel {}: {}", spec.panelId(), done);
                events.modelChanged();
            }, writer);
        } catch (RejectedExecutionException e) {
            return CompletableFuture.completedFuture(null);
        }
    }

    private TermSize modelSize() {
        buffer.lock();
        try {
            return terminal.getSize();
        } finally {
            buffer.unlock();
        }
    }

    private void applyResize(TermSize size) {
        if (size == null) {
            return;
        }
        buffer.lock();
        try {
            // A new width re-wraps every line into new objects: prompt marks and links are found again in them.
            boolean rewraps = size.getColumns() != buffer.getWidth();
            RewrapAnchors<TerminalLine> prompts = rewraps ? buffer.anchors(promptMarks.places()) : null;
            Runnable relink = rewraps ? hyperlinks.rewrap(buffer) : null;
            RewrapAnchors<Object> pinned = rewraps && !pins.isEmpty() ? buffer.anchors(new IdentityHashMap<>(pins)) : null;
            terminal.resize(size, RequestOrigin.User);
            if (rewraps) {
                promptMarks.rewrapped(prompts.find());
                relink.run();
            }
            if (pinned != null) {
                Map<Object, RewrapAnchors.Place> found = pinned.find();
                // A pin let go of meanwhile (from another thread) stays gone; one whose text was not found goes.
                pins.keySet().retainAll(found.keySet());
                found.forEach(pins::replace);
            }
        } finally {
            buffer.unlock();
        }
        PtyProcess p = process;
        LOG.debug("Panel {}: resize to {}x{} (PTY {})", spec.panelId(), size.getColumns(), size.getRows(),
                p == null ? "not started" : p.isAlive() ? "resized" : "gone");
        if (p != null && p.isAlive()) {
            p.setWinSize(new WinSize(size.getColumns(), size.getRows()));
        }
        events.modelChanged();
    }

    /**
     * Ends the shell (SIGHUP, a short grace, then SIGKILL) and stops both threads. Blocks for up to a few
     * seconds: call it off the UI thread.
     */
    @Override
    public void close() {
        synchronized (this) {
            if (closing) {
                return;
            }
            closing = true;
        }
        PtyProcess p = process;
        if (p != null) {
            if (p instanceof UnixPtyProcess unix) {
                unix.hangup();
            } else {
                p.destroy();
            }
            try {
                if (!p.waitFor(HANGUP_GRACE.toMillis(), TimeUnit.MILLISECONDS)) {
                    p.destroyForcibly();
                    p.waitFor(THREAD_STOP_WAIT.toMillis(), TimeUnit.MILLISECONDS);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                p.destroyForcibly();
            }
            try {
                p.getInputStream().close();
                p.getOutputStream().close();
            } catch (IOException e) {
                LOG.debug("Panel {}: closing PTY streams: {}", spec.panelId(), e.toString());
            }
        }
        writer.shutdownNow();
        Thread thread = reader;
        try {
            if (thread != null) {
                thread.join(THREAD_STOP_WAIT.toMillis());
                if (thread.isAlive()) {
                    LOG.warn("Panel {}: reader thread did not stop within {}", spec.panelId(), THREAD_STOP_WAIT);
                }
            }
            writer.awaitTermination(THREAD_STOP_WAIT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        reportEnd(new SessionEnd.Closed());
    }

    public SessionSpec spec() {
        return spec;
    }

    public TerminalTextBuffer buffer() {
        return buffer;
    }

    /** How long {@link #tryLockBuffer} waits: a reader's slice or two, a sliver of a frame. */
    public static final long BUFFER_LOCK_TRY_NANOS = 500_000L;

    /**
     * Takes the buffer lock if it comes free within {@link #BUFFER_LOCK_TRY_NANOS}; the caller unlocks. For the UI
     * thread, which must not wait for the reader. It waits in the fair lock's queue, so the reader's next release
     * is this caller's turn: a flooding reader parses its output a slice at a time and has the next slice ready
     * at once, so a caller that only tried between two of its holds (as this did, spinning on the library's
     * {@code tryLock}) rarely got in at all. On a busy machine the reader is also often preempted while holding
     * the lock, and then only its own next time slice frees it — up to 417 ms for a frame and 109 ms for a
     * checkpoint's capture in the load harness, where trying again later costs nothing.
     *
     * @return whether the lock is now held
     */
    public boolean tryLockBuffer() {
        return buffer.tryLock(BUFFER_LOCK_TRY_NANOS);
    }

    /**
     * Any thread: {@code task} runs on this terminal's reader thread, under the buffer lock, once the reader has put
     * its next slice of output in the model. For the UI thread when {@link #tryLockBuffer} failed during a flood: the
     * reader makes the copy the UI could not (see {@link LockedWork}). Never done while the terminal is idle (then
     * the lock is free); a newer request replaces one not yet done.
     */
    public void requestUnderLock(Runnable task) {
        lockedWork.request(task);
    }

    public JediTerminal terminal() {
        return terminal;
    }

    /** OSC 8 hyperlinks printed in this terminal; read under the buffer lock. */
    public HyperlinkTable hyperlinks() {
        return hyperlinks;
    }

    /**
     * Keeps {@code column} of {@code line} (a line of the model now) on its text across changes of width, under
     * {@code key} (compared by identity): {@link #pinned} and {@link #pinnedRow} say where it is after any number of
     * re-wraps. Caller holds the buffer lock.
     */
    public void pin(Object key, TerminalLine line, int column) {
        buffer.keepAsObject(line);
        pins.put(key, new RewrapAnchors.Place(line, column));
    }

    /** Where {@code key}'s pin is now, or null if a re-wrap could not find its text. Caller holds the buffer lock. */
    public RewrapAnchors.Place pinned(Object key) {
        return pins.get(key);
    }

    /**
     * The row of {@code key}'s pin on the shown screen or in its history (negative), or {@code Integer.MIN_VALUE}
     * where a re-wrap could not find its text or its line is in neither. Caller holds the buffer lock.
     */
    public int pinnedRow(Object key) {
        RewrapAnchors.Place place = pins.get(key);
        return place == null ? Integer.MIN_VALUE : buffer.rowOf(place.line());
    }

    /** Lets go of {@code key}'s pin. Any thread. */
    public void unpin(Object key) {
        pins.remove(key);
    }

    /** Prompt rows (read under the buffer lock) and the shell's reported status (any thread). */
    public PromptMarks promptMarks() {
        return promptMarks;
    }

    /** What the shell's integration has reported: phase, last commands, working directory. Any thread. */
    public ShellStatus shellStatus() {
        return promptMarks.status();
    }

    public OutputGeneration generation() {
        return generation;
    }

    /** Cursor column, 1-based as the emulator reports it. */
    public int cursorX() {
        // The emulator reports the column 0-based and the row 1-based; present both 1-based.
        return display.cursorX() + 1;
    }

    /** Cursor row, 1-based as the emulator reports it. */
    public int cursorY() {
        return display.cursorY();
    }

    public boolean cursorVisible() {
        return display.cursorVisible();
    }

    public CursorShape cursorShape() {
        return display.cursorShape();
    }

    public MouseMode mouseMode() {
        return display.mouseMode();
    }

    public boolean mouseReporting() {
        MouseMode mode = display.mouseMode();
        return mode != MouseMode.MOUSE_REPORTING_NONE && mode != MouseMode.MOUSE_REPORTING_FOCUS;
    }

    public boolean bracketedPaste() {
        return display.bracketedPaste();
    }

    public boolean applicationCursorKeys() {
        return terminal.isModelEnabled(TerminalMode.CursorKey);
    }

    public boolean applicationKeypad() {
        return terminal.isModelEnabled(TerminalMode.Keypad);
    }

    /** The last title a program set with OSC 0/2, or empty. */
    public String programTitle() {
        return display.windowTitle();
    }

    /** How the shell ended, once it has (the same value {@link TerminalEvents#ended} was told); any thread. */
    public Optional<SessionEnd> end() {
        return Optional.ofNullable(end);
    }

    public boolean isRunning() {
        PtyProcess p = process;
        return p != null && p.isAlive() && !closing;
    }

    public OptionalLong shellPid() {
        PtyProcess p = process;
        return p == null ? OptionalLong.empty() : OptionalLong.of(p.pid());
    }

    public Optional<Instant> shellStartTime() {
        PtyProcess p = process;
        return p == null ? Optional.empty() : ProcessHandle.of(p.pid()).flatMap(h -> h.info().startInstant());
    }

    /** The directory the shell was started in (after falling back to home). */
    public Optional<Path> startDirectory() {
        return Optional.ofNullable(startDirectory);
    }

    /**
     * Where the shell is, by {@code snapshot}: its cwd as the OS reported it, else the directory it was
     * started in (the OS may not say, or the shell may have ended).
     */
    public Optional<Path> directory(ProcessSnapshot snapshot) {
        return snapshot.workingDirectory().or(this::startDirectory);
    }

    /** {@link #directory(ProcessSnapshot)} from a fresh inspection. Small blocking I/O: not on the UI thread. */
    public Optional<Path> currentDirectory() {
        return directory(inspectProcess());
    }

    /** Reads the shell's cwd and foreground command from the OS. Small blocking I/O: not on the UI thread. */
    public ProcessSnapshot inspectProcess() {
        OptionalLong pid = shellPid();
        if (pid.isEmpty() || !isRunning()) {
            return ProcessSnapshot.UNKNOWN;
        }
        return inspector.inspect(pid.getAsLong());
    }
}
