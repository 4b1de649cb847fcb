package dev.holdfast.reliability;

import com.fasterxml.jackson.databind.JsonNode;
import dev.holdfast.app.settings.Settings;
import dev.holdfast.bench.FxStallFigures;
import dev.holdfast.bench.HoldfastProcess;
import dev.holdfast.checkpoint.scrollback.CheckpointSettings;
import dev.holdfast.checkpoint.scrollback.ScrollbackStore;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;

/**
 * Load: tabs flooding output for a while, beside one quiet tab. Measured: the FX thread's stall histogram (its
 * p99 bucket and its worst stall), the app's RSS every 10 s, and the round trip of a key typed into the quiet tab
 * (sent, until its echo is on the screen). Then kill -9 in the middle of the flood, a relaunch, the time until
 * every tab is back, and how old each tab's checkpoint on disk was at the kill: the record the crash left, read
 * from its file, not the last capture the app had asked for. Each flooding tab is a case, intact when its own
 * flood's lines came back and its checkpoint on disk was at most 65 s old. A run that judges its targets has two
 * cases more: the FX thread (stall p99 under 16 ms, none over 100 ms) and memory (RSS within what the scrollback
 * settings allow the flooding tabs, and a flood's garbage, beyond the app's RSS when the flood began).
 */
final class LoadRow {
    static final long MAX_CHECKPOINT_AGE_SECONDS = 65;
    static final double FX_P99_TARGET_MILLIS = 16;
    static final double FX_MAX_TARGET_MILLIS = 100;
    /**
     * What one line of history may cost, at most: a line as the library's objects is about 535 bytes (issue 15's
     * measure of {@code seq}), a packed history line far less; a coloured line of the flood fits either way.
     */
    static final long HISTORY_LINE_BYTES = 1024;
    /**
     * The heap a flood's garbage may add beyond its history: G1 sizes its young generation by how fast the floods
     * allocate, not by what they keep (100–160 MB on two cores, with 3 and with 20 tabs). Growth past it is what
     * the bound catches: RSS that climbed with the output, 1.6 → 2.2 GB with ten tabs before the packed history.
     */
    static final long FLOOD_GARBAGE_MB = 256;
    /** The default checkpoint interval: floods at least this long run with the real cadences. */
    static final int REAL_INTERVAL_SECONDS = 60;

    private final HarnessOptions options;
    private final Random random;

    LoadRow(HarnessOptions options, Random random) {
        this.options = options;
        this.random = random;
    }

