package dev.holdfast.reliability;

import dev.holdfast.app.control.ControlClient;
import dev.holdfast.app.control.ControlCommand;
import dev.holdfast.bench.HoldfastProcess;
import dev.holdfast.bench.Ctl;
import dev.holdfast.checkpoint.session.SessionLoad;
import dev.holdfast.checkpoint.session.SessionSnapshotStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Two instances launched at the same moment on one state directory, round after round. The one whose checkpoints
 * are on owns the directory (whichever socket it answers on): a marker is printed in it and covered by a
 * checkpoint; then both end,
 * in turn by a clean quit or by kill -9. Intact when, in the next round's owner, every marker so far is back, no
 * file was quarantined and the current session file loads: neither instance corrupted the other's session.
 */
final class TwoInstancesRow {
    private final HarnessOptions options;
    private final Random random;
    private boolean ownerOnPrimary;
    private int primaryNotOwner;

    TwoInstancesRow(HarnessOptions options, Random random) {
        this.options = options;
        this.random = random;
    }

    RowResult run() throws Exception {
        List<String> losses = new ArrayList<>();
        int intact = 0;
        Set<String> markers = new LinkedHashSet<>();
        String tag = Long.toString(Math.abs(random.nextLong()), 36).substring(0, 6);
        int bothAnswered = 0;
        try (HoldfastProcess app = HoldfastProcess.prepare("hf-rel-two")) {
            app.settings(Drive.FAST_SETTINGS);
            Path state = app.state().root();
            // Rounds + 1 launches of two: the last one only checks the round before it.
            for (int round = 0; round <= options.instanceRounds(); round++) {
                long quarantinedBefore = Drive.quarantined(state);
                app.launch(options.appRoot());
                Process other = app.start(options.appRoot());
                try {
                    app.connect(Drive.LAUNCH).close();
                    Ctl owner = owner(state);
                    if (owner == null) {
                        losses.add("round " + round + ": no instance owns the state directory");
                        continue;
                    }
                    if (!ownerOnPrimary) {
                        primaryNotOwner++;
                    }
                    if (!Drive.await(Drive.LAUNCH, () -> !Drive.stats(owner).path("startup").path("replaying")
                            .asBoolean(true))) {
                        throw new IllegalStateException("the owner was still replaying");
                    }
                    if (round > 0) {
                        List<String> wrong = new ArrayList<>();
                        List<String> missing = new ArrayList<>(markers);
                        Drive.await(Duration.ofSeconds(20), () -> {
                            String text = Drive.allText(owner);
                            missing.removeIf(text::contains);
                            return missing.isEmpty();
                        });
                        if (!missing.isEmpty()) {
                            wrong.add("missing " + missing);
                            markers.removeAll(missing);
                        }
                        if (Drive.quarantined(state) > quarantinedBefore) {
                            wrong.add("a file was quarantined");
                        }
                        SessionLoad load = new SessionSnapshotStore(app.state(), Clock.systemUTC()).load();
                        if (!(load instanceof SessionLoad.Loaded loaded && loaded.source() == SessionLoad.Source.CURRENT)) {
                            wrong.add("session.json does not load: " + load);
                        }
                        if (wrong.isEmpty()) {
                            intact++;
                        } else {
                            losses.add("round " + round + ": " + String.join("; ", wrong));
                        }
                    }
                    if (round == options.instanceRounds()) {
                        break;
                    }
                    String tab = Drive.panels(owner).get(0);
                    Drive.awaitPrompt(owner, tab);
                    String marker = "two-" + tag + "-" + round;
                    Drive.send(owner, tab, "printf 'two-%s-%s\\n' " + tag + " " + round + "\r");
                    Drive.awaitText(owner, tab, marker);
                    Drive.commit(owner);
                    markers.add(marker);
                    if (secondAnswers(state, app.process(), other)) {
                        bothAnswered++;
                    }
                    if (round % 2 == 0) {
                        quitAll(app, state, other);
                    }
                } finally {
                    app.kill9();
                    other.destroyForcibly();
                    other.waitFor(20, TimeUnit.SECONDS);
                }
            }
        }
        return new RowResult("two instances, one state dir", options.instanceRounds(), intact,
                "both instances answered in " + bothAnswered + " of " + options.instanceRounds() + " rounds;"
                        + " control.sock (what ctl reaches by default) was the instance that does not own the state"
                        + " in " + primaryNotOwner + " of " + (options.instanceRounds() + 1) + " launches;"
                        + " ends alternate clean quit / kill -9", losses);
    }

    /** Whether both instances answer, one on control.sock, the other on its control-&lt;pid&gt;.sock. */
    private static boolean secondAnswers(Path state, Process first, Process other) throws Exception {
        return Drive.await(Duration.ofSeconds(30), () -> {
            int answering = 0;
            for (Path socket : sockets(state)) {
                try (ControlClient c = ControlClient.connect(socket, Duration.ofSeconds(10))) {
                    if (!Drive.panels(Ctl.over(c)).isEmpty()) {
                        answering++;
                    }
                }
            }
            return answering == 2;
        });
    }

    /**
     * The instance that owns the state directory (its checkpoints are on), over its socket, a connection per
     * request; null when none answers as the owner in time. Notes whether that socket is control.sock.
     */
    private Ctl owner(Path state) throws Exception {
        Path[] found = new Path[1];
        Drive.await(Duration.ofSeconds(60), () -> {
            for (Path socket : sockets(state)) {
                try (ControlClient c = ControlClient.connect(socket, Duration.ofSeconds(10))) {
                    if (Drive.stats(Ctl.over(c)).path("checkpoints").path("enabled").asBoolean()) {
                        found[0] = socket;
                        return true;
                    }
                } catch (java.io.IOException notThisOne) {
                    // Starting, or gone.
                }
            }
            return false;
        });
        if (found[0] == null) {
            return null;
        }
        ownerOnPrimary = found[0].getFileName().toString().equals("control.sock");
        Path socket = found[0];
        return (command, args) -> {
            try (ControlClient c = ControlClient.connect(socket, Duration.ofSeconds(30))) {
                return Ctl.over(c).ctl(command, args);
            }
        };
    }

    private static List<Path> sockets(Path state) throws java.io.IOException {
        try (Stream<Path> files = Files.list(state)) {
            return files.filter(p -> p.getFileName().toString().endsWith(".sock")).sorted().toList();
        }
    }

    private static void quitAll(HoldfastProcess app, Path state, Process other) throws Exception {
        try (Stream<Path> sockets = Files.list(state)) {
            for (Path socket : sockets.filter(p -> p.getFileName().toString().endsWith(".sock")).toList()) {
                try (ControlClient c = ControlClient.connect(socket, Duration.ofSeconds(10))) {
                    Ctl.over(c).ctl(ControlCommand.QUIT);
                } catch (java.io.IOException gone) {
                    // A socket of an instance already gone.
                }
            }
        }
        app.process().waitFor(60, TimeUnit.SECONDS);
        other.waitFor(60, TimeUnit.SECONDS);
    }
}
