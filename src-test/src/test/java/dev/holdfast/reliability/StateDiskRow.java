package dev.holdfast.reliability;

import dev.holdfast.app.control.ControlClient;
import dev.holdfast.bench.HoldfastProcess;
import dev.holdfast.bench.Ctl;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;

/**
 * The state directory failing under a running app, in turn: its tmpfs filled up, remounted read-only, or the
 * directory removed. Each case: a marker under a finished checkpoint, the failure, a second marker while it
 * lasts, then the space or the directory given back. Intact when the app answered all along (through one
 * connection opened before, which outlives the socket file), the notice bar said something while writes failed
 * and nothing once they worked again, a checkpoint then covered the second marker, and after kill -9 and a
 * relaunch both markers are back. The tmpfs needs root; without it the row is skipped.
 */
final class StateDiskRow {
    enum Failure { FULL, READ_ONLY, REMOVED }

    private static final Duration NOTICE_WITHIN = Duration.ofSeconds(30);
    /** How often the tab prints while the notice's end is awaited (the harness's clock retry is 2 s). */
    private static final Duration NUDGE_EVERY = Duration.ofSeconds(2);

    private final HarnessOptions options;
    private final Random random;

    StateDiskRow(HarnessOptions options, Random random) {
        this.options = options;
        this.random = random;
    }

    RowResult run() throws Exception {
        if (!"0".equals(run("id", "-u").strip())) {
            return RowResult.skipped("state directory failures", "mounting a tmpfs needs root (id -u is not 0)");
        }
        String cannotMount = mountProblem();
        if (cannotMount != null) {
            return RowResult.skipped("state directory failures", "cannot mount a tmpfs here: " + cannotMount);
        }
        List<String> losses = new ArrayList<>();
        int intact = 0;
        List<String> figures = new ArrayList<>();
        for (int k = 0; k < options.diskCases(); k++) {
            Failure failure = Failure.values()[k % Failure.values().length];
            long started = System.nanoTime();
            String problem;
            try {
                problem = tryCase(failure, k);
            } catch (Exception e) {
                problem = "the case could not go on: " + e;
            }
            figures.add(String.format("%s %.0f s", failure.name().toLowerCase(), (System.nanoTime() - started) / 1e9));
            if (problem == null) {
                intact++;
            } else {
                losses.add("case " + k + " (" + failure.name().toLowerCase() + "): " + problem);
            }
        }
        return new RowResult("state dir full / read-only / removed", options.diskCases(), intact,
                "tmpfs 48 MB; " + String.join(", ", figures), losses);
    }

