package dev.holdfast.terminal.emulation;

import static org.junit.jupiter.api.Assertions.fail;

import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;

/**
 * One stream fed, chunk by chunk, to both read loops (Holdfast's parser, and the library's emulator behind the
 * normaliser), each building its own model; after every chunk, once both loops are back for more, the models
 * must be the same ({@link ModelComparison}). The screen, the state and the recent history are compared after
 * every chunk, the whole history every {@link #FULL_EVERY} chunks and at the end.
 */
final class DifferentialRun implements AutoCloseable {
    static final int FULL_EVERY = 16;
    private static final int KEPT_CHUNKS = Integer.getInteger("vt.fuzz.shown.chunks", 6);

    private final DifferentialTerminal ours;
    private final DifferentialTerminal library;
    private final String name;
    private final ArrayDeque<byte[]> recent = new ArrayDeque<>();
    private long chunks;

    DifferentialRun(String name, int columns, int rows, int historyLines) {
        this.name = name;
        this.ours = new DifferentialTerminal(EmulatorParser.HOLDFAST, columns, rows, historyLines);
        this.library = new DifferentialTerminal(EmulatorParser.JEDITERM, columns, rows, historyLines);
    }

    void feed(byte[] chunk) throws InterruptedException {
        ours.feed(chunk);
        library.feed(chunk);
        ours.awaitIdle();
        library.awaitIdle();
        chunks++;
        recent.addLast(chunk);
        if (recent.size() > KEPT_CHUNKS) {
            recent.removeFirst();
        }
        String difference = chunks % FULL_EVERY == 0 ? ModelComparison.full(ours, library)
                : ModelComparison.recent(ours, library);
        if (difference != null) {
            failWith(difference);
        }
    }

    /**
     * Resizes both models. The library's resize can throw (a cursor left at column 0 by a backspace over the low
     * half of an emoji split at the margin); both must then fail alike.
     */
    void resize(int columns, int rows) {
        String a = ours.resize(columns, rows);
        String b = library.resize(columns, rows);
        if (!a.equals(b)) {
            failWith("resize to " + columns + "x" + rows + ": " + a + " / " + b);
        }
    }

    /** Compares everything once more; call at the end of the stream. */
    void finish() {
        String difference = ModelComparison.full(ours, library);
        if (difference != null) {
            failWith(difference);
        }
    }

    long chunks() {
        return chunks;
    }

    DifferentialTerminal ours() {
        return ours;
    }

    private void failWith(String difference) {
        StringBuilder input = new StringBuilder();
        for (byte[] chunk : recent) {
            input.append("\n  chunk: ").append(ModelComparison.visible(new String(chunk, StandardCharsets.UTF_8)));
        }
        fail(name + ", after chunk " + chunks + ": " + difference + "\nlast chunks, oldest first:" + input);
    }

    @Override
    public void close() throws InterruptedException {
        ours.close();
        library.close();
    }
}
