package dev.holdfast.app.restore;

import dev.holdfast.app.diagnostics.OutputActivity;
import dev.holdfast.terminal.emulation.TerminalSession;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * When the FX stall monitor should probe: all the time while the app starts (the window is built, the tabs are
 * restored and replayed: exactly when a stall would hide, since none of it is PTY output), then whenever output
 * arrives. Read from the monitor's thread.
 */
public final class StartupActivity implements BooleanSupplier {
    private final OutputActivity output;
    private final BooleanSupplier restoring;
    private volatile boolean windowBuilt;

    /**
     * @param sessions the open tabs' sessions (empty before the window exists)
     * @param restoring whether restored tabs are still being replayed
     */
    public StartupActivity(Supplier<List<TerminalSession>> sessions, BooleanSupplier restoring) {
        this.output = new OutputActivity(sessions);
        this.restoring = restoring;
    }

    /** The window is built: from now on only the replays and output count. */
    public void windowBuilt() {
        windowBuilt = true;
    }

    @Override
    public boolean getAsBoolean() {
        // Asked every time, so that its "since last asked" stays current.
        boolean outputArrived = output.sinceLastAsked();
        return !windowBuilt || restoring.getAsBoolean() || outputArrived;
    }
}
