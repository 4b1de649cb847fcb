package dev.holdfast.checkpoint.session;

import java.io.IOException;

/** A snapshot whose file would be larger than any reader accepts; nothing was written. */
public final class OversizedSnapshotException extends IOException {

    private final int encodedBytes;
    private final int limitBytes;

    public OversizedSnapshotException(int encodedBytes, int limitBytes) {
        super("The session encodes to " + encodedBytes + " bytes, over the limit of " + limitBytes);
        this.encodedBytes = encodedBytes;
        this.limitBytes = limitBytes;
    }

    public int encodedBytes() {
        return encodedBytes;
    }

    public int limitBytes() {
        return limitBytes;
    }
}
