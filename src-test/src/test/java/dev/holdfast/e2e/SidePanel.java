package dev.holdfast.e2e;

import static dev.holdfast.e2e.TestWindow.fx;

import dev.holdfast.app.tabs.TerminalTab;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Labeled;
import javafx.scene.control.ToggleButton;
import javafx.scene.text.Text;

/** What a tab's side panel (the conversation beside the terminal) shows, read as a user would read it. */
final class SidePanel {
    private SidePanel() {
    }

    /** What the tab's side panel shows, as one text; empty when no panel is open. */
    static String text(TerminalTab tab) {
        try {
            return fx(() -> tab.body().sidePanel() == null ? "" : String.join("\n", texts(tab.body().sidePanel())));
        } catch (Exception e) {
            return "";
        }
    }

    /** Waits until the panel shows what {@code shows} wants; a timeout names the panel's and the screen's text. */
    static void await(String what, TerminalTab tab, Predicate<String> shows) throws InterruptedException {
        TabText.await(what, () -> shows.test(text(tab)), () -> "\npanel:\n" + text(tab) + "\nscreen:\n"
                + TabText.of(tab));
    }

    /** The tab header's button that opens and closes the conversation, or null while no agent was seen. */
    static ToggleButton agentButton(TerminalTab tab) throws Exception {
        return fx(() -> (ToggleButton) tab.header().lookup(".conversation-toggle"));
    }

    /** Every text the node shows: labels by their text (not as clipped), text nodes as they are. */
    private static List<String> texts(Node node) {
        List<String> out = new ArrayList<>();
        collect(node, out);
        return out;
    }

    private static void collect(Node node, List<String> out) {
        if (node instanceof Labeled labeled) {
            if (labeled.getText() != null && !labeled.getText().isEmpty()) {
                out.add(labeled.getText());
            }
            // A list cell is a labelled control too: what it shows is its graphic.
            if (labeled.getGraphic() != null) {
                collect(labeled.getGraphic(), out);
            }
            return;
        }
        if (node instanceof Text text) {
            out.add(text.getText());
            return;
        }
        if (node instanceof Parent parent) {
            for (Node child : parent.getChildrenUnmodifiable()) {
                if (child.isVisible()) {
                    collect(child, out);
                }
            }
        }
    }
}
