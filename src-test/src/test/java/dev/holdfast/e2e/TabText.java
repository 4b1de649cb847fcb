package dev.holdfast.e2e;

import dev.holdfast.app.tabs.TerminalTab;
import java.time.Duration;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/** What the GUI tests read from a tab, and how they wait for it. */
final class TabText {
    static final Duration DEADLINE = Duration.ofSeconds(30);

    private TabText() {
    }

    /** Every line of the tab's history and screen, read under the buffer lock. */
    static String of(TerminalTab tab) {
        var buffer = tab.session().buffer();
        buffer.lock();
        try {
            StringBuilder sb = new StringBuilder();
            for (int i = -buffer.getHistoryLinesCount(); i < buffer.getHeight(); i++) {
                sb.append(buffer.getLine(i).getText()).append('\n');
            }
            return sb.toString();
        } finally {
            buffer.unlock();
        }
    }

    /** Polls {@code condition} until it holds or the deadline passes; {@code context} explains a failure. */
    static void await(String what, BooleanSupplier condition, Supplier<String> context) throws InterruptedException {
        long deadline = System.nanoTime() + DEADLINE.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out waiting for " + what + context.get());
            }
            Thread.sleep(25);
        }
    }

    static void await(String what, BooleanSupplier condition) throws InterruptedException {
        await(what, condition, () -> "");
    }
}
