package dev.holdfast.app.agenthooks;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.holdfast.app.settings.JsonLayout;
import dev.holdfast.checkpoint.store.PrivateFiles;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * {@code holdfast ctl agent-hooks --install claude|codex} and {@code --remove claude|codex}: puts Holdfast's
 * SessionStart hook ({@code holdfast ctl agent-session --agent … --hook}) into the agent's own hook settings, or
 * takes it out. It shows the change first and writes only when the user agrees ({@code --yes} agrees beforehand),
 * in one atomic replace of the file (through a symbolic link to where it points), keeping everything else in it.
 * Runs in {@code ctl}'s process; no Holdfast needs to run.
 */
public final class AgentHooksCommand {
    public static final String USAGE = """
            Usage: holdfast ctl agent-hooks --install claude|codex [--yes]
                   holdfast ctl agent-hooks --remove claude|codex [--yes]

            Adds Holdfast's SessionStart hook to the agent's settings, so that the agent tells Holdfast which
            conversation it runs in a tab (holdfast ctl agent-session --hook), or takes it out again. The change
            is shown first and written only when you answer y (or give --yes).
              claude   $CLAUDE_CONFIG_DIR/settings.json (default ~/.claude/settings.json)
              codex    $CODEX_HOME/hooks.json (default ~/.codex/hooks.json)
            """;
    /** A settings file larger than this is not an agent's settings file. */
    static final int MAX_SETTINGS_BYTES = 4 * 1024 * 1024;
    private static final int DIFF_CONTEXT = 3;
    private static final Pattern PLAIN_WORD = Pattern.compile("[A-Za-z0-9_./:@%+=-]+");
    private static final int EXIT_OK = 0;
    private static final int EXIT_FAILED = 1;

