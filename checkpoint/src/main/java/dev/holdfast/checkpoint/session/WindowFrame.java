package dev.holdfast.checkpoint.session;

/**
 * Where the window was, in screen coordinates, and whether it was maximized (then the frame is the size to
 * return to when un-maximized).
 */
public record WindowFrame(double x, double y, double width, double height, boolean maximized) {

    /**
     * Far beyond any real arrangement of screens (sixteen 8K displays side by side are about 123,000 pixels wide):
     * only corruption or a unit mix-up gets past it, and restoring such a frame would put the window off-screen.
     */
    public static final double MAX_COORDINATE = 1_000_000;

    public WindowFrame {
        requireWithinScreens("x", x);
        requireWithinScreens("y", y);
        requireWithinScreens("width", width);
        requireWithinScreens("height", height);
        if (width <= 0 || height <= 0) {
            throw new IllegalArgumentException("window size " + width + "x" + height + " is not positive");
        }
    }

    private static void requireWithinScreens(String name, double value) {
        if (!Double.isFinite(value) || Math.abs(value) > MAX_COORDINATE) {
            throw new IllegalArgumentException("window " + name + " " + value + " is outside any screen");
        }
    }
}
