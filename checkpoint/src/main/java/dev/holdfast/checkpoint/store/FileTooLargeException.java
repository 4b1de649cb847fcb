package dev.holdfast.checkpoint.store;

import java.io.IOException;
import java.nio.file.Path;

/** A state file larger than any its writer produces: corrupt or hostile, and never loaded. */
public final class FileTooLargeException extends IOException {

    private final long sizeBytes;
    private final long limitBytes;

    public FileTooLargeException(Path file, long sizeBytes, long limitBytes) {
        super(file.getFileName() + " holds " + sizeBytes + " bytes, over the limit of " + limitBytes);
        this.sizeBytes = sizeBytes;
        this.limitBytes = limitBytes;
    }

    public long sizeBytes() {
        return sizeBytes;
    }

    public long limitBytes() {
        return limitBytes;
    }

    /** Short, for a notice: "it is larger than the limit of N bytes". */
    public String reason() {
        return "it is larger than the limit of " + limitBytes + " bytes";
    }
}