    private final Map<String, String> environment;
    private final Path userHome;
    private final BufferedReader in;
    private final PrintStream out;
    private final PrintStream err;
    private final ObjectMapper json = new ObjectMapper().enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS);

    /** Which agent's settings, and where. */
    record Target(String agent, String displayName, Path file) {
    }

    /**
     * @param environment {@code ctl}'s environment: {@code CLAUDE_CONFIG_DIR}, {@code CODEX_HOME}, and
     *     {@code HOLDFAST_LAUNCHER} (the launcher script, set by it; the hook runs it)
     * @param in where the answer to "write it?" is read
     */
    public AgentHooksCommand(Map<String, String> environment, Path userHome, BufferedReader in, PrintStream out,
            PrintStream err) {
        this.environment = Map.copyOf(environment);
        this.userHome = Objects.requireNonNull(userHome, "userHome");
        this.in = Objects.requireNonNull(in, "in");
        this.out = Objects.requireNonNull(out, "out");
        this.err = Objects.requireNonNull(err, "err");
    }

    /** @param args the words after {@code agent-hooks} */
    public int run(List<String> args) {
        Boolean install = null;
        String agent = null;
        boolean yes = false;
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            switch (a) {
                case "--help", "-h" -> {
                    out.print(USAGE);
                    return EXIT_OK;
                }
                case "--yes", "-y" -> yes = true;
                case "--install", "--remove" -> {
                    if (install != null) {
                        return usage("give one of --install and --remove, once");
                    }
                    install = a.equals("--install");
                    if (i + 1 >= args.size()) {
                        return usage(a + " needs the agent: claude or codex");
                    }
                    agent = args.get(++i);
                }
                default -> {
                    return usage("agent-hooks has no option '" + a + "'");
                }
            }
        }
        if (install == null) {
            return usage("agent-hooks needs --install claude|codex or --remove claude|codex");
        }
        Optional<Target> target = target(agent);
        if (target.isEmpty()) {
            return usage("the agent is claude or codex, not '" + agent + "'");
        }
        return edit(target.get(), install, yes);
    }

    private int usage(String problem) {
        err.println("holdfast ctl: " + problem);
        err.println("Run 'holdfast ctl agent-hooks --help' for its options.");
        return EXIT_FAILED;
    }

    Optional<Target> target(String agent) {
        return switch (agent.toLowerCase(Locale.ROOT)) {
            case "claude", "claude-code" -> Optional.of(new Target("claude", "Claude Code",
                    directory("CLAUDE_CONFIG_DIR", ".claude").resolve("settings.json")));
            case "codex" -> Optional.of(new Target("codex", "Codex",
                    directory("CODEX_HOME", ".codex").resolve("hooks.json")));
            default -> Optional.empty();
        };
    }

    private Path directory(String variable, String defaultName) {
        String set = environment.getOrDefault(variable, "");
        return set.isBlank() ? userHome.resolve(defaultName) : Path.of(set).toAbsolutePath().normalize();
    }

    /** The hook's command line: the launcher that ran this {@code ctl}, quoted for {@code sh}. */
    String hookCommand(Target target) {
        String launcher = environment.getOrDefault("HOLDFAST_LAUNCHER", "");
        return shellWord(launcher.isBlank() ? "holdfast" : launcher) + " ctl agent-session --agent " + target.agent()
                + " --hook";
    }

    private static String shellWord(String word) {
        return PLAIN_WORD.matcher(word).matches() ? word : "'" + word.replace("'", "'\\''") + "'";
    }

    private int edit(Target target, boolean install, boolean yes) {
        Path file = target.file();
        String before;
        JsonNode settings = null;
        try {
            if (Files.exists(file)) {
                // A settings file kept elsewhere (dotfiles) and linked: read and write where the link points.
                Path real = Files.isSymbolicLink(file) ? file.toRealPath() : file;
                before = new String(PrivateFiles.readBounded(real, MAX_SETTINGS_BYTES), StandardCharsets.UTF_8);
                if (!before.isBlank()) {
                    settings = json.readTree(before);
                }
            } else {
                before = "";
            }
        } catch (JsonProcessingException e) {
            err.println("holdfast ctl: " + file + " is not valid JSON (" + e.getOriginalMessage() + " at line "
                    + e.getLocation().getLineNr() + "); nothing changed");
            return EXIT_FAILED;
        } catch (IOException e) {
            err.println("holdfast ctl: " + file + " could not be read (" + e.getMessage() + "); nothing changed");
            return EXIT_FAILED;
        }
        AgentHookSettings.Edit edit;
        try {
            edit = install ? AgentHookSettings.install(settings, hookCommand(target)) : AgentHookSettings.remove(settings);
        } catch (AgentHookSettings.UnexpectedShape e) {
            err.println("holdfast ctl: " + file + " is not shaped as " + target.displayName() + "'s hook settings ("
                    + e.getMessage() + "); nothing changed");
            return EXIT_FAILED;
        }
        if (!edit.changed()) {
            out.println(install ? "Holdfast's SessionStart hook is already in " + file + "; nothing to change."
                    : "There is no Holdfast hook in " + file + "; nothing to change.");
            return EXIT_OK;
        }
        String after = format(edit.settings());
        List<String> beforeLines = settings == null ? List.of() : format(settings).lines().toList();
        out.println((install ? "Adding Holdfast's SessionStart hook to " : "Taking Holdfast's SessionStart hook out of ")
                + file + (Files.exists(file) ? ":" : " (a new file):"));
        for (String line : LineDiff.of(beforeLines, after.lines().toList(), DIFF_CONTEXT)) {
            out.println(line);
        }
        if (!yes) {
            out.print("Write " + file + "? [y/N] ");
            out.flush();
            String answer;
            try {
                answer = in.readLine();
            } catch (IOException e) {
                answer = null;
            }
            if (answer == null || !answer.strip().toLowerCase(Locale.ROOT).matches("y|yes")) {
                out.println();
                out.println("Nothing written.");
                return EXIT_FAILED;
            }
        }
        try {
            write(file, after);
        } catch (IOException e) {
            err.println("holdfast ctl: " + file + " could not be written (" + e.getMessage() + "); it is as it was");
            return EXIT_FAILED;
        }
        out.println((install ? "Added to " : "Removed from ") + file + ".");
        if (install && target.agent().equals("codex")) {
            out.println("Depending on its version, Codex runs hooks only with 'codex_hooks = true' under [features] in"
                    + " its config.toml, and once you have trusted the hook in Codex.");
        }
        if (install) {
            out.println("Agents started from now on report their conversations to Holdfast.");
        }
        return EXIT_OK;
    }

    private String format(JsonNode settings) {
        try {
            return JsonLayout.format(json, settings);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a JSON tree could not be written", e);
        }
    }

    /** Replaces the file in one rename, where a link points if it is one, keeping its permissions. */
    private static void write(Path file, String text) throws IOException {
        Path target = Files.isSymbolicLink(file) ? file.toRealPath() : file;
        Optional<Set<PosixFilePermission>> mode = Optional.empty();
        if (Files.exists(target, LinkOption.NOFOLLOW_LINKS)) {
            mode = Optional.of(Files.getPosixFilePermissions(target));
        } else if (!Files.isDirectory(target.getParent())) {
            Files.createDirectories(target.getParent(),
                    PosixFilePermissions.asFileAttribute(PrivateFiles.DIRECTORY_PERMISSIONS));
        }
        PrivateFiles.writeAtomically(target, text.getBytes(StandardCharsets.UTF_8));
        if (mode.isPresent()) {
            Files.setPosixFilePermissions(target, mode.get());
        }
    }
}
