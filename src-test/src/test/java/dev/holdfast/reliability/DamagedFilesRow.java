package dev.holdfast.reliability;

import dev.holdfast.app.control.ControlCommand;
import dev.holdfast.bench.HoldfastProcess;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Damaged files in every state file's place. A state is made once by the real app: a clean quit with marker 1
 * (so {@code session.scrollback.json} holds it), a relaunch that restores it, marker 2 under a finished
 * checkpoint, an autosave, then kill -9 (so there are a sentinel, checkpoint records and {@code panes.sqlite}
 * too). Each case copies that state, damages one file — random bytes, cut in half, another format version,
 * another panel's record, 50 MB, a 3 GB sparse file; {@code session.previous.json} together with a corrupt
 * {@code session.json}, since only then is it read — and launches: intact when the app answers, the file was
 * quarantined, the notice bar says something, and the good generation was used (the markers are back; marker 2
 * lives only in the checkpoint record, so a damaged record may take it).
 */
final class DamagedFilesRow {
    enum Damage { CORRUPT, TRUNCATED, WRONG_VERSION, WRONG_PANEL, FIFTY_MB, THREE_GB_SPARSE }

    private record Case(String file, Damage damage) {
    }

    private static final String RECORD = "scrollback/<panel>.json";
    private static final List<String> FILES = List.of("session.json", "session.previous.json",
            "session.scrollback.json", "launch.sentinel", RECORD, "panes.sqlite");
    private static final Pattern VERSION = Pattern.compile("\"version\"\\s*:\\s*\\d+");
    private static final Pattern PANEL = Pattern.compile(
            "\"panelId\"\\s*:\\s*\"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\"");

    private final HarnessOptions options;
    private final Random random;

    DamagedFilesRow(HarnessOptions options, Random random) {
        this.options = options;
        this.random = random;
    }

    RowResult run() throws Exception {
        List<Case> all = new ArrayList<>();
        for (Damage damage : Damage.values()) {
            for (String file : FILES) {
                boolean json = !file.equals("panes.sqlite");
                // The sentinel and the database carry no format version of their own.
                if ((damage == Damage.WRONG_VERSION && (!json || file.equals("launch.sentinel"))) || (damage == Damage.WRONG_PANEL && !file.equals(RECORD))) {
                    continue;
                }
                all.add(new Case(file, damage));
            }
        }
        List<String> losses = new ArrayList<>();
        int intact = 0;
        String tag = Long.toString(Math.abs(random.nextLong()), 36).substring(0, 6);
        String m1 = "damage-one-" + tag;
        String m2 = "damage-two-" + tag;
        try (HoldfastProcess base = HoldfastProcess.prepare("hf-rel-dmg")) {
            makeState(base, tag);
            for (int k = 0; k < options.damages(); k++) {
                // A stride coprime with the number of cases spreads a few cases over files and damages alike.
                Case c = all.get((k * 7) % all.size());
                String problem;
                try {
                    problem = tryCase(base.state().root(), c, m1, m2);
                } catch (Exception e) {
                    problem = "the case could not go on: " + e;
                }
                if (problem == null) {
                    intact++;
                } else {
                    losses.add(c.file() + " " + c.damage().name().toLowerCase() + ": " + problem);
                }
            }
        }
        return new RowResult("damaged state files", options.damages(), intact,
                all.size() + " file x damage kinds, tried in turn", losses);
    }

    private void makeState(HoldfastProcess app, String tag) throws Exception {
        app.settings(Drive.FAST_SETTINGS);
        Drive.launchAndSettle(app, options.appRoot());
        String tab = Drive.panels(app).get(0);
        Drive.awaitPrompt(app, tab);
        Drive.send(app, tab, "printf 'damage-%s-%s\\n' one " + tag + "\r");
        Drive.awaitText(app, tab, "damage-one-" + tag);
        app.ctl(ControlCommand.QUIT);
        if (!app.process().waitFor(60, java.util.concurrent.TimeUnit.SECONDS)) {
            throw new IllegalStateException("the clean quit did not end the app");
        }
        Drive.launchAndSettle(app, options.appRoot());
        tab = Drive.panels(app).get(0);
        Drive.awaitPrompt(app, tab);
        Drive.send(app, tab, "printf 'damage-%s-%s\\n' two " + tag + "\r");
        Drive.awaitText(app, tab, "damage-two-" + tag);
        Drive.commit(app);
        Thread.sleep(1500);
        app.kill9();
        for (String file : FILES) {
            if (resolve(app.state().root(), file) == null) {
                throw new IllegalStateException("the prepared state has no " + file);
            }
        }
    }