    private String tryCase(Failure failure, int k) throws Exception {
        String tag = Long.toString(Math.abs(random.nextLong()), 36).substring(0, 6);
        String before = "disk-before-" + tag;
        String during = "disk-during-" + tag;
        List<String> wrong = new ArrayList<>();
        try (HoldfastProcess app = HoldfastProcess.prepare("hf-rel-disk")) {
            app.settings(Drive.FAST_SETTINGS);
            Path state = app.state().root();
            run("mount", "-t", "tmpfs", "-o", "size=48m,mode=0700", "tmpfs", state.toString());
            Path filler = state.resolve("filler");
            try {
                Drive.launchAndSettle(app, options.appRoot());
                try (ControlClient client = app.connect(Drive.LAUNCH)) {
                    Ctl ctl = Ctl.over(client);
                    String tab = Drive.panels(ctl).get(0);
                    Drive.awaitPrompt(ctl, tab);
                    Drive.send(ctl, tab, "printf 'disk-%s-%s\\n' before " + tag + "\r");
                    Drive.awaitText(ctl, tab, before);
                    Drive.commit(ctl);
                    switch (failure) {
                        case FULL -> fill(filler);
                        // A read-only bind mount on top: the tmpfs itself has files open for writing (the log), which
                        // a plain remount refuses; the app's next opens go through the read-only mount.
                        case READ_ONLY -> {
                            run("mount", "--bind", state.toString(), state.toString());
                            run("mount", "-o", "remount,bind,ro", state.toString());
                        }
                        case REMOVED -> run("sh", "-c", "rm -rf '" + state + "'/* '" + state + "'/.[!.]*");
                    }
                    // Output while writes fail: the checkpoints that follow must fail and say so.
                    Drive.send(ctl, tab, "printf 'disk-%s-%s\\n' during " + tag + "; seq 1 50\r");
                    Drive.awaitText(ctl, tab, during);
                    if (!Drive.await(NOTICE_WITHIN, () -> !Drive.notice(ctl).isBlank())) {
                        wrong.add("no notice within " + NOTICE_WITHIN.toSeconds() + " s of the writes failing");
                    }
                    String notice = Drive.notice(ctl);
                    if (Drive.panels(ctl).isEmpty()) {
                        wrong.add("the app stopped answering");
                    }
                    switch (failure) {
                        case FULL -> Files.deleteIfExists(filler);
                        case READ_ONLY -> run("umount", "-l", state.toString());
                        case REMOVED -> { }
                    }
                    try {
                        Drive.commit(ctl);
                    } catch (IllegalStateException e) {
                        wrong.add("no checkpoint after the space came back: " + e.getMessage());
                    }
                    // The tab clocks are written when a screen changes: the tab keeps changing while the notice is
                    // awaited, so the clock store's next try (after its retry wait) has something to write.
                    long[] nudged = {0};
                    if (!Drive.await(NOTICE_WITHIN, () -> {
                        if (System.nanoTime() - nudged[0] > NUDGE_EVERY.toNanos()) {
                            nudged[0] = System.nanoTime();
                            Drive.send(ctl, tab, "printf 'disk-nudge-%s\\n' " + nudged[0] + "\r");
                        }
                        return Drive.notice(ctl).isBlank();
                    })) {
                        wrong.add("the notice stayed after writes worked again: \"" + Drive.notice(ctl) + "\"");
                    }
                    if (!wrong.isEmpty()) {
                        wrong.add("notice while failing: \"" + notice + "\"");
                    }
                }
                app.kill9();
                Drive.launchAndSettle(app, options.appRoot());
                List<String> missing = new ArrayList<>(List.of(before, during));
                Drive.await(Duration.ofSeconds(20), () -> {
                    String text = Drive.allText(app);
                    missing.removeIf(text::contains);
                    return missing.isEmpty();
                });
                if (!missing.isEmpty()) {
                    wrong.add("after kill -9 and a relaunch, missing " + missing);
                }
            } finally {
                app.kill9();
                run("sh", "-c", "while mountpoint -q '" + state + "'; do umount -l '" + state + "'; done");
            }
        }
        return wrong.isEmpty() ? null : String.join("; ", wrong);
    }

    private static void fill(Path filler) throws IOException {
        byte[] block = new byte[1 << 20];
        try (OutputStream out = Files.newOutputStream(filler)) {
            while (true) {
                out.write(block);
            }
        } catch (IOException full) {
            // ENOSPC: the tmpfs is full.
        }
        // The last partial block fills whatever the loop left.
        try (OutputStream out = Files.newOutputStream(filler, java.nio.file.StandardOpenOption.APPEND)) {
            for (int i = 0; i < 1 << 12; i++) {
                out.write(block, 0, 256);
            }
        } catch (IOException full) {
            // Full to the byte.
        }
    }

    /** Null when a tmpfs can be mounted (root in a container without the capability cannot), else why not. */
    private static String mountProblem() throws IOException, InterruptedException {
        Path probe = Files.createTempDirectory(Path.of("/tmp"), "hf-rel-mount");
        try {
            run("mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", probe.toString());
            run("umount", probe.toString());
            return null;
        } catch (IOException e) {
            return e.getMessage().strip();
        } finally {
            Files.deleteIfExists(probe);
        }
    }

    private static String run(String... command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        if (!p.waitFor(30, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new IOException(String.join(" ", command) + " failed: " + out);
        }
        return out;
    }
}
