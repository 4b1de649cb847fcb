package dev.holdfast.terminal.emulation;

import com.techsenger.jeditermfx.core.TtyConnector;
import com.techsenger.jeditermfx.core.util.TermSize;
import dev.holdfast.terminal.stream.EmulatorFeed;
import dev.holdfast.terminal.stream.HyperlinkListener;
import dev.holdfast.terminal.stream.ShellMarkListener;
import java.io.IOException;
import java.io.Reader;
import java.util.function.Consumer;

/**
 * The tee between the PTY and the emulator. The emulator pulls chunks through {@link #read}; it asks for
 * the next chunk only once it has parsed everything the previous one returned, so that call is where the
 * processed generation is published. Writes go to the session's writer path, never to the PTY directly.
 *
 * <p>The emulator gets the PTY text through an {@link EmulatorFeed}, which normalizes the escape sequences the
 * library misparses. Normalized text may be held over between calls; the PTY is read (and the processed
 * generation published just before) only when none is pending, so a read's generation is published once the
 * emulator has parsed all of that read's text.
 */
final class GenerationCountingConnector implements TtyConnector {
    private final EmulatorFeed feed;
    private final Consumer<byte[]> writer;
    private final String name;
    private volatile boolean connected = true;

    GenerationCountingConnector(Reader ptyOutput, OutputGeneration generation, Consumer<byte[]> writer, String name) {
        this(ptyOutput, generation, writer, name, HyperlinkListener.NONE);
    }

    GenerationCountingConnector(Reader ptyOutput, OutputGeneration generation, Consumer<byte[]> writer, String name,
            HyperlinkListener hyperlinks) {
        this(ptyOutput, generation, writer, name, hyperlinks, ShellMarkListener.NONE);
    }

    GenerationCountingConnector(Reader ptyOutput, OutputGeneration generation, Consumer<byte[]> writer, String name,
            HyperlinkListener hyperlinks, ShellMarkListener shellMarks) {
        this.feed = new EmulatorFeed(ptyOutput, hyperlinks, shellMarks, new EmulatorFeed.PtyReads() {
            @Override
            public void beforePtyRead() {
                generation.publishProcessed();
            }

            @Override
            public void afterPtyRead() {
                generation.recordRead();
            }
        });
        this.writer = writer;
        this.name = name;
    }

    @Override
    public int read(char[] buf, int offset, int length) throws IOException {
        int n = feed.read(buf, offset, length);
        if (n < 0) {
            connected = false;
        }
        return n;
    }

    @Override
    public void write(byte[] bytes) {
        writer.accept(bytes);
    }

    @Override
    public void write(String text) {
        writer.accept(text.getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }

    @Override
    public boolean isConnected() {
        return connected;
    }

    @Override
    public void resize(TermSize size) {
        // Resizing is the session's job: it resizes the model and the PTY together on the writer path.
    }

    @Override
    public int waitFor() {
        return 0;
    }

    @Override
    public boolean ready() throws IOException {
        return feed.ready();
    }

    @Override
    public String getName() {
        return name;
    }

    @Override
    public void close() {
        connected = false;
    }
}
