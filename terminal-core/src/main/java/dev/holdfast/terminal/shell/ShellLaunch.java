package dev.holdfast.terminal.shell;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * How to start a terminal's shell: the command line and the whole environment.
 *
 * @param integratedShell the shell whose integration script this launch loads, or null when it loads none
 */
public record ShellLaunch(List<String> argv, Map<String, String> environment, ShellKind integratedShell) {
    public ShellLaunch {
        argv = List.copyOf(argv);
        environment = Map.copyOf(Objects.requireNonNull(environment, "environment"));
    }
}
