package dev.holdfast.checkpoint.scrollback;

import java.util.UUID;

/**
 * A terminal as the reader thread and emulator would leave it: output is first read (the tee), then processed
 * (parsed into the model); {@link #content()} is what the model shows.
 */
final class FakeTerminal implements CheckpointTerminal {

    private final UUID panelId;
    private final StringBuilder model = new StringBuilder();
    private final StringBuilder unparsed = new StringBuilder();
    private long read;
    private long processed;
    boolean persistScrollback = true;
    boolean agent;

    FakeTerminal(int n) {
        this(new UUID(0x7e57L, n));
    }

    FakeTerminal(UUID panelId) {
        this.panelId = panelId;
    }

    /** Restored scrollback put into the model by inert replay: the PTY produced none of it. */
    FakeTerminal replay(String scrollback) {
        model.append(scrollback);
        return this;
    }

    /** Output read and parsed at once. */
    FakeTerminal print(String line) {
        arrive(line);
        parse();
        return this;
    }

    /** Output the reader has read but the emulator has not parsed yet. */
    FakeTerminal arrive(String line) {
        unparsed.append(line).append("\r\n");
        read++;
        return this;
    }

    /** The emulator has parsed everything read so far, and the reader publishes that. */
    FakeTerminal parse() {
        model.append(unparsed);
        unparsed.setLength(0);
        processed = read;
        return this;
    }

    String content() {
        return model.toString();
    }

    @Override
    public UUID panelId() {
        return panelId;
    }

    @Override
    public long processedGeneration() {
        return processed;
    }

    @Override
    public boolean persistScrollback() {
        return persistScrollback;
    }

    @Override
    public boolean agent() {
        return agent;
    }
}