    RowResult run() throws Exception {
        int tabs = options.loadTabs();
        List<String> losses = new ArrayList<>();
        int intact = 0;
        List<Long> rss = new ArrayList<>();
        List<Double> keys = new ArrayList<>();
        Map<String, Long> ages = new HashMap<>();
        JsonNode fx;
        double restoreSeconds;
        // Neither settings file of this row sets the scrollback: each tab keeps the default.
        long historyLines = Settings.DEFAULT_HISTORY_LINES;
        boolean shortCadences = options.loadSeconds() < REAL_INTERVAL_SECONDS;
        try (HoldfastProcess app = HoldfastProcess.prepare("hf-rel-load")) {
            if (shortCadences) {
                // A flood shorter than the real checkpoint interval would see no checkpoint at all.
                app.settings(Drive.FAST_SETTINGS);
            }
            Drive.launchAndSettle(app, options.appRoot());
            String quiet = Drive.panels(app).get(0);
            List<String> flooding = new ArrayList<>();
            for (int t = 0; t < tabs; t++) {
                flooding.add(Drive.newTab(app));
            }
            Drive.awaitPrompt(app, quiet);
            for (int t = 0; t < tabs; t++) {
                Drive.awaitPrompt(app, flooding.get(t));
                // Coloured lines naming their tab, without end.
                Drive.send(app, flooding.get(t), "while :; do seq -f $'\\e[3" + (t % 7 + 1) + "mload-" + t
                        + "-%g\\e[0m' 1 2000; done\r");
            }
            long pid = app.process().pid();
            long end = System.nanoTime() + Duration.ofSeconds(options.loadSeconds()).toNanos();
            long nextRss = System.nanoTime();
            int key = 0;
            while (System.nanoTime() < end) {
                if (System.nanoTime() >= nextRss) {
                    rss.add(Drive.rssMegabytes(pid));
                    nextRss += Duration.ofSeconds(10).toNanos();
                }
                String typed = "k" + (key++) + "x";
                long sent = System.nanoTime();
                Drive.send(app, quiet, typed);
                if (Drive.await(Duration.ofSeconds(30), () -> Drive.read(app, quiet, false).contains(typed))) {
                    keys.add((System.nanoTime() - sent) / 1e6);
                } else {
                    keys.add(Double.POSITIVE_INFINITY);
                }
                // Ctrl+U: the line is cleared for the next key.
                Drive.send(app, quiet, "\u0015");
                Thread.sleep(500 + random.nextInt(1000));
            }
            JsonNode stats = Drive.stats(app);
            fx = stats.path("fxStalls");
            UUID launch = UUID.fromString(stats.path("launchId").asText());
            app.kill9();
            Instant killedAt = Instant.now();
            ScrollbackStore store = new ScrollbackStore(app.state(), Clock.systemUTC(),
                    CheckpointSettings.DEFAULT_MAX_RECORD_BYTES);
            for (String id : flooding) {
                ages.put(id, store.read(UUID.fromString(id), launch)
                        .map(r -> Duration.between(r.capturedAt(), killedAt).toSeconds()).orElse(Long.MAX_VALUE));
            }
            long relaunched = System.nanoTime();
            app.launch(options.appRoot());
            app.connect(Drive.LAUNCH).close();
            Drive.awaitRestored(app);
            Map<String, Boolean> back = new HashMap<>();
            Drive.await(Duration.ofSeconds(120), () -> {
                for (int t = 0; t < tabs; t++) {
                    String id = flooding.get(t);
                    if (!back.getOrDefault(id, false)) {
                        back.put(id, Drive.read(app, id, true).contains("load-" + t + "-"));
                    }
                }
                return !back.containsValue(false);
            });
            restoreSeconds = (System.nanoTime() - relaunched) / 1e9;
            for (int t = 0; t < tabs; t++) {
                String id = flooding.get(t);
                long age = ages.getOrDefault(id, Long.MAX_VALUE);
                boolean restored = back.getOrDefault(id, false);
                if (restored && age <= MAX_CHECKPOINT_AGE_SECONDS) {
                    intact++;
                } else {
                    losses.add("tab " + t + ": " + (restored ? "" : "its flood did not come back; ")
                            + "checkpoint " + (age == Long.MAX_VALUE ? "never taken" : age + " s old"));
                }
            }
        }
        int cases = tabs;
        long rssBound = rss.isEmpty() ? -1 : rss.get(0) + FLOOD_GARBAGE_MB
                + tabs * historyLines * HISTORY_LINE_BYTES / (1024 * 1024);
        long rssMax = rss.stream().mapToLong(Long::longValue).max().orElse(-1);
        if (options.judgesSpeed()) {
            cases += 2;
            double p99 = FxStallFigures.p99Millis(fx);
            double max = fx.path("maxMillis").asDouble();
            if (p99 <= FX_P99_TARGET_MILLIS && max < FX_MAX_TARGET_MILLIS) {
                intact++;
            } else {
                losses.add(String.format("FX thread: stall p99 under %s ms, max %.0f ms (targets %.0f and %.0f ms)",
                        Double.isInfinite(p99) ? "?" : String.format("%.0f", p99), max, FX_P99_TARGET_MILLIS,
                        FX_MAX_TARGET_MILLIS));
            }
            if (rssMax >= 0 && rssMax <= rssBound) {
                intact++;
            } else {
                losses.add("memory: RSS reached " + rssMax + " MB, over the bound of " + rssBound + " MB");
            }
        }
        Collections.sort(keys);
        long maxAge = ages.values().stream().mapToLong(Long::longValue).filter(a -> a != Long.MAX_VALUE).max()
                .orElse(-1);
        return new RowResult("load: " + tabs + " tabs flooding " + options.loadSeconds() + " s", cases, intact,
                String.format((shortCadences ? "short cadences; " : "real cadences; ") + "%s; RSS MB every 10 s %s"
                                + " (bound %d MB: the first, %d MB for garbage, %d tabs x %d lines of history); key round trip median %.0f ms,"
                                + " max %.0f ms (%d keys); restore until every tab is back %.1f s; checkpoint on"
                                + " disk at kill max %d s old",
                        FxStallFigures.of(fx), rss, rssBound, FLOOD_GARBAGE_MB, tabs, historyLines, keys.get(keys.size() / 2),
                        keys.get(keys.size() - 1), keys.size(), restoreSeconds, maxAge), losses);
    }
}
