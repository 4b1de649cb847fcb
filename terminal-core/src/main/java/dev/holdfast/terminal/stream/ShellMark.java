package dev.holdfast.terminal.stream;

/**
 * A shell-integration report in a terminal's output: an OSC 133 prompt or command mark (FinalTerm's protocol,
 * as iTerm2, WezTerm, VS Code, kitty and Ghostty read it) or an OSC 7 working-directory report.
 *
 * <ul>
 *   <li>{@code ESC ] 133 ; A ST}: a prompt starts here. {@link PromptStarted}</li>
 *   <li>{@code ESC ] 133 ; B ST}: the prompt ends and the user's input starts. {@link InputStarted}</li>
 *   <li>{@code ESC ] 133 ; C [; cmdline_url=…] ST}: the command was entered and runs; its output follows.
 *       {@link CommandStarted}</li>
 *   <li>{@code ESC ] 133 ; D [; status] ST}: the command ended, with its exit status. {@link CommandFinished}</li>
 *   <li>{@code ESC ] 7 ; file://host/path ST}: the shell's working directory. {@link WorkingDirectory}</li>
 * </ul>
 * Any program can print these, so they are hints about the tab, never trusted for anything beyond showing it.
 */
public sealed interface ShellMark {

    /** A prompt starts at the cursor. */
    record PromptStarted() implements ShellMark {
    }

    /** The prompt has been drawn; what follows on the line is the user's input. */
    record InputStarted() implements ShellMark {
    }

    /**
     * The shell runs the command that was entered.
     *
     * @param commandLine the command as typed, when the shell reported it ({@code cmdline_url=} or
     *     {@code cmdline=}); null when it did not
     */
    record CommandStarted(String commandLine) implements ShellMark {
    }

    /**
     * The command ended.
     *
     * @param exitStatus its exit status, or null when the shell did not say
     */
    record CommandFinished(Integer exitStatus) implements ShellMark {
    }

    /**
     * The shell's working directory.
     *
     * @param host the host name from the URL, empty when it named none
     * @param path the absolute path, percent-decoded
     */
    record WorkingDirectory(String host, String path) implements ShellMark {
        public WorkingDirectory {
            host = host == null ? "" : host;
            if (path == null || path.isEmpty()) {
                throw new IllegalArgumentException("a working directory needs a path");
            }
        }
    }
}
