package dev.holdfast.app.view;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.ScheduledFuture;
import org.junit.jupiter.api.Test;

class UiTickerTest {
    @Test
    void aTickAskedForAfterTheWindowClosedIsAlreadyCancelledInsteadOfThrowing() {
        UiTicker ticker = new UiTicker("test-closed-ticker");
        ticker.close();
        ScheduledFuture<?> late = ticker.every(Duration.ofMillis(530), () -> { });
        assertTrue(late.isCancelled(), "a closed ticker never ticks");
        late.cancel(false);
    }
}