    /** Null when nothing was lost, else what was. */
    private String tryCase(Path baseState, Case c, String m1, String m2) throws Exception {
        try (HoldfastProcess app = HoldfastProcess.prepare("hf-rel-dmg")) {
            app.settings(Drive.FAST_SETTINGS);
            Path state = app.state().root();
            copyState(baseState, state);
            long quarantinedBefore = Drive.quarantined(state);
            damage(resolve(state, c.file()), c.damage());
            if (c.file().equals("panes.sqlite")) {
                // After a kill -9 the database's pages are in its WAL, which would mask damage to the main file:
                // the damage takes the whole database.
                Files.deleteIfExists(state.resolve("panes.sqlite-wal"));
                Files.deleteIfExists(state.resolve("panes.sqlite-shm"));
            }
            if (c.file().equals("session.previous.json")) {
                // The previous generation is read only when session.json is unusable: make it needed.
                damage(state.resolve("session.json"), Damage.CORRUPT);
            }
            app.launch(options.appRoot());
            try {
                app.connect(Drive.LAUNCH).close();
                Drive.awaitRestored(app);
            } catch (IllegalStateException e) {
                return "the app did not start: " + e.getMessage();
            }
            List<String> wanted = c.file().equals(RECORD) ? List.of(m1) : List.of(m1, m2);
            List<String> missing = new ArrayList<>(wanted);
            Drive.await(Duration.ofSeconds(20), () -> {
                String text = Drive.allText(app);
                missing.removeIf(text::contains);
                return missing.isEmpty();
            });
            List<String> wrong = new ArrayList<>();
            if (!missing.isEmpty()) {
                wrong.add("missing " + missing);
            }
            if (Drive.quarantined(state) <= quarantinedBefore) {
                wrong.add("not quarantined");
            }
            String notice = Drive.notice(app);
            if (notice.isBlank()) {
                wrong.add("no notice");
            }
            return wrong.isEmpty() ? null : String.join("; ", wrong) + " (notice: \"" + notice + "\")";
        }
    }

    private static Path resolve(Path state, String file) throws IOException {
        if (!file.equals(RECORD)) {
            Path p = state.resolve(file);
            return Files.isRegularFile(p) ? p : null;
        }
        try (Stream<Path> records = Files.list(state.resolve("scrollback"))) {
            return records.filter(p -> p.getFileName().toString().matches("[0-9a-f-]{36}\\.json")).findFirst()
                    .orElse(null);
        }
    }

    private static void copyState(Path from, Path to) throws IOException {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path source : files.toList()) {
                Path target = to.resolve(from.relativize(source).toString());
                if (Files.isDirectory(source)) {
                    Files.createDirectories(target);
                } else if (Files.isRegularFile(source) && !source.getFileName().toString().endsWith(".sock")) {
                    Files.copy(source, target, java.nio.file.StandardCopyOption.REPLACE_EXISTING,
                            java.nio.file.StandardCopyOption.COPY_ATTRIBUTES);
                }
            }
        }
    }

    private void damage(Path file, Damage damage) throws IOException {
        byte[] bytes = Files.readAllBytes(file);
        switch (damage) {
            case CORRUPT -> {
                byte[] noise = new byte[Math.max(64, bytes.length)];
                random.nextBytes(noise);
                Files.write(file, noise);
            }
            case TRUNCATED -> Files.write(file, java.util.Arrays.copyOf(bytes, bytes.length / 2));
            case WRONG_VERSION -> Files.writeString(file, replaceFirst(VERSION, bytes, "\"version\": 999"));
            case WRONG_PANEL -> Files.writeString(file, replaceFirst(PANEL, bytes,
                    "\"panelId\": \"" + UUID.randomUUID() + "\""));
            case FIFTY_MB -> {
                // Starts as the real file does, then goes on: a reader that trusts the start reads it all.
                byte[] big = new byte[50 * 1024 * 1024];
                java.util.Arrays.fill(big, (byte) ' ');
                System.arraycopy(bytes, 0, big, 0, Math.min(bytes.length, big.length));
                Files.write(file, big);
            }
            case THREE_GB_SPARSE -> {
                try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
                    raf.setLength(3L * 1024 * 1024 * 1024);
                }
            }
        }
    }

    private static String replaceFirst(Pattern pattern, byte[] bytes, String replacement) {
        String text = new String(bytes, StandardCharsets.UTF_8);
        Matcher m = pattern.matcher(text);
        if (!m.find()) {
            throw new IllegalStateException("no " + pattern + " to replace in " + text.substring(0,
                    Math.min(200, text.length())));
        }
        return m.replaceFirst(Matcher.quoteReplacement(replacement));
    }
}
