package dev.holdfast.terminal.pty;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.LongSupplier;
import java.util.function.Predicate;

/**
 * Linux: the shell's cwd is the {@code /proc/<pid>/cwd} link; the terminal's foreground process group is
 * field 8 ({@code tpgid}) of {@code /proc/<pid>/stat}. When that group is not the shell's own, a command
 * runs in the foreground, and {@code /proc/<tpgid>/comm} names it.
 *
 * <p>The foreground tree is every process of that group plus their descendants (found through field 4, the
 * parent pid, over all of {@code /proc}). A start time is field 22 (clock ticks after boot) plus the boot
 * time, {@code btime} in {@code /proc/stat}.
 */
final class ProcfsProcessInspector implements ProcessInspector {
    /** A runaway build must not make one read cost thousands of file reads. */
    static final int MAX_FOREGROUND_PROCESSES = 256;
    /** Descriptors read per process; an agent holds a few dozen. */
    static final int MAX_OPEN_FILES = 1024;
    /** An environment larger than this is not read (it is never an agent's). */
    static final int MAX_ENVIRONMENT_BYTES = 1 << 20;

    private final Path proc;
    private final LongSupplier ticksPerSecond;
    private volatile long ticks;
    private volatile OptionalLong boot;

    ProcfsProcessInspector(Path proc) {
        this(proc, ClockTicks::perSecond);
    }

    ProcfsProcessInspector(Path proc, LongSupplier ticksPerSecond) {
        this.proc = proc;
        this.ticksPerSecond = ticksPerSecond;
    }

    @Override
    public ProcessSnapshot inspect(long shellPid) {
        return new ProcessSnapshot(cwd(shellPid), foregroundName(shellPid));
    }

    private Optional<Path> cwd(long pid) {
        try {
            return Optional.of(Files.readSymbolicLink(proc.resolve(pid + "/cwd")));
        } catch (IOException | UnsupportedOperationException e) {
            return Optional.empty();
        }
    }

    private Optional<String> foregroundName(long shellPid) {
        OptionalLong group = foregroundGroup(shellPid);
        if (group.isEmpty()) {
            return Optional.empty();
        }
        long terminalGroup = group.getAsLong();
        try {
            String comm = Files.readString(proc.resolve(terminalGroup + "/comm"), StandardCharsets.UTF_8).strip();
            return comm.isEmpty() ? Optional.of("process " + terminalGroup) : Optional.of(comm);
        } catch (IOException e) {
            return Optional.of("process " + terminalGroup);
        }
    }

    /** The terminal's foreground group when it is not the shell's own, else empty. */
    private OptionalLong foregroundGroup(long shellPid) {
        Optional<ProcStat> shell = stat(shellPid);
        if (shell.isEmpty()) {
            return OptionalLong.empty();
        }
        long terminalGroup = shell.get().terminalProcessGroup();
        if (terminalGroup <= 0 || terminalGroup == shell.get().processGroup()) {
            return OptionalLong.empty();
        }
        return OptionalLong.of(terminalGroup);
    }

    @Override
    public ForegroundProcesses foregroundProcesses(long shellPid) {
        OptionalLong group = foregroundGroup(shellPid);
        if (group.isEmpty()) {
            return ForegroundProcesses.none(shellPid);
        }
        Map<Long, ProcStat> all = allStats();
        Map<Long, List<ProcStat>> children = new HashMap<>();
        for (ProcStat s : all.values()) {
            children.computeIfAbsent(s.parentPid(), k -> new ArrayList<>()).add(s);
        }
        // The group's members whose parent is outside the group are the roots; the walk goes down from them.
        Deque<ProcStat> pending = new ArrayDeque<>();
        all.values().stream()
                .filter(s -> s.processGroup() == group.getAsLong())
                .filter(s -> !all.containsKey(s.parentPid()) || all.get(s.parentPid()).processGroup() != group.getAsLong())
                .sorted((a, b) -> Long.compare(a.pid(), b.pid()))
                .forEach(pending::add);
        Map<Long, ProcStat> tree = new LinkedHashMap<>();
        while (!pending.isEmpty() && tree.size() < MAX_FOREGROUND_PROCESSES) {
            ProcStat s = pending.poll();
            if (tree.putIfAbsent(s.pid(), s) == null) {
                children.getOrDefault(s.pid(), List.of()).stream()
                        .sorted((a, b) -> Long.compare(a.pid(), b.pid()))
                        .forEach(pending::add);
            }
        }
        OptionalLong bootSecond = bootTime();
        List<ProcessDetails> processes = new ArrayList<>(tree.size());
        for (ProcStat s : tree.values()) {
            processes.add(details(s, bootSecond, argv(s.pid()), true));
        }
        return new ForegroundProcesses(shellPid, processes);
    }

    @Override
    public Optional<ProcessDetails> process(long pid) {
        return stat(pid).map(s -> details(s, bootTime(), argv(pid), true));
    }

    @Override
    public List<ProcessDetails> allProcesses(Predicate<List<String>> detailed) {
        OptionalLong bootSecond = bootTime();
        List<ProcessDetails> processes = new ArrayList<>();
        for (ProcStat s : allStats().values()) {
            List<String> argv = argv(s.pid());
            processes.add(details(s, bootSecond, argv, !argv.isEmpty() && detailed.test(argv)));
        }
        processes.sort((a, b) -> Long.compare(a.pid(), b.pid()));
        return processes;
    }

