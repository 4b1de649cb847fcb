package dev.holdfast.app.control;

import java.util.Objects;

/**
 * A command that cannot be carried out for a reason the client should hear, such as an unknown panel. A
 * {@link ControlTarget} completes its future with this exception to answer with {@link #code()}; any other
 * exception is answered as {@link ErrorCode#INTERNAL} and logged.
 */
public final class ControlException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final ErrorCode code;

    public ControlException(ErrorCode code, String message) {
        super(Objects.requireNonNull(message, "message"), null, false, false);
        this.code = Objects.requireNonNull(code, "code");
    }

    /** The usual answer of a target that no longer has the tab it was asked about. */
    public static ControlException panelNotFound(Object panelId) {
        return new ControlException(ErrorCode.NOT_FOUND, "no tab has panel id " + panelId);
    }

    public ErrorCode code() {
        return code;
    }

    public ControlError toError() {
        return new ControlError(code, getMessage());
    }
}
