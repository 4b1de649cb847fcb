package dev.holdfast.app.window;

import dev.holdfast.terminal.pty.ProcessSnapshot;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/** When closing asks first, and what it asks: a tab or a window in which a command still runs. */
final class ClosePolicy {
    /** What the user is asked before something running is ended. */
    record Question(String title, String detail) {
    }

    private ClosePolicy() {
    }

    /** Closing a tab asks when a command (anything but the idle shell) runs in it. */
    static Optional<Question> closingTab(ProcessSnapshot snapshot) {
        if (!snapshot.runsCommand()) {
            return Optional.empty();
        }
        return Optional.of(new Question("Close this tab?",
                "“" + snapshot.foregroundCommand().get() + "” is still running in it. Closing the tab ends it."));
    }

    /** Closing the window asks when commands run in any of its tabs, and names them. */
    static Optional<Question> closingWindow(List<String> running) {
        if (running.isEmpty()) {
            return Optional.empty();
        }
        String list = running.stream().map(c -> "“" + c + "”").collect(Collectors.joining(", "));
        return Optional.of(new Question("Close Holdfast?",
                list + (running.size() == 1 ? " is" : " are") + " still running. Closing the window ends "
                        + (running.size() == 1 ? "it." : "them.")));
    }
}
