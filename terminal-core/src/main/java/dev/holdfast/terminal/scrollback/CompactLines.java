package dev.holdfast.terminal.scrollback;

import com.techsenger.jeditermfx.core.StyledTextConsumer;
import com.techsenger.jeditermfx.core.TextStyle;
import com.techsenger.jeditermfx.core.model.CharBuffer;
import com.techsenger.jeditermfx.core.model.TerminalLine;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * History lines packed into a few large arrays: a line is one record in a shared pool of {@code char} chunks,
 * its style runs first (per run a style id and a length, two chars) and its text after them; the styles are
 * interned in a table of ids. A line kept like this costs its text, four bytes per run and the ring's few
 * bytes per slot, instead of a {@link TerminalLine} with a run list and, per run, an entry, a character
 * buffer and an array (about 270 bytes for a line of {@code seq}); and the garbage collector traces a handful
 * of arrays for the whole history rather than six objects per line.
 *
 * <p>A record is addressed by a {@code long}: its chunk's number times {@link #CHUNK_CHARS} plus its offset.
 * Records never straddle two chunks, and a chunk is dropped once every record in it has been released, so
 * memory follows the history as its oldest lines leave. Records are never written over, which is what makes
 * it safe to hand out {@link CharBuffer} views of their text while painting.
 *
 * <p>Styles are interned by identity, not by value: the library groups a line's cells into runs by style
 * identity (see {@link StyleCanon}), so a line turned back into a {@code TerminalLine} gets the very style
 * objects it was built with. Each id counts the runs that use it and is freed at zero, so the table holds
 * exactly the styles the kept lines use.
 *
 * <p>What cannot be packed is refused ({@link #add} returns -1) and the caller keeps the line as an object: a
 * line longer than 65,535 cells, one with more than 32,767 runs, a record larger than a chunk, or more than
 * 65,536 distinct styles in use at once.
 *
 * <p>Not thread-safe; used under the terminal buffer's lock by its {@link RingLinesBuffer}.
 */
final class CompactLines {
    /** Chars per chunk: 64 KB, a few hundred lines each. */
    static final int CHUNK_CHARS = 1 << 15;
    private static final int CHUNK_SHIFT = 15;
    private static final int MAX_LENGTH = 0xFFFF;
    private static final int MAX_RUNS = 0x7FFF;
    private static final int MAX_STYLES = 1 << 16;
    // Heap bytes of a chunk's array header; what footprint() counts per record beyond its chars.
    private static final int SLOT_BYTES = 20;

    // ---- the chunk pool ----
    /** Chunk {@code firstChunk + i} is {@code chunks[i]}; null once released. */
    private char[][] chunks = new char[4][];
    private int[] liveRecords = new int[4];
    private long firstChunk;
    private int chunkCount;
    /** Where the next record goes in the last chunk. */
    private int fill = CHUNK_CHARS;
    private long charsInUse;

    // ---- the style table ----
    private final Map<TextStyle, Integer> ids = new IdentityHashMap<>();
    private TextStyle[] styles = new TextStyle[16];
    private int[] uses = new int[16];
    private int[] freeIds = new int[16];
    private int freeCount;
    private int nextId;
    /** The last style looked up and its id: runs of one style are packed one after another. */
    private TextStyle lastStyle;
    private int lastId = -1;
    /**
     * Styles looked up lately, by identity hash, beside their ids (valid while {@code styles[id]} is the style):
     * coloured lines take turns among a few styles, so the last one alone seldom matched, and the identity map's
     * probe was a tenth of packing a line.
     */
    private static final int RECENT_SLOTS = 64;
    private final TextStyle[] recentStyles = new TextStyle[RECENT_SLOTS];
    private final int[] recentIds = new int[RECENT_SLOTS];
    /** Scratch for {@link #add}: the ids of the line's runs. */
    private int[] runIds = new int[64];

    /**
     * The meta word of a packed line: its length in cells, its run count and its wrapped flag, which the ring
     * keeps beside the record's address.
     */
    static int meta(int length, int runs, boolean wrapped) {
        return length << 16 | runs << 1 | (wrapped ? 1 : 0);
    }

    static int length(int meta) {
        return meta >>> 16;
    }

    static int runs(int meta) {
        return (meta >>> 1) & MAX_RUNS;
    }

    static boolean wrapped(int meta) {
        return (meta & 1) != 0;
    }

    /** Heap bytes a packed line takes: its chars and its slot in the ring. */
    static int footprint(int meta) {
        return SLOT_BYTES + 2 * (2 * runs(meta) + length(meta));
    }

    /**
     * Packs {@code line}, returning the record's address and setting {@code metaOut[0]}; or -1, having changed
     * nothing, when the line cannot be packed.
     */
    long add(TerminalLine line, int[] metaOut) {
        List<TerminalLine.TextEntry> runs = LineRuns.available() ? LineRuns.entries(line) : line.getEntries();
        int runCount = runs.size();
        if (runCount > MAX_RUNS) {
            return -1;
        }
        int length = 0;
        for (int i = 0; i < runCount; i++) {
            length += runs.get(i).getLength();
        }
        int size = 2 * runCount + length;
        if (length > MAX_LENGTH || size > CHUNK_CHARS) {
            return -1;
        }
        if (runIds.length < runCount) {
            runIds = new int[Math.max(runCount, 2 * runIds.length)];
        }
        for (int i = 0; i < runCount; i++) {
            int id = acquire(runs.get(i).getStyle());
            if (id < 0) {
                for (int j = 0; j < i; j++) {
                    release(runIds[j]);
                }
                return -1;
            }
            runIds[i] = id;
        }
        if (chunkCount == 0 || fill + size > CHUNK_CHARS) {
            newChunk();
        }
        char[] chunk = chunks[chunkCount - 1];
        int at = fill;
        for (int i = 0; i < runCount; i++) {
            chunk[at++] = (char) runIds[i];
            chunk[at++] = (char) runs.get(i).getLength();
        }
        // A row's runs of text written together lie one after another in one array (TextCells): copied at once,
        // not a few cells at a time.
        char[] from = null;
        int fromStart = 0;
        int pending = 0;
        for (int i = 0; i < runCount; i++) {
            CharBuffer text = runs.get(i).getText();
            char[] buf = text.getBuf();
            int start = text.getStart();
            if (buf != from || start != fromStart + pending) {
                if (pending > 0) {
                    System.arraycopy(from, fromStart, chunk, at, pending);
                    at += pending;
                }
                from = buf;
                fromStart = start;
                pending = 0;
            }
            pending += text.length();
        }
        if (pending > 0) {
            System.arraycopy(from, fromStart, chunk, at, pending);
            at += pending;
        }
        long address = (firstChunk + chunkCount - 1) * CHUNK_CHARS + fill;
        fill = at;
        liveRecords[chunkCount - 1]++;
        charsInUse += size;
        metaOut[0] = meta(length, runCount, line.isWrapped());
        return address;
    }

    /** Lets go of a record: its styles' uses, and its chunk once the chunk's last record goes. */
    void release(long address, int meta) {
        int index = chunkIndex(address);
        char[] chunk = chunks[index];
        int at = offset(address);
        int runCount = runs(meta);
        for (int i = 0; i < runCount; i++) {
            release(chunk[at + 2 * i]);
        }
        charsInUse -= 2 * runCount + length(meta);
        if (--liveRecords[index] == 0 && index != chunkCount - 1) {
            chunks[index] = null;
            dropReleasedChunksAtFront();
        }
    }

    /** The line a record holds, as a fresh {@link TerminalLine} with the original style objects. */
    TerminalLine line(long address, int meta) {
        char[] chunk = chunks[chunkIndex(address)];
        int at = offset(address);
        int runCount = runs(meta);
        List<TerminalLine.TextEntry> entries = new ArrayList<>(runCount);
        int text = at + 2 * runCount;
        for (int i = 0; i < runCount; i++) {
            int length = chunk[at + 2 * i + 1];
            // TextEntry copies the characters, so the line shares nothing with the pool.
            entries.add(new TerminalLine.TextEntry(styles[chunk[at + 2 * i]], new CharBuffer(chunk, text, length)));
            text += length;
        }
        TerminalLine line = new TerminalLine();
        LineRuns.fill(line, entries, length(meta));
        line.setWrapped(wrapped(meta));
        return line;
    }

    /** Hands the record's runs to {@code reader}, as views of the pool's text (never written over). */
    void readRuns(long address, int meta, RunReader reader) {
        char[] chunk = chunks[chunkIndex(address)];
        int at = offset(address);
        int runCount = runs(meta);
        int text = at + 2 * runCount;
        for (int i = 0; i < runCount; i++) {
            int length = chunk[at + 2 * i + 1];
            reader.run(styles[chunk[at + 2 * i]], chunk, text, length);
            text += length;
        }
    }

    /** {@link TerminalLine#getText()} of a record: the text of the runs before the first NUL-led run. */
    String text(long address, int meta) {
        char[] chunk = chunks[chunkIndex(address)];
        int at = offset(address);
        int runCount = runs(meta);
        int text = at + 2 * runCount;
        int end = text;
        for (int i = 0; i < runCount; i++) {
            int length = chunk[at + 2 * i + 1];
            if (length > 0 && chunk[end] == 0) {
                break;
            }
            end += length;
        }
        return new String(chunk, text, end - text);
    }

    /** {@link TerminalLine#isNulOrEmpty()} of a record. */
    boolean nulOrEmpty(long address, int meta) {
        char[] chunk = chunks[chunkIndex(address)];
        int at = offset(address);
        int runCount = runs(meta);
        int text = at + 2 * runCount;
        boolean allNul = true;
        boolean allEmpty = true;
        for (int i = 0; i < runCount; i++) {
            int length = chunk[at + 2 * i + 1];
            boolean nul = length > 0 && chunk[text] == 0;
            allNul &= nul;
            allEmpty &= nul || length == 0;
            text += length;
        }
        return allNul || allEmpty;
    }

    /**
     * {@link TerminalLine#process} of a record (a packed line has no highlighting and no type-ahead). The
     * consumer is given views of the pool's text, which is never written over.
     */
    void process(long address, int meta, int y, StyledTextConsumer consumer, int startRow) {
        char[] chunk = chunks[chunkIndex(address)];
        int at = offset(address);
        int runCount = runs(meta);
        int text = at + 2 * runCount;
        int x = 0;
        int nulIndex = -1;
        for (int i = 0; i < runCount; i++) {
            TextStyle style = styles[chunk[at + 2 * i]];
            int length = chunk[at + 2 * i + 1];
            CharBuffer run = new CharBuffer(chunk, text, length);
            if (length > 0 && chunk[text] == 0) {
                if (nulIndex < 0) {
                    nulIndex = x;
                }
                consumer.consumeNul(x, y, nulIndex, style, run, startRow);
            } else {
                consumer.consume(x, y, style, run, startRow);
            }
            x += length;
            text += length;
        }
        consumer.consumeQueue(x, y, nulIndex < 0 ? x : nulIndex, startRow);
    }

    /** Chars held by live records. */
    long charsInUse() {
        return charsInUse;
    }

    /** Distinct styles the live records use. */
    int stylesInUse() {
        return ids.size();
    }

    /** Chunks allocated and not yet released. */
    int chunksHeld() {
        int held = 0;
        for (int i = 0; i < chunkCount; i++) {
            held += chunks[i] != null ? 1 : 0;
        }
        return held;
    }

    /** Forgets every record: the history was cleared. */
    void clear() {
        chunks = new char[4][];
        liveRecords = new int[4];
        firstChunk += chunkCount;
        chunkCount = 0;
        fill = CHUNK_CHARS;
        charsInUse = 0;
        ids.clear();
        Arrays.fill(styles, null);
        freeCount = 0;
        nextId = 0;
        lastStyle = null;
        lastId = -1;
        Arrays.fill(recentStyles, null);
    }

    private int chunkIndex(long address) {
        return (int) ((address >>> CHUNK_SHIFT) - firstChunk);
    }

    private static int offset(long address) {
        return (int) (address & (CHUNK_CHARS - 1));
    }

    private void newChunk() {
        if (chunkCount == chunks.length) {
            chunks = Arrays.copyOf(chunks, chunkCount * 2);
            liveRecords = Arrays.copyOf(liveRecords, chunkCount * 2);
        }
        chunks[chunkCount++] = new char[CHUNK_CHARS];
        fill = 0;
        // The chunk that was current may have lost its last record while current; it can go now.
        if (chunkCount > 1 && liveRecords[chunkCount - 2] == 0) {
            chunks[chunkCount - 2] = null;
            dropReleasedChunksAtFront();
        }
    }

    private void dropReleasedChunksAtFront() {
        int released = 0;
        while (released < chunkCount - 1 && chunks[released] == null) {
            released++;
        }
        if (released == 0) {
            return;
        }
        System.arraycopy(chunks, released, chunks, 0, chunkCount - released);
        System.arraycopy(liveRecords, released, liveRecords, 0, chunkCount - released);
        Arrays.fill(chunks, chunkCount - released, chunkCount, null);
        Arrays.fill(liveRecords, chunkCount - released, chunkCount, 0);
        chunkCount -= released;
        firstChunk += released;
    }

    private int acquire(TextStyle style) {
        int id;
        // A run may have no style (null), which an empty slot must not match.
        int recent = System.identityHashCode(style) & (RECENT_SLOTS - 1);
        if (style == lastStyle && lastId >= 0 && styles[lastId] == style) {
            id = lastId;
        } else if (style != null && recentStyles[recent] == style && styles[recentIds[recent]] == style) {
            id = recentIds[recent];
            lastStyle = style;
            lastId = id;
        } else {
            Integer known = ids.get(style);
            if (known != null) {
                id = known;
            } else {
                if (freeCount > 0) {
                    id = freeIds[--freeCount];
                } else if (nextId < MAX_STYLES) {
                    id = nextId++;
                    if (id == styles.length) {
                        styles = Arrays.copyOf(styles, id * 2);
                        uses = Arrays.copyOf(uses, id * 2);
                    }
                } else {
                    return -1;
                }
                styles[id] = style;
                ids.put(style, id);
            }
            recentStyles[recent] = style;
            recentIds[recent] = id;
            lastStyle = style;
            lastId = id;
        }
        uses[id]++;
        return id;
    }

    private void release(int id) {
        if (--uses[id] > 0) {
            return;
        }
        ids.remove(styles[id]);
        styles[id] = null;
        if (freeCount == freeIds.length) {
            freeIds = Arrays.copyOf(freeIds, freeCount * 2);
        }
        freeIds[freeCount++] = id;
        if (id == lastId) {
            lastId = -1;
            lastStyle = null;
        }
    }
}
