package dev.holdfast.app.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class FramePacingTest {
    private static final long PULSE = 1_000_000_000L / 60;

    /** Frames painted over {@code seconds} of 60 Hz pulses, each frame's every row changed or not. */
    private static int framesOver(FramePacing pacing, double seconds, boolean everyRowChanged) {
        int frames = 0;
        for (long now = PULSE; now <= seconds * 1e9; now += PULSE) {
            if (pacing.mayPaint(now)) {
                pacing.painted(now, everyRowChanged);
                frames++;
            }
        }
        return frames;
    }

    @Test
    void aFloodingTerminalIsPaintedAtMostFloodFpsTimesASecond() {
        int frames = framesOver(new FramePacing(RepaintScheduler.FLOOD_FPS), 5, true);
        assertTrue(frames <= 5 * RepaintScheduler.FLOOD_FPS + 1, frames + " frames in 5 s of flood");
        assertTrue(frames >= 5 * RepaintScheduler.FLOOD_FPS / 2, "the flood is still shown moving: " + frames);
    }

    @Test
    void outputThatChangesSomeRowsIsPaintedAtEveryPulse() {
        assertEquals(60, framesOver(new FramePacing(RepaintScheduler.FLOOD_FPS), 1, false));
    }

    @Test
    void theFirstQuietFrameAfterAFloodIsPaintedAtTheNextPulseOfItsFloodFrame() {
        FramePacing pacing = new FramePacing(RepaintScheduler.FLOOD_FPS);
        pacing.painted(0, true);
        assertTrue(!pacing.mayPaint(PULSE), "still a flood frame");
        assertTrue(pacing.mayPaint(1_000_000_000L / RepaintScheduler.FLOOD_FPS));
        pacing.painted(1_000_000_000L / RepaintScheduler.FLOOD_FPS, false);
        assertTrue(pacing.mayPaint(1_000_000_000L / RepaintScheduler.FLOOD_FPS + PULSE), "typing shows at once");
    }

    @Test
    void aFrameWaitsWhileTheRendererDrawsTheOneBeforeAndIsPaintedOnceItIsDone() {
        FramePacing pacing = new FramePacing(RepaintScheduler.FLOOD_FPS);
        assertTrue(pacing.waitsForRenderer(() -> true));
        assertTrue(pacing.waitsForRenderer(() -> true));
        assertFalse(pacing.waitsForRenderer(() -> false), "the renderer is done: paint");
        assertTrue(pacing.waitsForRenderer(() -> true), "the next frame waits again");
    }

    @Test
    void aRendererThatStaysBusyHoldsAFrameBackOnlyABoundedNumberOfPulses() {
        FramePacing pacing = new FramePacing(RepaintScheduler.FLOOD_FPS);
        int waited = 0;
        while (pacing.waitsForRenderer(() -> true)) {
            waited++;
            assertTrue(waited <= FramePacing.MAX_RENDER_WAIT_PULSES, "waited " + waited + " pulses");
        }
        assertEquals(FramePacing.MAX_RENDER_WAIT_PULSES, waited);
        assertTrue(pacing.waitsForRenderer(() -> true), "the bound counts again from the frame painted");
    }
}
