package dev.holdfast.app.settings;

import dev.holdfast.terminal.agent.resume.ResumeAgents;
import dev.holdfast.terminal.scrollback.ScrollbackLimit;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;
import javafx.collections.FXCollections;
import javafx.geometry.Insets;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.Spinner;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.text.Font;
import javafx.scene.text.Text;
import javafx.stage.Modality;
import javafx.stage.Stage;
import javafx.stage.Window;
import javafx.util.StringConverter;

/** A small dialog for what people change most: font, theme, scrollback size, restore on/off. */
public final class SettingsDialog {
    private SettingsDialog() {
    }

    /** Opens the dialog; {@code onSave} gets the edited settings (colours and other file-only values kept). */
    public static void show(Window owner, Settings current, String effectiveFamily, Consumer<Settings> onSave) {
        Stage stage = new Stage();
        stage.initOwner(owner);
        stage.initModality(Modality.WINDOW_MODAL);
        stage.setTitle("Holdfast Settings");

        ComboBox<String> family = new ComboBox<>(FXCollections.observableArrayList(monospaceFamilies()));
        family.setEditable(true);
        family.setValue(current.fontFamily().isBlank() ? effectiveFamily : current.fontFamily());
        Spinner<Double> size = new Spinner<>(Settings.MIN_FONT_SIZE_POINTS, Settings.MAX_FONT_SIZE_POINTS,
                current.fontSizePoints(), 1);
        size.setEditable(true);
        ChoiceBox<Theme> theme = new ChoiceBox<>(FXCollections.observableArrayList(Theme.values()));
        theme.setValue(current.theme());
        theme.setConverter(new StringConverter<>() {
            @Override
            public String toString(Theme value) {
                return value == null ? "" : value.label();
            }

            @Override
            public Theme fromString(String label) {
                return Arrays.stream(Theme.values()).filter(t -> t.label().equals(label)).findFirst().orElse(null);
            }
        });
        boolean unlimitedNow = current.historyLines() == Settings.UNLIMITED_HISTORY_LINES;
        Spinner<Integer> history = new Spinner<>(0, Settings.MAX_HISTORY_LINES,
                unlimitedNow ? Settings.MAX_HISTORY_LINES : current.historyLines(), 1000);
        history.setEditable(true);
        CheckBox unlimited = new CheckBox("Unlimited (up to " + (ScrollbackLimit.DEFAULT_MEMORY_CAP_BYTES >> 20)
                + " MB per tab)");
        unlimited.setSelected(unlimitedNow);
        history.disableProperty().bind(unlimited.selectedProperty());
        CheckBox restore = new CheckBox("Restore tabs and scrollback at launch");
        restore.setSelected(current.restoreSessions());
        ChoiceBox<ResumeAgents> resume = new ChoiceBox<>(FXCollections.observableArrayList(ResumeAgents.values()));
        resume.setValue(current.resumeAgents());
        resume.setConverter(new StringConverter<>() {
            @Override
            public String toString(ResumeAgents value) {
                return value == null ? "" : resumeLabel(value);
            }

            @Override
            public ResumeAgents fromString(String label) {
                return Arrays.stream(ResumeAgents.values()).filter(r -> resumeLabel(r).equals(label)).findFirst()
                        .orElse(null);
            }
        });
        resume.setId("resumeAgents");
        CheckBox blink = new CheckBox("Blinking cursor");
        blink.setSelected(current.cursorBlink());

        GridPane grid = new GridPane();
        grid.setHgap(12);
        grid.setVgap(10);
        grid.setPadding(new Insets(16));
        grid.addRow(0, new Label("Font"), family);
        grid.addRow(1, new Label("Size"), size);
        grid.addRow(2, new Label("Theme"), theme);
        grid.addRow(3, new Label("Scrollback lines"), history);
        grid.add(unlimited, 1, 4);
        grid.add(restore, 1, 5);
        grid.add(blink, 1, 6);
        grid.addRow(7, new Label("Agent tabs after a restart"), resume);
        Label note = new Label("Scrollback size applies to new tabs, agent tabs to the next restore. Everything else "
                + "applies at once.");
        note.setWrapText(true);
        note.setMaxWidth(360);
        grid.add(note, 0, 8, 2, 1);

        Button cancel = new Button("Cancel");
        cancel.setCancelButton(true);
        cancel.setOnAction(e -> stage.close());
        Button save = new Button("Save");
        save.setDefaultButton(true);
        save.setOnAction(e -> {
            String chosen = family.getEditor().getText() == null ? "" : family.getEditor().getText().strip();
            int lines = unlimited.isSelected() ? Settings.UNLIMITED_HISTORY_LINES
                    : Math.max(0, Math.min(Settings.MAX_HISTORY_LINES, history.getValue()));
            onSave.accept(new Settings(chosen, Settings.clampFontSize(size.getValue()), lines, theme.getValue(),
                    restore.isSelected(), blink.isSelected(), current.colors(), current.saveTiming(),
                    current.shellIntegration(), current.notifications(), current.longCommandSeconds(),
                    current.emulatorParser(), resume.getValue() == null ? current.resumeAgents() : resume.getValue()));
            stage.close();
        });
        HBox buttons = new HBox(8, cancel, save);
        grid.add(buttons, 1, 9);
        Scene scene = new Scene(grid);
        // The dialog wears the window's chrome: dark beside a dark terminal, light beside a light one.
        scene.getStylesheets().addAll(owner.getScene().getStylesheets());
        grid.getStyleClass().add("settings-dialog");
        if (!owner.getScene().getRoot().getStyleClass().contains("light")) {
            grid.getStyleClass().add("dark");
        }
        // A focused check box takes Enter for itself, so the default button would not fire: Enter saves anyway.
        scene.addEventFilter(KeyEvent.KEY_PRESSED, e -> {
            if (e.getCode() == KeyCode.ENTER && scene.getFocusOwner() instanceof CheckBox) {
                e.consume();
                save.fire();
            }
        });
        stage.setScene(scene);
        stage.show();
    }

    static String resumeLabel(ResumeAgents value) {
        return switch (value) {
            case ASK -> "Offer to resume the conversation";
            case ALWAYS -> "Resume the conversation";
            case NEVER -> "Only say which conversation it was";
        };
    }

    /** Installed families whose 'i' and 'M' are equally wide: the ones a terminal can use. */
    static List<String> monospaceFamilies() {
        return Font.getFamilies().stream().filter(SettingsDialog::isMonospace).toList();
    }

    private static boolean isMonospace(String family) {
        Font font = Font.font(family, 14);
        Text narrow = new Text("iiii");
        narrow.setFont(font);
        Text wide = new Text("MMMM");
        wide.setFont(font);
        return Math.abs(narrow.getLayoutBounds().getWidth() - wide.getLayoutBounds().getWidth()) < 0.5;
    }
}
