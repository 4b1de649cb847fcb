package dev.holdfast.app.restore;

import dev.holdfast.app.diagnostics.OutputActivity;
import dev.holdfast.terminal.emulation.TerminalSession;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * When the FX stall monitor should probe: while restored tabs are being replayed (none of which is PTY output,
 * so the monitor's usual cue would miss a restore's stalls), and whenever output arrives. Read from the monitor's
 * thread.
 */
public final class StartupActivity implements BooleanSupplier {
    private final OutputActivity output;
    private final BooleanSupplier restoring;

    /**
     * @param sessions the open tabs' sessions
     * @param restoring whether restored tabs are still being replayed
     */
    public StartupActivity(Supplier<List<TerminalSession>> sessions, BooleanSupplier restoring) {
        this.output = new OutputActivity(sessions);
        this.restoring = restoring;
    }

    @Override
    public boolean getAsBoolean() {
        // Asked every time, so that its "since last asked" stays current.
        boolean outputArrived = output.sinceLastAsked();
        return restoring.getAsBoolean() || outputArrived;
    }
}
