package dev.holdfast.reliability;

import com.fasterxml.jackson.databind.JsonNode;
import dev.holdfast.bench.HoldfastProcess;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Load: tabs flooding output for a while, beside one quiet tab. Measured: the FX thread's stall histogram (its
 * p99 bucket and its worst stall), the app's RSS every 10 s, and the round trip of a key typed into the quiet tab
 * (sent, until its echo is on the screen). Then kill -9 in the middle of the flood, a relaunch, the time until
 * every tab is back, and how old each tab's last checkpoint was at the kill. Each flooding tab is a case, intact
 * when its own flood's lines came back and its checkpoint was at most 65 s old.
 */
final class LoadRow {
    static final long MAX_CHECKPOINT_AGE_SECONDS = 65;
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
        String stalls;
        double restoreSeconds;
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
            stalls = stallFigures(stats.path("fxStalls"));
            Instant killedAt = Instant.now();
            for (JsonNode p : stats.path("checkpoints").path("panels")) {
                String at = p.path("capturedAt").asText("");
                ages.put(p.path("panelId").asText(), at.isEmpty() || at.equals("null") ? Long.MAX_VALUE
                        : Duration.between(Instant.parse(at), killedAt).toSeconds());
            }
            app.kill9();
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
        Collections.sort(keys);
        long maxAge = ages.values().stream().mapToLong(Long::longValue).filter(a -> a != Long.MAX_VALUE).max()
                .orElse(-1);
        return new RowResult("load: " + tabs + " tabs flooding " + options.loadSeconds() + " s", tabs, intact,
                String.format((shortCadences ? "short cadences; " : "real cadences; ") + "%s; RSS MB every 10 s %s; key round trip median %.0f ms, max %.0f ms (%d keys);"
                                + " restore until every tab is back %.1f s; checkpoint age at kill max %d s",
                        stalls, rss, keys.get(keys.size() / 2), keys.get(keys.size() - 1), keys.size(),
                        restoreSeconds, maxAge), losses);
    }

    /** The p99 bucket's upper bound and the worst stall, from the FX stall monitor's histogram. */
    static String stallFigures(JsonNode fxStalls) {
        long probes = fxStalls.path("probes").asLong();
        long seen = 0;
        String p99 = "?";
        for (var bucket : (Iterable<Map.Entry<String, JsonNode>>) fxStalls.path("histogram")::fields) {
            seen += bucket.getValue().asLong();
            if (seen >= Math.ceil(probes * 0.99)) {
                p99 = bucket.getKey();
                break;
            }
        }
        return String.format("FX stall p99 %s, max %.0f ms (%d probes; histogram %s)", p99,
                fxStalls.path("maxMillis").asDouble(), probes, fxStalls.path("histogram"));
    }
}
