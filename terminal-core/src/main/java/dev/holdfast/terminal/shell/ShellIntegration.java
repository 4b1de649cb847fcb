package dev.holdfast.terminal.shell;

import dev.holdfast.terminal.pty.ShellCommand;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Whether, and from where, a terminal's shell loads Holdfast's integration script: OSC 133 prompt and command
 * marks and OSC 7 working-directory reports, for bash, zsh and fish. Each shell still reads the user's own
 * startup files, in its own order:
 * <ul>
 *   <li>bash runs with {@code --rcfile} pointing at our script, which first reads what bash would have (a login
 *       shell's {@code /etc/profile}, then the first of {@code ~/.bash_profile}, {@code ~/.bash_login},
 *       {@code ~/.profile}; otherwise {@code ~/.bashrc}), then wraps {@code PROMPT_COMMAND}, {@code PS0} and
 *       {@code PS1} around what the user set;</li>
 *   <li>zsh starts with {@code ZDOTDIR} pointing at a directory whose {@code .zshenv} puts the user's
 *       {@code ZDOTDIR} back (or unsets it), reads the user's {@code .zshenv}, and adds its hooks at the first
 *       prompt, after every startup file ran;</li>
 *   <li>fish finds our script in a {@code vendor_conf.d} directory put first in {@code XDG_DATA_DIRS}; the script
 *       puts {@code XDG_DATA_DIRS} back.</li>
 * </ul>
 * Any other program, or a shell started with arguments of its own, is left as it is. Nothing the integration
 * changes reaches the shell's children.
 *
 * @param scriptsDirectory where {@link ShellIntegrationScripts#install} put the scripts; null when off
 */
public record ShellIntegration(Path scriptsDirectory) {
    /** No integration: every shell starts exactly as configured. */
    public static final ShellIntegration OFF = new ShellIntegration(null);

    static final String BASH_LOGIN_VARIABLE = "HOLDFAST_BASH_LOGIN";
    static final String ZSH_ZDOTDIR_VARIABLE = "HOLDFAST_ZSH_ZDOTDIR";
    static final String FISH_DATA_DIRS_VARIABLE = "HOLDFAST_FISH_XDG_DATA_DIRS";
    /** The XDG Base Directory default for {@code XDG_DATA_DIRS}, which fish also falls back to. */
    static final String DEFAULT_XDG_DATA_DIRS = "/usr/local/share:/usr/share";

    static final String BASH_SCRIPT = "bash/holdfast.bash";
    static final String ZSH_DIRECTORY = "zsh";
    static final String FISH_DATA_DIRECTORY = "fish";

    private static final Set<String> LOGIN_FLAGS = Set.of("-l", "--login");

    public boolean enabled() {
        return scriptsDirectory != null;
    }

    /**
     * How to start {@code command} with {@code environment} (the environment the shell would otherwise get): with
     * the integration when it is on and the command is a bash, zsh or fish started plainly ({@code shell},
     * {@code shell -l}, {@code shell --login} or {@code shell -i}), else unchanged.
     */
    public ShellLaunch launch(ShellCommand command, Map<String, String> environment) {
        List<String> argv = command.argv();
        ShellKind kind = ShellKind.of(command.program());
        if (!enabled() || kind == null || !plainInvocation(argv)) {
            return new ShellLaunch(argv, environment, null);
        }
        boolean login = argv.stream().skip(1).anyMatch(LOGIN_FLAGS::contains);
        Map<String, String> env = new HashMap<>(environment);
        List<String> integrated = new ArrayList<>(argv);
        switch (kind) {
            case BASH -> {
                // --rcfile is read by interactive non-login shells only: the script reads the login files itself.
                integrated = List.of(command.program(), "--rcfile", scriptsDirectory.resolve(BASH_SCRIPT).toString(), "-i");
                env.remove(BASH_LOGIN_VARIABLE);
                if (login) {
                    env.put(BASH_LOGIN_VARIABLE, "1");
                }
            }
            case ZSH -> {
                env.remove(ZSH_ZDOTDIR_VARIABLE);
                String userDotDir = environment.get("ZDOTDIR");
                if (userDotDir != null) {
                    env.put(ZSH_ZDOTDIR_VARIABLE, userDotDir);
                }
                env.put("ZDOTDIR", scriptsDirectory.resolve(ZSH_DIRECTORY).toString());
            }
            case FISH -> {
                env.remove(FISH_DATA_DIRS_VARIABLE);
                String userDataDirs = environment.get("XDG_DATA_DIRS");
                if (userDataDirs != null) {
                    env.put(FISH_DATA_DIRS_VARIABLE, userDataDirs);
                }
                String base = userDataDirs == null || userDataDirs.isBlank() ? DEFAULT_XDG_DATA_DIRS : userDataDirs;
                env.put("XDG_DATA_DIRS", scriptsDirectory.resolve(FISH_DATA_DIRECTORY) + ":" + base);
            }
            default -> throw new IllegalStateException(kind.toString());
        }
        return new ShellLaunch(integrated, env, kind);
    }

    private static boolean plainInvocation(List<String> argv) {
        for (String arg : argv.subList(1, argv.size())) {
            if (!LOGIN_FLAGS.contains(arg) && !arg.equals("-i")) {
                return false;
            }
        }
        return true;
    }
}
