package dev.holdfast.terminal.agent.transcript;

import com.github.luben.zstd.ZstdInputStream;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.util.Arrays;
import java.util.Objects;

/**
 * Follows one JSON-lines transcript as its agent appends to it: each {@link #read} hands over the complete
 * lines written since the last one (a line still being written waits for its newline) and reads nothing
 * twice. Opened read-only, never written.
 *
 * <p>A file replaced (another inode), cut shorter, or changed in the bytes already read (checked through the
 * last bytes before the read offset) has been rewritten: the read says so and starts again from the top.
 * A {@code .zst} file cannot be read from the middle: it is read whole whenever its inode, size or
 * modification time change (agents compress only finished transcripts, so that is rare).
 *
 * <p>Memory stays bounded whatever the file's size: lines are handed over one at a time, a line longer than
 * {@link TranscriptLimits#maxLineBytes()} is skipped unread, and one call reads at most
 * {@link TranscriptLimits#maxBytesPerRead()} (the result says when there is more).
 */
public final class TranscriptFile {
    /** How many bytes before the read offset are remembered to notice a rewrite of what was read. */
    static final int CHECK_BYTES = 64;

    /** What the file did since the last read. */
    public enum Change {
        /** Nothing new. */
        UNCHANGED,
        /** New lines were appended (or, on the first read, the file was read from its start). */
        APPENDED,
        /** The file was replaced or rewritten: the handler got {@link LineHandler#restart()} and lines from the top. */
        REWRITTEN,
        /** The file is not there (not yet written, or moved away). */
        MISSING
    }

    /** What one read did, and whether more is waiting beyond its byte budget. */
    public record ReadResult(Change change, boolean more) {
    }

    /** Receives the lines of a read, in file order. */
    public interface LineHandler {
        /** One complete line without its newline; {@code bytes} is reused after the call returns. */
        void line(byte[] bytes, int length);

        /** A line longer than the limit was skipped. */
        void oversized(long length);

        /** The file was rewritten: forget what the earlier lines said. */
        void restart();
    }

    private record Identity(Object fileKey, long size, FileTime modified) {
    }

    private final Path path;
    private final TranscriptLimits limits;
    private final boolean compressed;
    private final long tailBytes;
    private Identity identity;
    private long offset;
    private byte[] check = new byte[0];
    private boolean started;
    /** The offset is inside a line (a tail read's start): skip to the next newline without reporting it. */
    private boolean insideFirstLine;
    private byte[] lineBuffer = new byte[8 * 1024];
    private int lineLength;
    /** Bytes of an oversized line skipped so far, or -1 while not skipping one. */
    private long oversizedBytes = -1;

    private TranscriptFile(Path path, TranscriptLimits limits, long tailBytes) {
        this.path = Objects.requireNonNull(path, "path");
        this.limits = Objects.requireNonNull(limits, "limits");
        this.compressed = path.getFileName().toString().endsWith(".zst");
        this.tailBytes = tailBytes;
    }

    /** Follows {@code path} from its first line. */
    public static TranscriptFile fromStart(Path path, TranscriptLimits limits) {
        return new TranscriptFile(path, limits, -1);
    }

    /**
     * Follows {@code path} from its last {@code bytes} (starting at the first whole line in them): for a quick
     * look at recent records of a long transcript. A compressed file is read whole.
     */
    public static TranscriptFile fromTail(Path path, long bytes, TranscriptLimits limits) {
        if (bytes < 0) {
            throw new IllegalArgumentException("bytes must not be negative: " + bytes);
        }
        return new TranscriptFile(path, limits, bytes);
    }

    public Path path() {
        return path;
    }

