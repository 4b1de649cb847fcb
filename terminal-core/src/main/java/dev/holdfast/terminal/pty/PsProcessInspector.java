package dev.holdfast.terminal.pty;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * macOS has no {@code /proc}: {@code ps -o pgid=,tpgid=} gives the process groups and {@code ps -o comm=}
 * the foreground command; {@code lsof -a -d cwd -Fn} gives the working directory. Each call spawns a short
 * process, so callers use it off the UI thread and not in tight loops.
 *
 * <p>The foreground tree comes from one {@code ps -A} listing (pid, parent, group, {@code lstart}, command)
 * and one {@code lsof} over the tree's pids (cwd and open files). {@code ps} joins argv with spaces, so an
 * argument that holds a space reads as two; macOS does not show another process's environment to {@code ps}
 * reliably, so none is read.
 */
final class PsProcessInspector implements ProcessInspector {
    private static final long TIMEOUT_MS = 2_000;
    /** {@code lstart} in the C locale: "Mon Nov 24 10:00:00 2025" (day of month space-padded). */
    private static final DateTimeFormatter LSTART = DateTimeFormatter.ofPattern("EEE MMM d HH:mm:ss yyyy", Locale.ROOT);

    @Override
    public ProcessSnapshot inspect(long shellPid) {
        Optional<Path> cwd = run(List.of("lsof", "-a", "-d", "cwd", "-Fn", "-p", Long.toString(shellPid)))
                .flatMap(out -> out.lines().filter(l -> l.startsWith("n/")).findFirst())
                .map(l -> Path.of(l.substring(1)));
        Optional<String> foreground = run(List.of("ps", "-o", "pgid=,tpgid=", "-p", Long.toString(shellPid)))
                .flatMap(out -> {
                    String[] parts = out.strip().split("\\s+");
                    if (parts.length < 2 || parts[0].equals(parts[1]) || parts[1].equals("-1")) {
                        return Optional.empty();
                    }
                    return run(List.of("ps", "-o", "comm=", "-p", parts[1]))
                            .map(String::strip)
                            .map(c -> c.isEmpty() ? "process " + parts[1] : Path.of(c).getFileName().toString());
                });
        return new ProcessSnapshot(cwd, foreground);
    }

    @Override
    public ForegroundProcesses foregroundProcesses(long shellPid) {
        Optional<String> groups = run(List.of("ps", "-o", "pgid=,tpgid=", "-p", Long.toString(shellPid)));
        if (groups.isEmpty()) {
            return ForegroundProcesses.none(shellPid);
        }
        String[] parts = groups.get().strip().split("\\s+");
        if (parts.length < 2 || parts[0].equals(parts[1]) || parts[1].equals("-1")) {
            return ForegroundProcesses.none(shellPid);
        }
        long group;
        try {
            group = Long.parseLong(parts[1]);
        } catch (NumberFormatException e) {
            return ForegroundProcesses.none(shellPid);
        }
        Map<Long, Row> all = listing();
        if (all.isEmpty()) {
            return ForegroundProcesses.none(shellPid);
        }
        Map<Long, List<Row>> children = new HashMap<>();
        all.values().forEach(r -> children.computeIfAbsent(r.parent, k -> new ArrayList<>()).add(r));
        Deque<Row> pending = new ArrayDeque<>();
        all.values().stream()
                .filter(r -> r.group == group)
                .filter(r -> !all.containsKey(r.parent) || all.get(r.parent).group != group)
                .sorted((a, b) -> Long.compare(a.pid, b.pid))
                .forEach(pending::add);
        Map<Long, Row> tree = new LinkedHashMap<>();
        while (!pending.isEmpty() && tree.size() < ProcfsProcessInspector.MAX_FOREGROUND_PROCESSES) {
            Row r = pending.poll();
            if (tree.putIfAbsent(r.pid, r) == null) {
                children.getOrDefault(r.pid, List.of()).stream().sorted((a, b) -> Long.compare(a.pid, b.pid))
                        .forEach(pending::add);
            }
        }
        if (tree.isEmpty()) {
            return ForegroundProcesses.none(shellPid);
        }
        return new ForegroundProcesses(shellPid, withFiles(List.copyOf(tree.values()), tree.keySet()));
    }

    @Override
    public Optional<ProcessDetails> process(long pid) {
        Optional<String> line = run(List.of("ps", "-ww", "-o", "pid=,ppid=,pgid=,lstart=,command=", "-p", Long.toString(pid)));
        Optional<Row> row = line.flatMap(out -> out.lines().map(PsProcessInspector::row).flatMap(Optional::stream)
                .filter(r -> r.pid == pid).findFirst());
        return row.map(r -> withFiles(List.of(r), Set.of(pid)).get(0));
    }

