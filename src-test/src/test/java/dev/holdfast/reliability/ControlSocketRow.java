package dev.holdfast.reliability;

import dev.holdfast.bench.ControlAbuse;
import dev.holdfast.bench.HoldfastProcess;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The control socket abused ({@link ControlAbuse}: malformed JSON, 10 MB lines, unknown panels, 200 connections
 * held open): each phase is a case, intact when every `list` made during it was answered and (in a run that
 * judges speed) its p99 round trip stayed under 200 ms; one more case for the socket still being 0600 and the app still answering after it
 * all.
 */
final class ControlSocketRow {
    static final double TARGET_MILLIS = 200;

    private final HarnessOptions options;

    ControlSocketRow(HarnessOptions options) {
        this.options = options;
    }

    RowResult run() throws Exception {
        List<String> losses = new ArrayList<>();
        int intact = 0;
        int cases = 0;
        StringBuilder figures = new StringBuilder("list p99/max ms:");
        try (HoldfastProcess app = HoldfastProcess.prepare("hf-rel-ctl")) {
            Drive.launchAndSettle(app, options.appRoot());
            ControlAbuse.Result result = ControlAbuse.run(app.state().controlSocket(),
                    Duration.ofSeconds(options.socketSeconds()));
            for (ControlAbuse.Phase p : result.phases()) {
                cases++;
                figures.append(String.format(" %s %.0f/%.0f;", p.name().replaceAll(",.*", ""), p.p99(), p.max()));
                if (p.refused() == 0 && (!options.judgesSpeed() || p.p99() < TARGET_MILLIS)) {
                    intact++;
                } else {
                    losses.add(String.format("%s: %d of %d lists refused, p99 %.1f ms, max %.1f ms", p.name(),
                            p.refused(), p.lists(), p.p99(), p.max()));
                }
            }
            cases++;
            boolean answers = !Drive.panels(app).isEmpty();
            if (answers && result.socketMode().equals("rw-------")) {
                intact++;
            } else {
                losses.add("after the abuse: socket mode " + result.socketMode() + ", list answered " + answers);
            }
            figures.append(" socket ").append(result.socketMode());
            figures.append(Double.isNaN(result.idleClosedSeconds()) ? "; silent connection not closed"
                    : String.format("; silent connection closed after %.1f s", result.idleClosedSeconds()));
        }
        return new RowResult("control socket abuse", cases, intact, figures.toString(), losses);
    }
}
