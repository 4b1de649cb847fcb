package dev.holdfast.app.window;

import java.util.Optional;
import javafx.scene.control.Alert;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.stage.Window;

/** Asks the user before something running is ended. */
public interface CloseConfirmation {
    /** Called on the FX thread; runs {@code onConfirmed} on the FX thread when the user agrees. */
    void ask(Window owner, String title, String detail, Runnable onConfirmed);

    /** A modal dialog whose default button is the safe one. */
    CloseConfirmation DIALOG = (owner, title, detail, onConfirmed) -> {
        ButtonType close = new ButtonType("Close", ButtonBar.ButtonData.OK_DONE);
        ButtonType cancel = new ButtonType("Cancel", ButtonBar.ButtonData.CANCEL_CLOSE);
        Alert alert = new Alert(Alert.AlertType.CONFIRMATION, detail, cancel, close);
        alert.initOwner(owner);
        alert.setTitle("Holdfast");
        alert.setHeaderText(title);
        ((javafx.scene.control.Button) alert.getDialogPane().lookupButton(close)).setDefaultButton(false);
        ((javafx.scene.control.Button) alert.getDialogPane().lookupButton(cancel)).setDefaultButton(true);
        Optional<ButtonType> answer = alert.showAndWait();
        if (answer.isPresent() && answer.get() == close) {
            onConfirmed.run();
        }
    };
}
