package dev.holdfast.app.control;

import java.util.Objects;

/** The {@code error} object of a failed response. */
public record ControlError(ErrorCode code, String message) {
    public ControlError {
        Objects.requireNonNull(code, "code");
        Objects.requireNonNull(message, "message");
    }
}
