package dev.holdfast.checkpoint.clocks;

/** {@code panes.sqlite} could not do what was asked, and why. */
final class ClockStoreException extends Exception {
    private final ClockStoreProblem problem;

    ClockStoreException(ClockStoreProblem problem, String message, Throwable cause) {
        super(message, cause);
        this.problem = problem;
    }

    ClockStoreProblem problem() {
        return problem;
    }
}