    @Override
    public List<ProcessDetails> allProcesses(Predicate<List<String>> detailed) {
        Map<Long, Row> all = listing();
        Set<Long> picked = all.values().stream().filter(r -> !r.argv.isEmpty() && detailed.test(r.argv))
                .map(r -> r.pid).collect(Collectors.toSet());
        List<Row> rows = new ArrayList<>(all.values());
        rows.sort((a, b) -> Long.compare(a.pid, b.pid));
        return withFiles(rows, picked);
    }

    private Map<Long, Row> listing() {
        Map<Long, Row> all = new HashMap<>();
        run(List.of("ps", "-A", "-ww", "-o", "pid=,ppid=,pgid=,lstart=,command=")).ifPresent(out ->
                out.lines().map(PsProcessInspector::row).flatMap(Optional::stream).forEach(r -> all.put(r.pid, r)));
        return all;
    }

    /** The rows as details, with cwd and open files (one {@code lsof}) for the pids in {@code detailed}. */
    private List<ProcessDetails> withFiles(List<Row> rows, Set<Long> detailed) {
        Map<Long, Optional<Path>> cwds = new HashMap<>();
        Map<Long, List<Path>> files = new HashMap<>();
        String pids = detailed.stream().sorted().map(String::valueOf).collect(Collectors.joining(","));
        if (!pids.isEmpty()) {
            run(List.of("lsof", "-n", "-P", "-w", "-p", pids, "-Fpfn")).ifPresent(out -> {
                long pid = -1;
                String fd = "";
                for (String line : out.lines().toList()) {
                    if (line.isEmpty()) {
                        continue;
                    }
                    char tag = line.charAt(0);
                    String value = line.substring(1);
                    if (tag == 'p') {
                        try {
                            pid = Long.parseLong(value);
                        } catch (NumberFormatException e) {
                            pid = -1;
                        }
                    } else if (tag == 'f') {
                        fd = value;
                    } else if (tag == 'n' && pid > 0 && value.startsWith("/")) {
                        if (fd.equals("cwd")) {
                            cwds.put(pid, Optional.of(Path.of(value)));
                        } else if (!fd.isEmpty() && Character.isDigit(fd.charAt(0))) {
                            List<Path> list = files.computeIfAbsent(pid, k -> new ArrayList<>());
                            if (list.size() < ProcfsProcessInspector.MAX_OPEN_FILES) {
                                list.add(Path.of(value));
                            }
                        }
                    }
                }
            });
        }
        List<ProcessDetails> processes = new ArrayList<>();
        for (Row r : rows) {
            processes.add(new ProcessDetails(r.pid, r.parent, r.group, r.start, r.argv,
                    cwds.getOrDefault(r.pid, Optional.empty()), Optional.empty(), files.getOrDefault(r.pid, List.of()),
                    r.stamp));
        }
        return processes;
    }

    private record Row(long pid, long parent, long group, Optional<Instant> start, Optional<String> stamp, List<String> argv) {
    }

    /** "  123   1  123 Mon Nov 24 10:00:00 2025 /usr/bin/codex resume x": lstart is five words. */
    private static Optional<Row> row(String line) {
        String[] words = line.strip().split("\\s+");
        if (words.length < 8) {
            return Optional.empty();
        }
        try {
            long pid = Long.parseLong(words[0]);
            long parent = Long.parseLong(words[1]);
            long group = Long.parseLong(words[2]);
            String stamp = String.join(" ", words[3], words[4], words[5], words[6], words[7]);
            Optional<Instant> start = lstart(stamp);
            List<String> argv = new ArrayList<>();
            for (int i = 8; i < words.length; i++) {
                argv.add(words[i]);
            }
            return Optional.of(new Row(pid, parent, group, start, Optional.of(stamp), argv));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    static Optional<Instant> lstart(String text) {
        try {
            return Optional.of(LocalDateTime.parse(text, LSTART).atZone(ZoneId.systemDefault()).toInstant());
        } catch (DateTimeParseException e) {
            return Optional.empty();
        }
    }

    private static Optional<String> run(List<String> command) {
        try {
            ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(false);
            // lstart and lsof speak the C locale, whatever the user's.
            builder.environment().put("LC_ALL", "C");
            builder.redirectError(ProcessBuilder.Redirect.DISCARD);
            Process p = builder.start();
            byte[] out = p.getInputStream().readAllBytes();
            if (!p.waitFor(TIMEOUT_MS, TimeUnit.MILLISECONDS)) {
                p.destroyForcibly();
                return Optional.empty();
            }
            // lsof exits 1 when one of several pids has gone; what it printed is still good.
            if (p.exitValue() != 0 && !(command.get(0).equals("lsof") && out.length > 0)) {
                return Optional.empty();
            }
            return Optional.of(new String(out, StandardCharsets.UTF_8));
        } catch (IOException e) {
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }
}