    private ProcessDetails details(ProcStat s, OptionalLong bootSecond, List<String> argv, boolean full) {
        return new ProcessDetails(s.pid(), s.parentPid(), s.processGroup(), startTime(s, bootSecond), argv,
                full ? cwd(s.pid()) : Optional.empty(), full ? environment(s.pid()) : Optional.empty(),
                full ? openFiles(s.pid()) : List.of(), Optional.of(Long.toString(s.startTicks())));
    }

    @Override
    public OptionalLong startTicks(long pid) {
        return stat(pid).map(s -> OptionalLong.of(s.startTicks())).orElse(OptionalLong.empty());
    }

    @Override
    public Map<Long, Path> holding(Set<Path> files) {
        Map<Long, Path> holders = new TreeMap<>();
        if (files.isEmpty()) {
            return holders;
        }
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(proc)) {
            for (Path entry : entries) {
                String name = entry.getFileName().toString();
                if (name.isEmpty() || !name.chars().allMatch(Character::isDigit)) {
                    continue;
                }
                long pid = Long.parseLong(name);
                for (Path open : openFiles(pid)) {
                    if (files.contains(open)) {
                        holders.put(pid, open);
                        break;
                    }
                }
            }
        } catch (IOException | NumberFormatException e) {
            return holders;
        }
        return holders;
    }

    private Map<Long, ProcStat> allStats() {
        Map<Long, ProcStat> all = new HashMap<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(proc)) {
            for (Path entry : entries) {
                String name = entry.getFileName().toString();
                if (!name.isEmpty() && name.chars().allMatch(Character::isDigit)) {
                    stat(Long.parseLong(name)).ifPresent(s -> all.put(s.pid(), s));
                }
            }
        } catch (IOException | NumberFormatException e) {
            return all;
        }
        return all;
    }

    private Optional<ProcStat> stat(long pid) {
        try {
            return ProcStat.parse(Files.readString(proc.resolve(pid + "/stat"), StandardCharsets.UTF_8));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    private Optional<Instant> startTime(ProcStat s, OptionalLong bootSecond) {
        if (bootSecond.isEmpty()) {
            return Optional.empty();
        }
        long perSecond = ticksPerSecond();
        long seconds = s.startTicks() / perSecond;
        long nanos = (s.startTicks() % perSecond) * 1_000_000_000L / perSecond;
        return Optional.of(Instant.ofEpochSecond(bootSecond.getAsLong() + seconds, nanos));
    }

    private long ticksPerSecond() {
        long t = ticks;
        if (t <= 0) {
            t = ticksPerSecond.getAsLong();
            ticks = t;
        }
        return t;
    }

    /**
     * The boot time, read once: the kernel recomputes {@code btime} from the wall clock, so a clock adjustment
     * could move it by a second, and a process's start time (its identity across reads) with it.
     */
    private OptionalLong bootTime() {
        OptionalLong known = boot;
        if (known != null && known.isPresent()) {
            return known;
        }
        OptionalLong read = readBootTime();
        boot = read;
        return read;
    }

    private OptionalLong readBootTime() {
        try {
            for (String line : Files.readAllLines(proc.resolve("stat"), StandardCharsets.UTF_8)) {
                if (line.startsWith("btime ")) {
                    return OptionalLong.of(Long.parseLong(line.substring(6).strip()));
                }
            }
        } catch (IOException | NumberFormatException e) {
            return OptionalLong.empty();
        }
        return OptionalLong.empty();
    }

    private List<String> argv(long pid) {
        try {
            return nulSeparated(Files.readAllBytes(proc.resolve(pid + "/cmdline")));
        } catch (IOException e) {
            return List.of();
        }
    }

    private Optional<Map<String, String>> environment(long pid) {
        Path file = proc.resolve(pid + "/environ");
        try {
            byte[] bytes = Files.readAllBytes(file);
            if (bytes.length > MAX_ENVIRONMENT_BYTES) {
                return Optional.empty();
            }
            Map<String, String> env = new HashMap<>();
            for (String entry : nulSeparated(bytes)) {
                int eq = entry.indexOf('=');
                if (eq > 0) {
                    env.putIfAbsent(entry.substring(0, eq), entry.substring(eq + 1));
                }
            }
            return Optional.of(env);
        } catch (IOException | SecurityException e) {
            return Optional.empty();
        }
    }

    private List<Path> openFiles(long pid) {
        List<Path> files = new ArrayList<>();
        try (DirectoryStream<Path> fds = Files.newDirectoryStream(proc.resolve(pid + "/fd"))) {
            for (Path fd : fds) {
                if (files.size() >= MAX_OPEN_FILES) {
                    break;
                }
                try {
                    Path target = Files.readSymbolicLink(fd);
                    // sockets, pipes and anon_inode:[…] are not paths; a deleted file reads "… (deleted)".
                    if (target.isAbsolute() && !target.toString().endsWith(" (deleted)")) {
                        files.add(target);
                    }
                } catch (IOException e) {
                    // The descriptor closed while we listed it.
                }
            }
        } catch (IOException | SecurityException e) {
            return List.of();
        }
        return files;
    }

    private static List<String> nulSeparated(byte[] bytes) {
        List<String> parts = new ArrayList<>();
        int start = 0;
        for (int i = 0; i < bytes.length; i++) {
            if (bytes[i] == 0) {
                parts.add(new String(Arrays.copyOfRange(bytes, start, i), StandardCharsets.UTF_8));
                start = i + 1;
            }
        }
        if (start < bytes.length) {
            parts.add(new String(Arrays.copyOfRange(bytes, start, bytes.length), StandardCharsets.UTF_8));
        }
        return parts;
    }
}
