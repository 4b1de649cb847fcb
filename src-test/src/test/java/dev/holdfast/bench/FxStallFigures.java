package dev.holdfast.bench;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** What the FX stall monitor reports in {@code ctl stats} ({@code fxStalls}), as the harness and benchmarks print it. */
public final class FxStallFigures {
    /** Frames of each kept stall's stack printed: enough to tell painting from layout from a lock. */
    static final int STALL_FRAMES_SHOWN = 4;

    private FxStallFigures() {
    }

    /** The upper bound of the bucket holding the p99, in milliseconds ("<16ms": 16); infinite for the open last bucket. */
    public static double p99Millis(JsonNode fxStalls) {
        String bucket = p99Bucket(fxStalls);
        String upper = bucket.replaceAll(".*?(\\d+)\\s*ms$", "$1");
        return upper.matches("\\d+") && !bucket.startsWith(">") ? Double.parseDouble(upper) : Double.POSITIVE_INFINITY;
    }

    /**
     * The p99 bucket's label and the worst stall, from the FX stall monitor's histogram, then each stall it kept:
     * how long, how much of it was GC, and the top {@value #STALL_FRAMES_SHOWN} frames of the FX thread's stack
     * (the JDK's frames below the top one left out).
     */
    public static String of(JsonNode fxStalls) {
        StringBuilder kept = new StringBuilder();
        for (JsonNode stall : fxStalls.path("stalls")) {
            List<String> frames = new ArrayList<>();
            for (JsonNode frame : stall.path("at")) {
                // The top frame, then the caller's: a thread parked in the JDK is waiting for what called it.
                boolean jdk = frame.asText().startsWith("java.base@") || frame.asText().startsWith("java.base/");
                if (frames.size() < STALL_FRAMES_SHOWN && (frames.isEmpty() || !jdk)) {
                    frames.add(frame.asText());
                }
            }
            kept.append(String.format("%n    stall %d ms (GC %d ms) at %s", stall.path("millis").asLong(),
                    stall.path("gcMillis").asLong(), frames.isEmpty() ? "(not sampled)" : String.join(" < ", frames)));
        }
        return String.format("FX stall p99 %s, max %.0f ms (%d probes; histogram %s)%s", p99Bucket(fxStalls),
                fxStalls.path("maxMillis").asDouble(), fxStalls.path("probes").asLong(), fxStalls.path("histogram"),
                kept);
    }

    /**
     * The worst stall between two {@code fxStalls} snapshots of one launch, in milliseconds: the longest of the
     * stalls the monitor kept since {@code before} (it keeps the last few of 100 ms or more), or, with none, the
     * upper bound of the highest histogram bucket that grew (0 when none did). Its {@code maxMillis} is the worst
     * since the launch began, start-up included, which is not the figure of a window measured later.
     */
    public static double worstBetween(JsonNode before, JsonNode after) {
        long added = after.path("stallCount").asLong() - before.path("stallCount").asLong();
        JsonNode kept = after.path("stalls");
        double worst = 0;
        if (added > 0) {
            for (int i = (int) Math.max(0, kept.size() - added); i < kept.size(); i++) {
                worst = Math.max(worst, kept.get(i).path("millis").asDouble());
            }
            return worst;
        }
        for (var bucket : (Iterable<Map.Entry<String, JsonNode>>) after.path("histogram")::fields) {
            if (bucket.getValue().asLong() > before.path("histogram").path(bucket.getKey()).asLong()) {
                String upper = bucket.getKey().replaceAll(".*?(\\d+)\\s*ms$", "$1");
                worst = upper.matches("\\d+") && !bucket.getKey().startsWith(">")
                        ? Double.parseDouble(upper) : Double.POSITIVE_INFINITY;
            }
        }
        return worst;
    }

    /** The label of the histogram's bucket where the 99th percent of probes falls ("<16ms"), or "?" past its end. */
    private static String p99Bucket(JsonNode fxStalls) {
        long probes = fxStalls.path("probes").asLong();
        long seen = 0;
        for (var bucket : (Iterable<Map.Entry<String, JsonNode>>) fxStalls.path("histogram")::fields) {
            seen += bucket.getValue().asLong();
            if (seen >= Math.ceil(probes * 0.99)) {
                return bucket.getKey();
            }
        }
        return "?";
    }
}
