package dev.holdfast.app.window;

import dev.holdfast.app.tabs.TerminalTab;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Executor;
import javafx.stage.Window;

/**
 * Closing that asks first ({@link ClosePolicy}): what runs in the tabs is read on the background executor
 * (inspecting processes may block briefly), then the question is asked, or the close done, on the FX thread.
 */
final class CloseRequests {
    private final Executor background;
    private final Executor fx;
    private final CloseConfirmation confirmation;
    private final Window owner;

    CloseRequests(Executor background, Executor fx, CloseConfirmation confirmation, Window owner) {
        this.background = background;
        this.fx = fx;
        this.confirmation = confirmation;
        this.owner = owner;
    }

    /** Runs {@code close} (FX thread) once the user agreed, or at once when nothing runs in {@code tab}. */
    void closeTab(TerminalTab tab, Runnable close) {
        background.execute(() -> {
            Optional<ClosePolicy.Question> question = ClosePolicy.closingTab(tab.session().inspectProcess());
            fx.execute(() -> askOrRun(question, close));
        });
    }

    /** Runs {@code close} (FX thread) once the user agreed, or at once when nothing runs in {@code tabs}. */
    void closeWindow(List<TerminalTab> tabs, Runnable close) {
        background.execute(() -> {
            List<String> running = new ArrayList<>();
            for (TerminalTab tab : tabs) {
                tab.session().inspectProcess().foregroundCommand().ifPresent(running::add);
            }
            Optional<ClosePolicy.Question> question = ClosePolicy.closingWindow(running);
            fx.execute(() -> askOrRun(question, close));
        });
    }

    private void askOrRun(Optional<ClosePolicy.Question> question, Runnable close) {
        if (question.isPresent()) {
            confirmation.ask(owner, question.get().title(), question.get().detail(), close);
        } else {
            close.run();
        }
    }
}
