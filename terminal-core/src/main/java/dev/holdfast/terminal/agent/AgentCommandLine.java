package dev.holdfast.terminal.agent;

import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A command line that runs an agent, and the agent's own arguments in it. Recognised forms:
 * <ul>
 *   <li>the program itself: {@code codex}, {@code /usr/local/bin/codex}, {@code codex.js}, Codex's native
 *       build {@code codex-x86_64-unknown-linux-musl};</li>
 *   <li>an interpreter running it, which is also how a {@code codex} wrapper script shows:
 *       {@code node …/codex.js}, {@code node …/node_modules/@openai/codex/bin/codex.js},
 *       {@code bash ~/bin/codex}, {@code python3 ./codex} — options that take no value may come first, but one
 *       that runs code ({@code -e}, {@code -c}, {@code --eval}, {@code --require}) means what follows is not the
 *       script;</li>
 *   <li>a package runner: {@code npx @openai/codex}, {@code npx @openai/codex@0.60.1}, {@code npm exec -- …},
 *       {@code pnpm dlx …}, {@code bunx …}, {@code yarn dlx …}.</li>
 * </ul>
 *
 * @param agent the agent it runs
 * @param arguments what follows the program, script or package: the agent's own arguments
 */
public record AgentCommandLine(Agent agent, List<String> arguments) {
    private static final Set<String> INTERPRETERS = Set.of("node", "nodejs", "bun", "deno", "sh", "bash", "dash",
            "zsh", "ksh", "fish", "python", "python3", "env");
    private static final Pattern VERSIONED_PYTHON = Pattern.compile("python3\\.\\d+");
    /** Interpreter options after which the next word is code or a module, never the script. */
    private static final Set<String> CODE_OPTIONS = Set.of("-e", "--eval", "-p", "--print", "-c", "-r", "--require",
            "--import", "--loader", "--experimental-loader", "--input-type", "-m", "-S");
    private static final Set<String> RUNNERS = Set.of("npx", "bunx", "pnpx");
    /** Codex's npm launcher starts a native build named after its target triple. */
    private static final Pattern CODEX_NATIVE = Pattern.compile("codex-(?:x86_64|aarch64|arm64)-[a-z0-9_-]+");

    public AgentCommandLine {
        Objects.requireNonNull(agent, "agent");
        arguments = List.copyOf(arguments);
    }

    /** The agent {@code argv} runs, if any. */
    public static Optional<AgentCommandLine> of(List<String> argv) {
        if (argv.isEmpty()) {
            return Optional.empty();
        }
        Optional<Agent> direct = program(argv.get(0));
        if (direct.isPresent()) {
            return Optional.of(new AgentCommandLine(direct.get(), argv.subList(1, argv.size())));
        }
        String name = basename(argv.get(0));
        if (RUNNERS.contains(name)) {
            return fromPackage(argv, 1);
        }
        if (name.equals("npm") || name.equals("pnpm") || name.equals("yarn")) {
            int sub = 1;
            while (sub < argv.size() && argv.get(sub).startsWith("-")) {
                sub++;
            }
            if (sub < argv.size() && Set.of("exec", "x", "dlx").contains(argv.get(sub))) {
                return fromPackage(argv, sub + 1);
            }
            return Optional.empty();
        }
        if (INTERPRETERS.contains(name) || VERSIONED_PYTHON.matcher(name).matches()) {
            int script = 1;
            while (script < argv.size() && (argv.get(script).startsWith("-")
                    || (name.equals("env") && argv.get(script).contains("=")))) {
                String option = argv.get(script);
                String bare = option.contains("=") ? option.substring(0, option.indexOf('=')) : option;
                if (CODE_OPTIONS.contains(bare) || (name.equals("env") && option.equals("-S"))) {
                    return Optional.empty();
                }
                script++;
            }
            if (script >= argv.size()) {
                return Optional.empty();
            }
            // `node /usr/bin/npx @openai/codex`: the script is itself a package runner.
            int at = script;
            return of(argv.subList(at, argv.size()))
                    .or(() -> scriptInPackage(argv.get(at))
                            .map(agent -> new AgentCommandLine(agent, argv.subList(at + 1, argv.size()))));
        }
        return Optional.empty();
    }

    private static Optional<Agent> program(String path) {
        String name = basename(path);
        for (Agent agent : Agent.values()) {
            if (agent.programNames().contains(name)) {
                return Optional.of(agent);
            }
        }
        return CODEX_NATIVE.matcher(name).matches() ? Optional.of(Agent.CODEX) : Optional.empty();
    }

    /** {@code …/node_modules/@openai/codex/bin/codex.js}, {@code …/@anthropic-ai/claude-code/cli.js}. */
    private static Optional<Agent> scriptInPackage(String path) {
        String normalized = path.replace('\\', '/');
        for (Agent agent : Agent.values()) {
            if (normalized.contains("/" + agent.npmPackage() + "/")) {
                return Optional.of(agent);
            }
        }
        return Optional.empty();
    }

    private static Optional<AgentCommandLine> fromPackage(List<String> argv, int from) {
        int at = from;
        while (at < argv.size() && argv.get(at).startsWith("-")) {
            if (argv.get(at).equals("--")) {
                at++;
                break;
            }
            at++;
        }
        if (at >= argv.size()) {
            return Optional.empty();
        }
        String spec = argv.get(at);
        for (Agent agent : Agent.values()) {
            String pkg = agent.npmPackage();
            if (spec.equals(pkg) || spec.startsWith(pkg + "@")) {
                int rest = at + 1;
                if (rest < argv.size() && argv.get(rest).equals("--")) {
                    rest++;
                }
                return Optional.of(new AgentCommandLine(agent, argv.subList(rest, argv.size())));
            }
        }
        return Optional.empty();
    }

    /** A program's name as a user would type it: no directory, no {@code .js}/{@code .exe}-style suffix. */
    static String basename(String path) {
        String name = path.replace('\\', '/');
        name = name.substring(name.lastIndexOf('/') + 1).toLowerCase(Locale.ROOT);
        for (String suffix : List.of(".js", ".cjs", ".mjs", ".exe", ".cmd", ".sh")) {
            if (name.endsWith(suffix) && name.length() > suffix.length()) {
                return name.substring(0, name.length() - suffix.length());
            }
        }
        return name;
    }

    /** The session its arguments resume, if they name one. */
    public Optional<String> resumedSession() {
        return agent.resumedSession(arguments);
    }

    /** Whether it runs the agent headless, for one prompt (see {@link Agent#headless}). */
    public boolean headless() {
        return agent.headless(arguments);
    }
}
