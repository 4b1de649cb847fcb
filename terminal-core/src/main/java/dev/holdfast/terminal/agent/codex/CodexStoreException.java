package dev.holdfast.terminal.agent.codex;

/** Codex's state database could not be read (locked past the timeout, corrupt, an unknown schema). */
public final class CodexStoreException extends RuntimeException {
    public CodexStoreException(String message, Throwable cause) {
        super(message, cause);
    }
}
