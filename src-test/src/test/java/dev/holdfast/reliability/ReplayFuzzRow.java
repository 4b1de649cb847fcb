package dev.holdfast.reliability;

import dev.holdfast.bench.HoldfastProcess;
import dev.holdfast.checkpoint.session.PanelSnapshot;
import dev.holdfast.checkpoint.session.SessionSnapshot;
import dev.holdfast.checkpoint.session.SessionSnapshotStore;
import dev.holdfast.checkpoint.session.WindowFrame;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Restored scrollback as hostile as a program's output can be: random bytes and control characters mixed with
 * OSC 52 clipboard writes, DSR / DA / DECRQSS queries, title and palette sets, and mode changes left open (mouse
 * reporting, bracketed paste, the alternate screen). Each case saves a session of two such tabs and launches the
 * real app on it, with a shell that records every byte its terminal sends it. Intact when, after the restore,
 * no byte reached either PTY, each tab's title is the saved one (no fuzzed title took over), the model holds no
 * sequence but SGR (read back with {@code ctl read --ansi}), the fuzz's plain-text marker is back, and the app
 * answers. The clipboard is not observable from outside the app; the model check covers OSC 52 reaching it.
 */
final class ReplayFuzzRow {
    private static final String SAVED_TITLE = "fuzz-saved-title";
    /** Anything in the model's rendering other than SGR and plain text. */
    private static final Pattern NOT_SGR = Pattern.compile("\u001b(?!\\[[0-9;:]*m)");

    private final HarnessOptions options;
    private final Random random;

    ReplayFuzzRow(HarnessOptions options, Random random) {
        this.options = options;
        this.random = random;
    }

    RowResult run() throws Exception {
        List<String> losses = new ArrayList<>();
        int intact = 0;
        long bytesToPtys = 0;
        for (int k = 0; k < options.fuzzCases(); k++) {
            List<String> wrong = new ArrayList<>();
            try (HoldfastProcess app = HoldfastProcess.prepare("hf-rel-fuzz")) {
                Path records = Files.createDirectories(app.work().resolve("pty-input"));
                Path recorder = app.work().resolve("recorder.sh");
                // A shell that echoes nothing and keeps every byte its terminal sends it.
                Files.writeString(recorder, "#!/bin/bash\nstty raw -echo\nprintf '" + HoldfastProcess.PROMPT
                        + " '\nexec cat > '" + records + "'/$$.in\n");
                Files.setPosixFilePermissions(recorder, PosixFilePermissions.fromString("rwx------"));
                app.environment("SHELL", recorder.toString());
                List<String> markers = new ArrayList<>();
                List<PanelSnapshot> panels = new ArrayList<>();
                for (int tab = 0; tab < 2; tab++) {
                    String marker = "fuzz-marker-" + k + "-" + tab + "-" + Integer.toHexString(random.nextInt());
                    markers.add(marker);
                    panels.add(new PanelSnapshot(UUID.randomUUID(), null, SAVED_TITLE, app.home().toString(),
                            fuzz(marker), true));
                }
                Instant now = Instant.now();
                new SessionSnapshotStore(app.state(), Clock.systemUTC()).save(new SessionSnapshot(now,
                        new WindowFrame(0, 0, 1200, 800, false), panels, 0, now));
                Drive.launchAndSettle(app, options.appRoot());
                List<String> ids = Drive.panels(app);
                for (String id : ids) {
                    Drive.awaitPrompt(app, id);
                }
                // A round trip through every tab's model after its replay and its shell's start.
                String all = Drive.allText(app);
                for (String marker : markers) {
                    if (!all.contains(marker)) {
                        wrong.add("marker " + marker + " not restored");
                    }
                }
                for (String id : ids) {
                    var a = Drive.args();
                    a.put("panel", id);
                    a.put("scrollback", true);
                    a.put("ansi", true);
                    String ansi = app.ctl(dev.holdfast.app.control.ControlCommand.READ, a).path("text").asText();
                    var m = NOT_SGR.matcher(ansi);
                    if (m.find()) {
                        wrong.add("the model holds a non-SGR sequence: "
                                + printable(ansi.substring(m.start(), Math.min(ansi.length(), m.start() + 20))));
                    }
                }
                for (Map.Entry<String, String> title : Drive.titles(app).entrySet()) {
                    if (!title.getValue().equals(SAVED_TITLE)) {
                        wrong.add("tab title is \"" + printable(title.getValue()) + "\"");
                    }
                }
                long received = 0;
                try (Stream<Path> files = Files.list(records)) {
                    for (Path f : files.toList()) {
                        received += Files.size(f);
                    }
                }
                bytesToPtys += received;
                if (received > 0) {
                    wrong.add(received + " bytes reached the PTYs");
                }
            }
            if (wrong.isEmpty()) {
                intact++;
            } else {
                losses.add("case " + k + ": " + String.join("; ", wrong));
            }
        }
        return new RowResult("replay fuzz", options.fuzzCases(), intact,
                "2 tabs x 20 KB of hostile scrollback each; bytes to PTYs " + bytesToPtys, losses);
    }

    private String fuzz(String marker) {
        String[] hostile = {
            "\u001b]52;c;" + java.util.Base64.getEncoder().encodeToString("pwned".getBytes()) + "\u0007",
            "\u001b]52;p;?\u001b\\", "\u001b[6n", "\u001b[5n", "\u001b[c", "\u001b[>c", "\u001b[=c",
            "\u001bP$qm\u001b\\", "\u001bP$q\"p\u001b\\", "\u001b]0;FUZZ-TITLE\u0007", "\u001b]2;FUZZ-WINDOW\u001b\\",
            "\u001b]1;FUZZ-ICON\u0007", "\u001b]4;1;rgb:ff/00/00\u0007", "\u001b]10;?\u0007", "\u001b]11;#000000\u0007",
            "\u001b[?1000h", "\u001b[?1002h", "\u001b[?1006h", "\u001b[?2004h", "\u001b[?1049h", "\u001b[?47h",
            "\u001b[?25l", "\u001b[?1h", "\u001b=", "\u001b[21t", "\u001b[14t", "\u001b[18t", "\u001b[?u",
            "\u001b]7;file:///etc\u0007", "\u001b]133;A\u0007", "\u001b]8;;http://x\u0007link\u001b]8;;\u0007",
            "\u001b[31;1mred\u001b[0m", "\u001b[38;2;1;2;3mrgb\u001b[0m", "\u001b[2J", "\u001b[H", "\u001bc",
        };
        StringBuilder s = new StringBuilder(24_000);
        s.append(marker).append("\r\n");
        while (s.length() < 20_000) {
            int pick = random.nextInt(4);
            if (pick == 0) {
                for (int i = random.nextInt(40); i > 0; i--) {
                    s.append((char) random.nextInt(256));
                }
            } else if (pick == 1) {
                s.append("text ").append(random.nextInt(1000)).append("\r\n");
            } else {
                s.append(hostile[random.nextInt(hostile.length)]);
            }
        }
        // Left open at the end: the alternate screen, mouse reporting, bracketed paste, an unfinished OSC.
        s.append("\r\n").append(marker).append("-end\r\n\u001b[?1049h\u001b[?1000h\u001b[?2004h\u001b]0;FUZZ-LAST");
        return s.toString();
    }

    private static String printable(String s) {
        return s.replace("\u001b", "ESC").replaceAll("\\p{Cntrl}", "?");
    }
}
