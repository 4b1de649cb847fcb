package dev.holdfast.packaging;

import org.junit.jupiter.api.Assumptions;

/** Skips a test with its reason printed on the console, not only in the report file. */
final class Skip {
    private Skip() {
    }

    static void because(String reason) {
        System.out.println("[packaging] SKIPPED: " + reason);
        Assumptions.abort(reason);
    }

    static void unless(boolean condition, String reason) {
        if (!condition) {
            because(reason);
        }
    }
}
