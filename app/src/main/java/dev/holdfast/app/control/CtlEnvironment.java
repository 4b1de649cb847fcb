package dev.holdfast.app.control;

import dev.holdfast.terminal.agent.report.Reporter;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * What {@code holdfast ctl} takes from where it runs, besides its arguments: its environment (the tab's
 * {@code HOLDFAST_PANEL_ID}, the agents' configuration directories), its standard input (a hook's payload, an
 * answer to a question), the user's home, and its own process ancestry (sent with an agent's report).
 */
public record CtlEnvironment(Map<String, String> variables, InputStream stdin, Path userHome,
                             Supplier<List<Reporter>> ancestry) {
    /** More ancestors than any real process tree has between a hook and the agent. */
    static final int MAX_ANCESTRY = 64;

    public CtlEnvironment {
        variables = Map.copyOf(variables);
        Objects.requireNonNull(stdin, "stdin");
        Objects.requireNonNull(userHome, "userHome");
        Objects.requireNonNull(ancestry, "ancestry");
    }

    /** The environment of this process. */
    public static CtlEnvironment ofThisProcess() {
        return new CtlEnvironment(System.getenv(), System.in, Path.of(System.getProperty("user.home", "/")),
                CtlEnvironment::processAncestry);
    }

    /** This process and its ancestors, nearest first, each with its start time as the OS gives it. */
    static List<Reporter> processAncestry() {
        List<Reporter> chain = new ArrayList<>();
        Optional<ProcessHandle> at = Optional.of(ProcessHandle.current());
        while (at.isPresent() && at.get().pid() > 1 && chain.size() < MAX_ANCESTRY) {
            ProcessHandle process = at.get();
            chain.add(new Reporter(process.pid(), process.info().startInstant()));
            at = process.parent();
        }
        return chain;
    }

    Optional<String> variable(String name) {
        return Optional.ofNullable(variables.get(name)).filter(v -> !v.isBlank());
    }
}