    /** Reads what was appended since the last call. */
    public ReadResult read(LineHandler handler) throws IOException {
        Identity now;
        try {
            BasicFileAttributes attributes = Files.readAttributes(path, BasicFileAttributes.class);
            now = new Identity(attributes.fileKey(), attributes.size(), attributes.lastModifiedTime());
        } catch (NoSuchFileException e) {
            return new ReadResult(Change.MISSING, false);
        }
        if (compressed) {
            return readCompressed(handler, now);
        }
        boolean rewritten = started && (!Objects.equals(identity.fileKey(), now.fileKey())
                || now.size() < offset || !checkBytesUnchanged());
        if (!started || rewritten) {
            if (rewritten) {
                handler.restart();
            }
            started = true;
            offset = tailBytes >= 0 && !rewritten ? Math.max(0, now.size() - tailBytes) : 0;
            insideFirstLine = offset > 0;
            check = new byte[0];
        }
        identity = now;
        Change change = rewritten ? Change.REWRITTEN : Change.APPENDED;
        if (now.size() == offset) {
            return new ReadResult(rewritten ? Change.REWRITTEN : Change.UNCHANGED, false);
        }
        boolean more;
        try (FileChannel channel = FileChannel.open(path, StandardOpenOption.READ)) {
            long readFrom = offset;
            long position = offset;
            long lineStart = offset;
            channel.position(position);
            ByteBuffer buffer = ByteBuffer.allocate(64 * 1024);
            lineLength = 0;
            oversizedBytes = -1;
            int n;
            while ((n = channel.read(buffer.clear())) > 0) {
                byte[] bytes = buffer.array();
                for (int i = 0; i < n; i++) {
                    if (bytes[i] == '\n') {
                        endLine(handler);
                        lineStart = position + i + 1;
                    } else {
                        append(bytes[i]);
                    }
                }
                position += n;
                // Stop at the budget, but only once a line was finished, so one long line still gets through.
                if (position - offset >= limits.maxBytesPerRead() && lineStart > offset) {
                    break;
                }
            }
            // A line still being written is read again, whole, next time.
            offset = lineStart;
            lineLength = 0;
            oversizedBytes = -1;
            more = channel.size() > position;
            if (lineStart == readFrom && !rewritten) {
                // Only an unfinished line: nothing new yet.
                change = Change.UNCHANGED;
            }
        }
        check = lastBytesBefore(offset);
        return new ReadResult(change, more);
    }

    private ReadResult readCompressed(LineHandler handler, Identity now) throws IOException {
        if (started && now.equals(identity)) {
            return new ReadResult(Change.UNCHANGED, false);
        }
        boolean rewritten = started;
        if (rewritten) {
            handler.restart();
        }
        started = true;
        identity = now;
        lineLength = 0;
        oversizedBytes = -1;
        insideFirstLine = false;
        try {
            ZstdNative.load();
        } catch (UnsatisfiedLinkError e) {
            throw new IOException("the zstd library could not be loaded to read " + path + ": " + e.getMessage(), e);
        }
        try (InputStream in = new ZstdInputStream(new BufferedInputStream(Files.newInputStream(path), 64 * 1024))) {
            byte[] buffer = new byte[64 * 1024];
            int n;
            while ((n = in.read(buffer)) > 0) {
                for (int i = 0; i < n; i++) {
                    if (buffer[i] == '\n') {
                        endLine(handler);
                    } else {
                        append(buffer[i]);
                    }
                }
            }
        }
        // A finished file may lack its last newline.
        endLine(handler);
        return new ReadResult(rewritten ? Change.REWRITTEN : Change.APPENDED, false);
    }

    private void append(byte b) {
        if (insideFirstLine) {
            return;
        }
        if (oversizedBytes >= 0) {
            oversizedBytes++;
            return;
        }
        if (lineLength >= limits.maxLineBytes()) {
            oversizedBytes = lineLength + 1L;
            lineLength = 0;
            return;
        }
        if (lineLength == lineBuffer.length) {
            lineBuffer = Arrays.copyOf(lineBuffer, (int) Math.min(limits.maxLineBytes(), lineBuffer.length * 2L));
        }
        lineBuffer[lineLength++] = b;
    }

    private void endLine(LineHandler handler) {
        if (insideFirstLine) {
            insideFirstLine = false;
        } else if (oversizedBytes >= 0) {
            handler.oversized(oversizedBytes);
        } else if (lineLength > 0) {
            handler.line(lineBuffer, lineLength);
        }
        lineLength = 0;
        oversizedBytes = -1;
        if (lineBuffer.length > 1 << 20) {
            // Give back the memory of one unusually long line.
            lineBuffer = new byte[8 * 1024];
        }
    }

    private boolean checkBytesUnchanged() throws IOException {
        return Arrays.equals(check, lastBytesBefore(offset));
    }

    private byte[] lastBytesBefore(long end) throws IOException {
        int length = (int) Math.min(CHECK_BYTES, end);
        if (length == 0) {
            return new byte[0];
        }
        try (FileChannel channel = FileChannel.open(path, StandardOpenOption.READ)) {
            ByteBuffer buffer = ByteBuffer.allocate(length);
            long at = end - length;
            while (buffer.hasRemaining()) {
                int n = channel.read(buffer, at + buffer.position());
                if (n < 0) {
                    break;
                }
            }
            return Arrays.copyOf(buffer.array(), buffer.position());
        } catch (NoSuchFileException e) {
            return new byte[0];
        }
    }
}
