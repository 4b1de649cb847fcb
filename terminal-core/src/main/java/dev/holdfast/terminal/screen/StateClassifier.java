package dev.holdfast.terminal.screen;

import dev.holdfast.terminal.pty.ProcessSnapshot;
import dev.holdfast.terminal.shell.ShellPhase;
import dev.holdfast.terminal.shell.ShellStatus;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads a tab's state from its screen, its processes and its shell's marks. Pure: inputs in, a
 * {@link Classification} out. The rules, first that holds wins:
 * <ol>
 *   <li><b>exited</b>: the shell ended with a status;</li>
 *   <li><b>waiting</b>: an agent's approval or question dialog is on screen (Codex "Would you like to run the
 *       following command?" with "Press enter to confirm" or numbered options; Claude Code "Do you want to
 *       proceed?" with numbered options);</li>
 *   <li><b>working</b>: an agent shows its working line ({@code • Working (12s • esc to interrupt)},
 *       {@code ✻ Thinking… (12s · esc to interrupt)});</li>
 *   <li><b>waiting</b>: the cursor's line is a [y/N]-style or password prompt, a program runs, and no output came
 *       for {@link ActivitySettings#waitingQuiet()};</li>
 *   <li><b>working</b>: a program runs in the foreground and the screen changed within
 *       {@link ActivitySettings#workingWindow()};</li>
 *   <li><b>idle</b>: otherwise: the shell at its prompt, an agent at its input box, a program sitting quiet.</li>
 * </ol>
 * "A program runs": with shell-integration marks, a command was started and has not ended (exact, also over
 * ssh); without them, the process table names a foreground command.
 */
public final class StateClassifier {
    /** Foreground commands whose prompt is another machine's shell: its marks say whether it is at its prompt. */
    static final Set<String> REMOTE_SHELLS = Set.of("ssh", "mosh-client", "et", "telnet");

    private static final Pattern BOX_EDGES = Pattern.compile("^[\\s│┃║|]+|[\\s│┃║|]+$");

    private static final List<Pattern> CODEX_QUESTIONS = List.of(
            Pattern.compile("Would you like to run the following command\\?"),
            Pattern.compile("Would you like to make the following edits\\?"),
            Pattern.compile("\\S.* needs your approval\\."));
    private static final Pattern CODEX_RUN_COMMAND = Pattern.compile("run the following command\\?");
    private static final Pattern CODEX_CONFIRM = Pattern.compile("Press enter to confirm|^[›>❯]?\\s*1\\.\\s+Yes");
    private static final Pattern CLAUDE_QUESTION = Pattern.compile("^Do you want to .+\\?$");
    private static final Pattern NUMBERED_YES = Pattern.compile("^(?:[›>❯]\\s*)?1\\.\\s+Yes");

    private static final Pattern CODEX_WORKING = Pattern.compile(
            "^\\s*[•◦]\\s+.+?\\s\\((?:\\d+h )?(?:\\d+m )?\\d+s • [Ee]sc to interrupt\\)");
    private static final Pattern CLAUDE_WORKING = Pattern.compile(
            "^\\s*[·✢✳✶✻✽*]\\s+\\S.{0,40}?(?:…|\\.\\.\\.)\\s*\\([^()]*[Ee]sc to interrupt[^()]*\\)");

    /** [y/N], [Y/n], [y/n/q], (yes/no), (yes/no/[fingerprint]) as ssh asks, ([y]/n) as conda asks. */
    private static final List<Pattern> CONFIRM_PROMPTS = List.of(
            Pattern.compile("(?i)\\[(?:y|yes)/(?:n|no)(?:/[a-z?]+)*]"),
            Pattern.compile("(?i)\\((?:y|yes)/(?:n|no)(?:/\\[fingerprint])?\\)"),
            Pattern.compile("(?i)\\(\\[y]/n\\)"));
    /** "Password:", "[sudo] password for ann:", "Enter passphrase for key '/home/ann/.ssh/id_ed25519':". */
    private static final Pattern PASSWORD_PROMPT = Pattern.compile(
            "(?i)(?:password|passphrase|passcode|\\bpin)(?: for [^:]{1,200})?:\\s*$");

    private final ActivitySettings settings;

    public StateClassifier(ActivitySettings settings) {
        this.settings = Objects.requireNonNull(settings, "settings");
    }

    /**
     * Everything the classifier reads.
     *
     * @param screen the visible screen, as copied (not normalised: dialogs are matched on their real text)
     * @param program what runs in the foreground
     * @param process the process table's view of the shell
     * @param shell what the shell's integration marks said
     * @param exitStatus the shell's exit status once it ended, else null
     * @param now the time of this look
     * @param lastChangeAt when the normalised screen last really changed
     * @param lastOutputAt when output last arrived (the output generation last moved)
     */
    public record Input(VisibleScreen screen, ProgramKind program, ProcessSnapshot process, ShellStatus shell,
                        Integer exitStatus, Instant now, Instant lastChangeAt, Instant lastOutputAt) {
        public Input {
            Objects.requireNonNull(screen, "screen");
            Objects.requireNonNull(program, "program");
            Objects.requireNonNull(process, "process");
            Objects.requireNonNull(shell, "shell");
            Objects.requireNonNull(now, "now");
            Objects.requireNonNull(lastChangeAt, "lastChangeAt");
            Objects.requireNonNull(lastOutputAt, "lastOutputAt");
        }
    }

    public Classification classify(Input in) {
        if (in.exitStatus() != null) {
            return new Classification(TabState.EXITED, null, "the shell exited with status " + in.exitStatus(), null);
        }
        List<String> lines = cleanLines(in.screen());
        boolean runs = programRuns(in.process(), in.shell());
        if (runs) {
            String dialog = agentDialog(lines);
            if (dialog != null) {
                return new Classification(TabState.WAITING, cap(dialog), "an agent asks for approval", null);
            }
            if (lines.stream().anyMatch(l -> CODEX_WORKING.matcher(l).find() || CLAUDE_WORKING.matcher(l).find())) {
                return new Classification(TabState.WORKING, null, "the agent shows its working line", null);
            }
            String prompt = promptLine(in.screen());
            if (prompt != null) {
                Instant quietAt = in.lastOutputAt().plus(settings.waitingQuiet());
                if (!in.now().isBefore(quietAt)) {
                    return new Classification(TabState.WAITING, cap(prompt), "a prompt waits for an answer", null);
                }
                return new Classification(TabState.WORKING, null, "a prompt appeared while output still flows",
                        quietAt);
            }
            Instant windowEnd = in.lastChangeAt().plus(settings.workingWindow());
            if (in.now().isBefore(windowEnd)) {
                return new Classification(TabState.WORKING, null,
                        "the screen changed within " + seconds(settings.workingWindow()), windowEnd);
            }
            return new Classification(TabState.IDLE, null, in.program().isAgent()
                    ? "the agent waits at its input box" : "the program is quiet", null);
        }
        return new Classification(TabState.IDLE, null, "the shell is at its prompt", null);
    }

    /**
     * Whether a program runs in the foreground. With marks the shell's own account wins, also over ssh (the
     * remote shell's marks); a foreground command other than a remote login means marks stopped arriving (a
     * shell without integration took over), and the process table is believed instead.
     */
    static boolean programRuns(ProcessSnapshot process, ShellStatus shell) {
        if (shell.integrated()) {
            if (shell.phase() == ShellPhase.RUNNING) {
                return true;
            }
            return process.foregroundCommand().filter(c -> !REMOTE_SHELLS.contains(c)).isPresent();
        }
        return process.runsCommand();
    }

    private static List<String> cleanLines(VisibleScreen screen) {
        return screen.rows().stream().map(r -> BOX_EDGES.matcher(r.text()).replaceAll("")).toList();
    }

    /** The question of an agent's approval dialog on screen, or null. */
    static String agentDialog(List<String> lines) {
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            for (Pattern question : CODEX_QUESTIONS) {
                Matcher m = question.matcher(line);
                if (m.find() && anyBelow(lines, i, CODEX_CONFIRM)) {
                    String text = line.substring(m.start()).strip();
                    if (CODEX_RUN_COMMAND.matcher(text).find()) {
                        String command = firstTextBelow(lines, i);
                        if (command != null) {
                            text = text + " " + command;
                        }
                    }
                    return text;
                }
            }
            if (CLAUDE_QUESTION.matcher(line).find() && anyBelow(lines, i, NUMBERED_YES)) {
                return line;
            }
        }
        return null;
    }

    private static boolean anyBelow(List<String> lines, int row, Pattern pattern) {
        for (int i = row + 1; i < lines.size(); i++) {
            if (pattern.matcher(lines.get(i)).find()) {
                return true;
            }
        }
        return false;
    }

    private static String firstTextBelow(List<String> lines, int row) {
        for (int i = row + 1; i < lines.size(); i++) {
            String text = lines.get(i).strip();
            if (!text.isEmpty()) {
                return NUMBERED_YES.matcher(text).find() ? null : text;
            }
        }
        return null;
    }

    /** The cursor's line when it is a [y/N] or password prompt, else null. */
    static String promptLine(VisibleScreen screen) {
        int row = screen.cursorRow();
        if (row < 0 || row >= screen.height()) {
            row = screen.height() - 1;
            while (row >= 0 && screen.rows().get(row).text().isBlank()) {
                row--;
            }
            if (row < 0) {
                return null;
            }
        }
        String line = screen.rows().get(row).text().strip();
        if (PASSWORD_PROMPT.matcher(line).find()) {
            return line;
        }
        for (Pattern confirm : CONFIRM_PROMPTS) {
            if (confirm.matcher(line).find()) {
                return line;
            }
        }
        return null;
    }

    private String cap(String text) {
        String line = text.replaceAll("\\s+", " ").strip();
        return line.length() <= settings.maxQuestionChars() ? line : line.substring(0, settings.maxQuestionChars() - 1) + "…";
    }

    private static String seconds(Duration d) {
        return d.toMillis() % 1000 == 0 ? d.toSeconds() + " s" : d.toMillis() + " ms";
    }
}
