package dev.holdfast.checkpoint.scrollback;

import java.io.IOException;
import java.util.UUID;

/** A record whose file would exceed the size every reader rejects; nothing was written. */
public final class OversizedRecordException extends IOException {

    private final int encodedBytes;
    private final int limitBytes;

    public OversizedRecordException(UUID panelId, int encodedBytes, int limitBytes) {
        super("The checkpoint of panel " + panelId + " encodes to " + encodedBytes
                + " bytes, over the limit of " + limitBytes);
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
