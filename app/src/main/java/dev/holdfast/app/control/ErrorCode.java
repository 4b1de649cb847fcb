package dev.holdfast.app.control;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Arrays;
import java.util.Optional;

/** Why a control request failed, as the {@code error.code} of a response. Scripts branch on these names. */
public enum ErrorCode {
    /** The {@code cmd} is not one the server knows. */
    UNKNOWN_COMMAND("unknown-command"),
    /** The line is not a JSON request object, or its arguments are missing, unknown or of the wrong type. */
    BAD_REQUEST("bad-request"),
    /** The request line is longer than the server reads; the connection is closed after this answer. */
    TOO_LARGE("too-large"),
    /** No tab has the given panel id (or prefix). */
    NOT_FOUND("not-found"),
    /** Closing the tab would end a running command; repeat with {@code force}. */
    NEEDS_CONFIRMATION("needs-confirmation"),
    /** The request's {@code v} is not a protocol version this server speaks. */
    UNSUPPORTED_VERSION("unsupported-version"),
    /** The command did not finish within the server's per-command timeout. */
    TIMEOUT("timeout"),
    /** The peer runs as another user; the connection is closed after this answer. */
    FORBIDDEN("forbidden"),
    /** Every connection slot is taken; try again. The connection is closed after this answer. */
    BUSY("busy"),
    /** The command failed inside Holdfast. */
    INTERNAL("internal");

    private final String wireName;

    ErrorCode(String wireName) {
        this.wireName = wireName;
    }

    @JsonValue
    public String wireName() {
        return wireName;
    }

    public static Optional<ErrorCode> fromWireName(String name) {
        return Arrays.stream(values()).filter(code -> code.wireName.equals(name)).findFirst();
    }
}
