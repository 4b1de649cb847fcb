package dev.holdfast.reliability;

import dev.holdfast.app.control.ControlCommand;
import dev.holdfast.bench.HoldfastProcess;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

/**
 * kill -9 at random moments, in turn: while a tab floods, while a checkpoint is being written, during the quit's
 * save, 0–3 s after a launch (start-up and restore), and twice in a row during start-up. Before each kill a
 * marker is printed in the quiet tab and covered by a finished checkpoint; after the relaunch that follows, every
 * marker covered so far must be back, no file may have been found torn (quarantined), and no temporary file may
 * be left behind. One app and state directory for the whole row: each case starts from what the last one
 * restored, so the restored scrollback itself must survive the crashes that come after.
 */
final class Kill9Row {
    // In this order, so that a quick run of three has the crash loop, a checkpoint's writes and output.
    enum Moment { STARTUP_TWICE, CHECKPOINT, OUTPUT, QUIT, STARTUP }

    private static final String FLOOD = "while :; do seq 1 300; sleep 0.05; done\r";

    private final HarnessOptions options;
    private final Random random;

    Kill9Row(HarnessOptions options, Random random) {
        this.options = options;
        this.random = random;
    }

    RowResult run() throws Exception {
        int intact = 0;
        List<String> losses = new ArrayList<>();
        Map<Moment, Integer> tried = new EnumMap<>(Moment.class);
        int checkpointHits = 0;
        double worstRestore = 0;
        long worstTemps = 0;
        Set<String> committed = new LinkedHashSet<>();
        String tag = Long.toString(Math.abs(random.nextLong()), 36).substring(0, 6);
        try (HoldfastProcess app = HoldfastProcess.prepare("hf-rel-kill")) {
            app.settings(Drive.FAST_SETTINGS);
            Path state = app.state().root();
            Drive.launchAndSettle(app, options.appRoot());
            Drive.newTab(app);
            for (int k = 0; k < options.kills(); k++) {
                Moment moment = Moment.values()[k % Moment.values().length];
                tried.merge(moment, 1, Integer::sum);
                List<String> panels = Drive.panels(app);
                while (panels.size() < 2) {
                    Drive.newTab(app);
                    panels = Drive.panels(app);
                }
                String quiet = panels.get(0);
                String busy = panels.get(1);
                Drive.awaitPrompt(app, quiet);
                Drive.awaitPrompt(app, busy);
                String marker = "rel-" + tag + "-" + k;
                // printf joins the marker, so only the output holds it whole, not the typed command.
                Drive.send(app, quiet, "printf 'rel-%s-%s\\n' " + tag + " " + k + "\r");
                Drive.awaitText(app, quiet, marker);
                Drive.commit(app);
                committed.add(marker);
                long quarantinedBefore = Drive.quarantined(state);
                Drive.send(app, busy, FLOOD);
                Drive.send(app, quiet, "printf 'uncommitted-%s\\n' " + k + "\r");
                Thread.sleep(100);
                switch (moment) {
                    case OUTPUT -> {
                        Thread.sleep(random.nextInt(1500));
                        app.kill9();
                    }
                    case CHECKPOINT -> {
                        if (Drive.await(java.time.Duration.ofSeconds(8),
                                () -> Drive.stats(app).path("checkpoints").path("inProgress").asBoolean())) {
                            checkpointHits++;
                        }
                        Thread.sleep(random.nextInt(20));
                        app.kill9();
                    }
                    case QUIT -> {
                        CompletableFuture.runAsync(() -> {
                            try {
                                app.ctl(ControlCommand.QUIT);
                            } catch (Exception goneAlready) {
                                // The kill may come first.
                            }
                        });
                        Thread.sleep(random.nextInt(400));
                        app.kill9();
                    }
                    case STARTUP, STARTUP_TWICE -> {
                        Thread.sleep(random.nextInt(500));
                        app.kill9();
                        int crashes = moment == Moment.STARTUP ? 1 : 2;
                        for (int c = 0; c < crashes; c++) {
                            app.launch(options.appRoot());
                            Thread.sleep(random.nextInt(3000));
                            app.kill9();
                        }
                    }
                }
                long started = System.nanoTime();
                Drive.launchAndSettle(app, options.appRoot());
                List<String> missing = new ArrayList<>(committed);
                Drive.await(Drive.STEP, () -> {
                    String all = Drive.allText(app);
                    missing.removeIf(all::contains);
                    return missing.isEmpty();
                });
                worstRestore = Math.max(worstRestore, (System.nanoTime() - started) / 1e9);
                long quarantinedAfter = Drive.quarantined(state);
                long temps = Drive.temporaries(state);
                worstTemps = Math.max(worstTemps, temps);
                List<String> wrong = new ArrayList<>();
                if (!missing.isEmpty()) {
                    wrong.add("missing " + missing);
                    committed.removeAll(missing);
                }
                if (quarantinedAfter > quarantinedBefore) {
                    wrong.add((quarantinedAfter - quarantinedBefore) + " file(s) found torn and quarantined");
                }
                if (temps > 2) {
                    wrong.add(temps + " temporary files left");
                }
                if (wrong.isEmpty()) {
                    intact++;
                } else {
                    losses.add("case " + k + " (" + moment.name().toLowerCase() + "): " + String.join("; ", wrong)
                           );
                }
            }
        }
        return new RowResult("kill -9 at random moments", options.kills(), intact,
                String.format("%s; checkpoint in progress at %d of %d checkpoint kills; relaunch to all back max"
                        + " %.1f s; temp files max %d", tried.toString().toLowerCase(), checkpointHits,
                        tried.getOrDefault(Moment.CHECKPOINT, 0), worstRestore, worstTemps), losses);
    }
}
