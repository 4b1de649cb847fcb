package dev.holdfast.terminal.scrollback;

import com.techsenger.jeditermfx.core.StyledTextConsumer;
import com.techsenger.jeditermfx.core.TextStyle;
import com.techsenger.jeditermfx.core.model.CharBuffer;
import com.techsenger.jeditermfx.core.model.LinesBuffer;
import com.techsenger.jeditermfx.core.model.TerminalLine;
import com.techsenger.jeditermfx.core.model.hyperlinks.TextProcessing;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A {@link LinesBuffer} whose lines live in a ring, so dropping the oldest lines costs O(lines dropped).
 *
 * <p>Why: the library's {@code LinesBuffer} keeps its lines in an {@code ArrayList} and, for every line that
 * scrolls off a full history, copies the whole list ({@code removeTopLines} builds a new list from
 * {@code subList(n, size)}). Output then slows in proportion to the history size. Here eviction advances the
 * ring's start instead, as Alacritty's grid does.
 *
 * <p>Every public method of {@code LinesBuffer} is overridden with the library's observable behaviour (same
 * results, same quirks such as {@link #getLine} growing the buffer), and the superclass's own list stays empty
 * and unused. The three package-private methods cannot be overridden from here; in jeditermfx-core 1.0.0 the
 * library calls them only on the screen buffer, never on the history this class replaces
 * ({@code FastHistoryTextBufferTest} drives every path the library uses and compares with the original).
 *
 * <p>A line that arrives with text followed by the library's screen-wide run of plain NUL cells is kept without
 * that run ({@link LineRuns#dropPlainBlankTail}): the cells look like no cells, and they were half of what a
 * short line costs to keep.
 *
 * <p>Lines are kept packed ({@link CompactLines}: text and style ids in shared arrays) and turned back into
 * {@code TerminalLine}s only where something asks for the line object ({@link #getLine}: a view scrolled back,
 * a resize rewrap, a copy, an edit). Text, emptiness and painting ({@link #getLineText}, {@link #processLines})
 * are answered from the packed form. A line handed out stays an object, the one the caller has, until
 * {@link #TOUCHED_LINES} other lines have been handed out; then it is packed again, so scrolling through a long
 * history leaves it as compact as before. Lines whose identity matters to someone ({@link #keepAsObject}:
 * a prompt mark, a hyperlink) and lines with a type-ahead prediction are never packed.
 *
 * <p>Not thread-safe; like the library's buffer it is used under {@code TerminalTextBuffer.lock()}.
 */
public final class RingLinesBuffer extends LinesBuffer {
    private static final int INITIAL_SLOTS = 64;
    // The largest array the VM reliably allocates.
    private static final int MAX_SLOTS = Integer.MAX_VALUE - 8;
    // Heap sizes behind footprint(), measured on a 64-bit VM with compressed references: a line with its run
    // list and highlight list; a run with its character buffer; a char array's header.
    private static final int LINE_BYTES = 192;
    private static final int RUN_BYTES = 48;
    private static final int CHAR_ARRAY_HEADER = 16;
    /**
     * How many lines handed out by {@link #getLine} stay objects before they are packed again: several screens,
     * so a view painting the history it shows, or an edit reading a few lines and then writing one, finds the
     * very objects it was given; a walk over the whole history (a rewrap, a copy) gives each line back soon.
     */
    static final int TOUCHED_LINES = 512;

    /** At most this many lines are kept ({@code Integer.MAX_VALUE}: no line limit; zero: none kept). */
    private final int maxLines;
    /** At most about this many bytes of lines are kept, the oldest dropped first; zero or less: no cap. */
    private final long maxBytes;
    private final TextProcessing textProcessing;

    /** Each slot's line as an object, or null where the line is packed. */
    private TerminalLine[] slots = new TerminalLine[INITIAL_SLOTS];
    /** Each slot's line's estimated size, laid out like {@link #slots}. */
    private int[] footprints = new int[INITIAL_SLOTS];
    /** Where a packed line's record is in {@link #packed}, laid out like {@link #slots}. */
    private long[] addresses = new long[INITIAL_SLOTS];
    /** A packed line's length, run count and wrapped flag ({@link CompactLines#meta}), laid out like {@link #slots}. */
    private int[] metas = new int[INITIAL_SLOTS];
    private final CompactLines packed = new CompactLines();
    private final boolean packing = LineRuns.available();
    private final int[] metaOut = new int[1];
    private final LineRuns.PlainStyles plainStyles = new LineRuns.PlainStyles();
    /** Lines whose object must survive (weak: an evicted line leaves the set with its last reference). */
    private final KeptLines keptAsObjects;
    /** Line numbers ({@link #removedFromTop} + index) unpacked by {@link #getLine}, oldest first. */
    private final long[] touched = new long[TOUCHED_LINES];
    private int touchedCount;
    private long bytes;
    private int start;
    private int size;
    /**
     * Lines ever removed from the top (evicted or cleared), less those put above the top since
     * ({@link #prependLines}): lets a view keep a selection on its text.
     */
    private long removedFromTop;
    /**
     * Edits to lines already kept, and lines taken from the bottom: everything but adding at the bottom and
     * dropping from the top. While it stays the same, the lines before any point stay the same lines, which is
     * what lets a checkpoint append only the lines added since its last capture.
     */
    private long rewrites;

    /**
     * A history with the library's meaning of its limit.
     *
     * @param maxLines the most lines kept, the oldest dropped first; zero or less keeps every line
     * @param textProcessing the terminal's hyperlink processing, or {@code null} as the library allows
     */
    public RingLinesBuffer(int maxLines, TextProcessing textProcessing) {
        this(maxLines > 0 ? ScrollbackLimit.lines(maxLines, 0) : ScrollbackLimit.unlimited(0), textProcessing);
    }

    /**
     * A history bounded by {@code limit}: by lines, by memory, or both; the oldest lines go first.
     *
     * @param textProcessing the terminal's hyperlink processing, or {@code null} as the library allows
     */
    public RingLinesBuffer(ScrollbackLimit limit, TextProcessing textProcessing) {
        this(limit, textProcessing, KeptLines.withoutScreen());
    }

    /**
     * A history bounded by {@code limit} that never packs the lines in {@code keptAsObjects}, which the caller
     * may share between buffers and add to at any time (under the lock).
     */
    public RingLinesBuffer(ScrollbackLimit limit, TextProcessing textProcessing, KeptLines keptAsObjects) {
        super(limit.lines(), textProcessing);
        this.maxLines = limit.lines();
        this.maxBytes = limit.bytes();
        this.textProcessing = textProcessing;
        this.keptAsObjects = keptAsObjects;
    }

    /**
     * Keeps {@code line}'s object as it is for as long as it is in a history that shares this buffer's set: for
     * tables keyed by line identity (prompt marks, hyperlinks). Caller holds the lock.
     */
    public void keepAsObject(TerminalLine line) {
        keptAsObjects.keep(line);
    }

    /**
     * The line at {@code index} if it is kept as an object, or null if it is packed; nothing is unpacked. A
     * line {@link #keepAsObject kept as an object} is always found here, so a search for such lines (prompt
     * marks) need not unpack the whole history. Caller holds the lock.
     */
    public TerminalLine objectAt(int index) {
        checkIndex(index);
        return slots[slot(index)];
    }

    /**
     * The line at {@code index} for a caller that only reads it (a checkpoint's copy): the object if the line
     * is kept as one, else a fresh copy of the packed line, which stays packed. Writing to a copy changes nothing
     * here; use {@link #getLine} to edit. Caller holds the lock.
     */
    public TerminalLine lineToRead(int index) {
        if (index < 0 || index >= size) {
            return getLine(index);
        }
        int s = slot(index);
        TerminalLine line = slots[s];
        return line != null ? line : packed.line(addresses[s], metas[s]);
    }

    /**
     * Whether the line at {@code index} wraps onto the next, read from the packed form where the line is packed:
     * nothing is unpacked. Caller holds the lock.
     */
    public boolean wrappedAt(int index) {
        checkIndex(index);
        int s = slot(index);
        TerminalLine line = slots[s];
        return line != null ? line.isWrapped() : CompactLines.wrapped(metas[s]);
    }

    /** The cells of the line at {@code index}, the sum of its runs' lengths; nothing is unpacked. Caller holds the lock. */
    public int cellsAt(int index) {
        checkIndex(index);
        int s = slot(index);
        TerminalLine line = slots[s];
        if (line == null) {
            return CompactLines.length(metas[s]);
        }
        int cells = 0;
        for (TerminalLine.TextEntry entry : runsOf(line)) {
            cells += entry.getLength();
        }
        return cells;
    }

    /**
     * Hands the runs of the line at {@code index} to {@code reader}, the same runs {@link #lineToRead} would give,
     * without building a line for them where the line is packed. Caller holds the lock.
     */
    public void readRuns(int index, RunReader reader) {
        checkIndex(index);
        int s = slot(index);
        TerminalLine line = slots[s];
        if (line == null) {
            packed.readRuns(addresses[s], metas[s], reader);
            return;
        }
        for (TerminalLine.TextEntry entry : runsOf(line)) {
            CharBuffer text = entry.getText();
            reader.run(entry.getStyle(), text.getBuf(), text.getStart(), text.length());
        }
    }

    private static List<TerminalLine.TextEntry> runsOf(TerminalLine line) {
        return LineRuns.available() ? LineRuns.entries(line) : line.getEntries();
    }

    private void checkIndex(int index) {
        if (index < 0 || index >= size) {
            throw new IndexOutOfBoundsException("Index " + index + " out of bounds for length " + size);
        }
    }

    /** How many kept lines are packed rather than objects. Caller holds the lock. */
    public int packedLines() {
        int count = 0;
        for (int i = 0; i < size; i++) {
            count += slots[slot(i)] == null ? 1 : 0;
        }
        return count;
    }

    /** The most lines this buffer keeps; {@code Integer.MAX_VALUE} when only memory bounds it. */
    public int maxLines() {
        return maxLines;
    }

    /** About how many bytes the kept lines take, as estimated when each arrived. Caller holds the lock. */
    public long estimatedBytes() {
        return bytes;
    }

    // ---- the ring ----

    private int slot(int index) {
        int s = start + index;
        return s >= slots.length ? s - slots.length : s;
    }

    /** The line at {@code index} as an object, unpacked (and remembered as touched) if it was packed. */
    private TerminalLine at(int index) {
        int s = slot(index);
        TerminalLine line = slots[s];
        if (line != null) {
            return line;
        }
        if (touchedCount == TOUCHED_LINES) {
            packTouched();
        }
        line = packed.line(addresses[s], metas[s]);
        packed.release(addresses[s], metas[s]);
        bytes -= footprints[s];
        slots[s] = line;
        footprints[s] = footprint(line);
        bytes += footprints[s];
        touched[touchedCount++] = removedFromTop + index;
        return line;
    }

    /** Packs again the lines {@link #at} unpacked, those that are still here and still objects. */
    private void packTouched() {
        for (int i = 0; i < touchedCount; i++) {
            long index = touched[i] - removedFromTop;
            if (index >= 0 && index < size) {
                pack(slot((int) index), false);
            }
        }
        touchedCount = 0;
    }

    /**
     * Packs the line in slot {@code s} when it is an object that may be packed and fits the packed form;
     * {@code fromScreen}: the line just came from the screen (see {@link KeptLines#entering}).
     */
    private void pack(int s, boolean fromScreen) {
        TerminalLine line = slots[s];
        if (line == null || !packing || line.getTypeAheadLine() != null
                || (fromScreen ? keptAsObjects.entering(line) : keptAsObjects.isKept(line))) {
            return;
        }
        long address = packed.add(line, metaOut);
        if (address < 0) {
            return;
        }
        bytes -= footprints[s];
        slots[s] = null;
        addresses[s] = address;
        metas[s] = metaOut[0];
        footprints[s] = CompactLines.footprint(metaOut[0]);
        bytes += footprints[s];
    }

    /** Lets go of slot {@code s}'s line: its packed record, if it has one. */
    private void free(int s) {
        if (slots[s] == null) {
            packed.release(addresses[s], metas[s]);
        }
        slots[s] = null;
        bytes -= footprints[s];
    }

    private String textAt(int index) {
        int s = slot(index);
        TerminalLine line = slots[s];
        return line != null ? line.getText() : packed.text(addresses[s], metas[s]);
    }

    private void ensureSlots(int needed) {
        if (needed <= slots.length) {
            return;
        }
        if (needed > MAX_SLOTS) {
            throw new OutOfMemoryError("history of " + needed + " lines");
        }
        int target = slots.length * 2L > MAX_SLOTS ? MAX_SLOTS : slots.length * 2;
        if (maxLines > 0 && target > maxLines) {
            // The limit usually bounds the size, so the array never needs to be larger than the limit.
            target = maxLines;
        }
        int length = Math.max(needed, target);
        TerminalLine[] grown = new TerminalLine[length];
        int[] grownFootprints = new int[length];
        long[] grownAddresses = new long[length];
        int[] grownMetas = new int[length];
        copyTo(slots, grown, 0, size);
        copyTo(footprints, grownFootprints, 0, size);
        copyTo(addresses, grownAddresses, 0, size);
        copyTo(metas, grownMetas, 0, size);
        slots = grown;
        footprints = grownFootprints;
        addresses = grownAddresses;
        metas = grownMetas;
        start = 0;
    }

    /**
     * Copies entries [0, count) of the ring laid out in {@code ring} ({@link #slots} or {@link #footprints}) to
     * {@code target} from {@code at}, in order.
     */
    private void copyTo(Object ring, Object target, int at, int count) {
        int first = Math.min(count, slots.length - start);
        System.arraycopy(ring, start, target, at, first);
        System.arraycopy(ring, 0, target, at + first, count - first);
    }

    /** @return whether the line was packed: its object is no longer held here */
    private boolean append(TerminalLine line, boolean fromScreen) {
        ensureSlots(size + 1);
        return put(slot(size), line, fromScreen);
    }

    /**
     * Puts {@code line} in the free slot {@code s}, which the caller has just made part of the ring; packs it if
     * it may, and then returns true.
     */
    private boolean put(int s, TerminalLine line, boolean fromScreen) {
        LineRuns.dropPlainBlankTail(line, plainStyles);
        slots[s] = line;
        size++;
        // Packed, the line is measured from its record; only a line that stays an object is walked run by run.
        footprints[s] = 0;
        pack(s, fromScreen);
        if (slots[s] != null) {
            footprints[s] = footprint(line);
            bytes += footprints[s];
            return false;
        }
        return true;
    }

    /**
     * About how many bytes a line takes on the heap: the line with its run list, and per run the run, its
     * character buffer and array. Styles are shared ({@link StyleCanon}) and not counted.
     */
    static int footprint(TerminalLine line) {
        int total = LINE_BYTES;
        for (TerminalLine.TextEntry run : line.getEntries()) {
            total += RUN_BYTES + ((CHAR_ARRAY_HEADER + 2 * run.getLength() + 7) & ~7);
        }
        return total;
    }

    private void dropFirst(int count) {
        for (int i = 0; i < count; i++) {
            free(slot(i));
        }
        start = slot(count);
        size -= count;
        if (size == 0) {
            start = 0;
        }
    }

    private void dropLast(int count) {
        for (int i = size - count; i < size; i++) {
            free(slot(i));
        }
        touchedCount = 0;
        size -= count;
        if (size == 0) {
            start = 0;
        }
    }

    private List<TerminalLine> lines(int from, int to) {
        List<TerminalLine> copy = new ArrayList<>(to - from);
        for (int i = from; i < to; i++) {
            copy.add(at(i));
        }
        return copy;
    }

    /** Replaces the content; used by the rare whole-buffer edits, which are O(size) in the library too. */
    private void replaceAll(List<TerminalLine> lines) {
        rewrites++;
        // Every line of the list is an object now; dropping the packed records first keeps them from
        // being released twice.
        dropAll();
        int from = Math.max(0, lines.size() - maxLines);
        ensureSlots(lines.size() - from);
        for (int i = from; i < lines.size(); i++) {
            append(lines.get(i), false);
        }
    }

    /** The library's private {@code addLine}: a full buffer drops its oldest line first. */
    private void addLine(TerminalLine line) {
        if (size >= maxLines && size > 0) {
            removeTopLines(1);
        }
        append(line, false);
    }

    // ---- LinesBuffer ----

    @Override
    public String getLines() {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < size; i++) {
            if (i > 0) {
                text.append('\n');
            }
            text.append(textAt(i));
        }
        return text.toString();
    }

    @Override
    public List<String> getLineTexts() {
        List<String> texts = new ArrayList<>(size);
        for (int i = 0; i < size; i++) {
            texts.add(textAt(i));
        }
        return texts;
    }

    @Override
    public void addNewLine(TextStyle style, CharBuffer characters) {
        addLine(new TerminalLine(new TerminalLine.TextEntry(style, characters)));
    }

    @Override
    public int getLineCount() {
        return size;
    }

    @Override
    public void removeTopLines(int count) {
        if (count >= size) {
            removedFromTop += size;
            dropAll();
        } else if (count < 0) {
            throw new IndexOutOfBoundsException("cannot remove " + count + " lines");
        } else {
            removedFromTop += count;
            dropFirst(count);
        }
    }

    /** How many lines have left the top of this buffer so far. Caller holds the buffer lock. */
    public long removedFromTop() {
        return removedFromTop;
    }

    /**
     * How many times kept lines were edited, replaced or taken from the bottom (a resize, a clear, an edit of a
     * history line). Unchanged means the history only grew at the bottom and lost lines at the top. Caller holds
     * the buffer lock.
     */
    public long rewrites() {
        return rewrites;
    }

    @Override
    public String getLineText(int index) {
        if (index >= 0 && index < size) {
            return textAt(index);
        }
        return getLine(index).getText();
    }

    @Override
    public void insertLines(int y, int count, int lastLine, TerminalLine.TextEntry filler) {
        int total = size;
        int regionEnd = Math.min(lastLine + 1, total);
        if (regionEnd < 0) {
            regionEnd = 0;
        }
        List<TerminalLine> region = lines(0, regionEnd);
        List<TerminalLine> tail = lines(regionEnd, total);
        int head = y > 0 ? Math.min(y, region.size()) : 0;
        List<TerminalLine> result = new ArrayList<>(region.size() + count + tail.size());
        result.addAll(region.subList(0, head));
        for (int i = 0; i < count; i++) {
            result.add(new TerminalLine(filler));
        }
        result.addAll(region.subList(head, region.size()));
        result.subList(result.size() - count, result.size()).clear();
        result.addAll(tail);
        replaceAll(result);
    }

    @Override
    public LinesBuffer deleteLines(int y, int count, int lastLine, TerminalLine.TextEntry filler) {
        int total = size;
        int regionEnd = Math.min(lastLine + 1, total);
        if (regionEnd < 0) {
            regionEnd = 0;
        }
        List<TerminalLine> region = lines(0, regionEnd);
        List<TerminalLine> tail = lines(regionEnd, total);
        int head = y > 0 ? Math.min(y, region.size()) : 0;
        int deleted = Math.min(count, region.size() - head);
        List<TerminalLine> removed = new ArrayList<>(region.subList(head, head + deleted));
        List<TerminalLine> result = new ArrayList<>(total);
        result.addAll(region.subList(0, head));
        result.addAll(region.subList(head + deleted, region.size()));
        for (int i = 0; i < deleted; i++) {
            result.add(new TerminalLine(filler));
        }
        result.addAll(tail);
        replaceAll(result);
        LinesBuffer removedLines = new LinesBuffer(textProcessing);
        removedLines.addLines(removed);
        return removedLines;
    }

    @Override
    public void writeString(int x, int y, CharBuffer characters, TextStyle style) {
        rewrites++;
        TerminalLine line = getLine(y);
        line.writeString(x, characters, style);
        if (textProcessing != null) {
            textProcessing.processHyperlinks(this, line);
        }
    }

    @Override
    public void clearLines(int startRow, int endRow, TerminalLine.TextEntry filler) {
        rewrites++;
        for (int i = startRow; i <= endRow; i++) {
            getLine(i).clear(filler);
        }
    }

    @Override
    public void clearAll() {
        rewrites++;
        dropAll();
    }

    /** Empties the ring; the caller counts why (an eviction of everything, or a rewrite). */
    private void dropAll() {
        if (slots.length > INITIAL_SLOTS) {
            // A cleared history gives its memory back; a million-line ring is several megabytes of slots.
            slots = new TerminalLine[INITIAL_SLOTS];
            footprints = new int[INITIAL_SLOTS];
            addresses = new long[INITIAL_SLOTS];
            metas = new int[INITIAL_SLOTS];
        } else {
            Arrays.fill(slots, null);
        }
        packed.clear();
        touchedCount = 0;
        start = 0;
        size = 0;
        bytes = 0;
    }

    @Override
    public void deleteCharacters(int x, int y, int count, TextStyle style) {
        rewrites++;
        getLine(y).deleteCharacters(x, count, style);
    }

    @Override
    public void insertBlankCharacters(int x, int y, int count, int maxLength, TextStyle style) {
        rewrites++;
        getLine(y).insertBlankCharacters(x, count, maxLength, style);
    }

    @Override
    public void clearArea(int leftX, int topY, int rightX, int bottomY, TextStyle style) {
        rewrites++;
        for (int y = topY; y < bottomY; y++) {
            getLine(y).clearArea(leftX, rightX, style);
        }
    }

    @Override
    public void processLines(int startRow, int count, StyledTextConsumer consumer) {
        processLines(startRow, count, consumer, -getLineCount());
    }

    @Override
    public void processLines(int startRow, int count, StyledTextConsumer consumer, int startRowOffset) {
        if (startRow < 0) {
            throw new IllegalArgumentException("Negative line number: " + startRow);
        }
        int end = Math.min(startRow + count, size);
        for (int i = startRow; i < end; i++) {
            int s = slot(i);
            if (slots[s] != null) {
                slots[s].process(i, consumer, startRowOffset);
            } else {
                packed.process(addresses[s], metas[s], i, consumer, startRowOffset);
            }
        }
    }

    /** Lines that leave the screen for the history, oldest first, as the library's scrolls and resizes add them. */
    @Override
    public void addLines(List<TerminalLine> lines) {
        addLines(lines, null);
    }

    /**
     * {@link #addLines(List)}, adding to {@code letGo} (if not null) each of {@code lines} that was packed: its
     * object is no longer part of this history, and the caller may use it again.
     */
    void addLines(List<TerminalLine> lines, List<TerminalLine> letGo) {
        int incoming = lines.size();
        if (incoming >= maxLines) {
            // Everything kept now and all but the last maxLines incoming lines leave from the top.
            removedFromTop += size + (incoming - maxLines);
            dropAll();
            ensureSlots(maxLines);
            for (int i = incoming - maxLines; i < incoming; i++) {
                appendFromScreen(lines.get(i), letGo);
            }
        } else {
            int newSize = size + incoming;
            if (newSize >= maxLines) {
                removeTopLines(newSize - maxLines);
            }
            ensureSlots(size + incoming);
            for (TerminalLine line : lines) {
                appendFromScreen(line, letGo);
            }
        }
        keepWithinMemory();
    }

    /**
     * Puts {@code lines} above the oldest line kept, in order, as far as the limits leave room: the newest of them
     * first, so a history that is full or fills up keeps the lines nearest its own. Lines already kept keep their
     * numbers ({@link #removedFromTop} goes down by as many as were put in, and may go below zero), and the edit
     * counts as a rewrite, so a checkpoint's next capture copies the whole tail again.
     *
     * <p>Why: a restore puts a tab's last screen back first and starts its shell, and only then the older history
     * above it, which may by then have lines below it. Caller holds the lock.
     *
     * @return how many of {@code lines} were kept
     */
    public int prependLines(List<TerminalLine> lines) {
        int room = maxLines - size;
        int take = Math.min(lines.size(), Math.max(0, room));
        if (take == 0) {
            return 0;
        }
        rewrites++;
        ensureSlots(size + take);
        for (int i = lines.size() - 1; i >= lines.size() - take; i--) {
            start = start == 0 ? slots.length - 1 : start - 1;
            put(start, lines.get(i), false);
        }
        removedFromTop -= take;
        int before = size;
        keepWithinMemory();
        return Math.max(0, take - (before - size));
    }

    private void appendFromScreen(TerminalLine line, List<TerminalLine> letGo) {
        if (append(line, true) && letGo != null) {
            letGo.add(line);
        }
    }

    /** Drops the oldest lines while the kept ones take more than the memory cap. */
    private void keepWithinMemory() {
        if (maxBytes <= 0 || bytes <= maxBytes) {
            return;
        }
        long over = bytes - maxBytes;
        int count = 0;
        for (long freed = 0; freed < over && count < size; count++) {
            freed += footprints[slot(count)];
        }
        removeTopLines(count);
    }

    @Override
    public TerminalLine getLine(int index) {
        if (index < 0) {
            // The library logs an error and hands out a detached empty line; callers rely on getting a line.
            return TerminalLine.createEmpty();
        }
        for (int count = size; count <= index; count++) {
            addLine(TerminalLine.createEmpty());
        }
        if (index >= size) {
            throw new IndexOutOfBoundsException("Index " + index + " out of bounds for length " + size);
        }
        return at(index);
    }

    @Override
    public void moveBottomLinesTo(int count, LinesBuffer target) {
        int moved = Math.min(count, size);
        if (moved < 0) {
            throw new IndexOutOfBoundsException("cannot move " + count + " lines");
        }
        List<TerminalLine> bottom = lines(size - moved, size);
        rewrites++;
        if (target instanceof RingLinesBuffer ring) {
            List<TerminalLine> combined = new ArrayList<>(bottom.size() + ring.size);
            combined.addAll(bottom);
            combined.addAll(ring.lines(0, ring.size));
            // The library's addLinesFirst ignores the limit; so does this. Lines put in front move every index.
            ring.rewrites++;
            ring.dropAll();
            ring.ensureSlots(combined.size());
            combined.forEach(line -> ring.append(line, false));
        } else {
            // Prepending to a library buffer needs its private addLinesFirst, which only another library
            // buffer can call: stage the lines in an unbounded one and let it move them.
            LinesBuffer staging = new LinesBuffer(-1, textProcessing);
            staging.addLines(bottom);
            staging.moveBottomLinesTo(moved, target);
            bottom.forEach(keptAsObjects::leftHistory);
        }
        dropLast(moved);
    }

    @Override
    public int removeBottomEmptyLines(int ind, int maxCount) {
        int removed = 0;
        int i = ind;
        while (removed < maxCount && i >= 0 && (i >= size || nulOrEmptyAt(i))) {
            if (i < size) {
                rewrites++;
                removeAt(i);
            }
            i--;
            removed++;
        }
        return removed;
    }

    private boolean nulOrEmptyAt(int index) {
        int s = slot(index);
        TerminalLine line = slots[s];
        return line != null ? line.isNulOrEmpty() : packed.nulOrEmpty(addresses[s], metas[s]);
    }

    private void removeAt(int index) {
        if (index == size - 1) {
            dropLast(1);
        } else if (index == 0) {
            dropFirst(1);
        } else {
            List<TerminalLine> rest = lines(0, size);
            rest.remove(index);
            replaceAll(rest);
        }
    }

    @Override
    public void clearTypeAheadPredictions() {
        for (int i = 0; i < size; i++) {
            // A packed line never has a prediction.
            TerminalLine line = slots[slot(i)];
            if (line != null) {
                line.setTypeAheadLine(null);
            }
        }
    }
}
