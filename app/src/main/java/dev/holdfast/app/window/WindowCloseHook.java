package dev.holdfast.app.window;

import java.util.concurrent.CompletableFuture;

/**
 * Runs when the window closes, while its tabs and shells still exist (the clean-quit save needs both).
 * The window ends its sessions once the returned future completes.
 */
public interface WindowCloseHook {
    /** Called on the FX thread; must not block it. */
    CompletableFuture<Void> windowClosing(MainWindow window);

    WindowCloseHook NONE = window -> CompletableFuture.completedFuture(null);
}
