package dev.holdfast.app.restore;

import dev.holdfast.checkpoint.session.WindowFrame;
import java.util.List;
import javafx.geometry.Rectangle2D;

/**
 * Puts a restored window where the user can see it: a frame saved on a monitor that is gone, or larger than
 * the screens now attached, is moved and shrunk onto the screen it overlaps most (else the primary).
 */
public final class WindowPlacement {
    /** At least this much of the title bar must be reachable. */
    static final double MIN_VISIBLE = 64;

    private WindowPlacement() {
    }

    /** @param screens visual bounds of the attached screens, the primary first */
    public static Rectangle2D clamp(WindowFrame frame, List<Rectangle2D> screens) {
        if (screens.isEmpty()) {
            return new Rectangle2D(frame.x(), frame.y(), frame.width(), frame.height());
        }
        Rectangle2D target = screens.get(0);
        double bestOverlap = 0;
        for (Rectangle2D screen : screens) {
            double overlap = overlap(frame, screen);
            if (overlap > bestOverlap) {
                bestOverlap = overlap;
                target = screen;
            }
        }
        double width = Math.min(frame.width(), target.getWidth());
        double height = Math.min(frame.height(), target.getHeight());
        double x = frame.x();
        double y = frame.y();
        boolean visibleEnough = bestOverlap > 0
                && x + width - MIN_VISIBLE >= target.getMinX() && x + MIN_VISIBLE <= target.getMaxX()
                && y >= target.getMinY() && y + MIN_VISIBLE <= target.getMaxY();
        if (!visibleEnough) {
            x = Math.max(target.getMinX(), Math.min(x, target.getMaxX() - width));
            y = Math.max(target.getMinY(), Math.min(y, target.getMaxY() - height));
        }
        return new Rectangle2D(x, y, width, height);
    }

    private static double overlap(WindowFrame f, Rectangle2D s) {
        double w = Math.min(f.x() + f.width(), s.getMaxX()) - Math.max(f.x(), s.getMinX());
        double h = Math.min(f.y() + f.height(), s.getMaxY()) - Math.max(f.y(), s.getMinY());
        return w > 0 && h > 0 ? w * h : 0;
    }
}
