package dev.holdfast.app.conversation;

import dev.holdfast.app.conversation.Markdown.Block;
import dev.holdfast.app.conversation.Markdown.Span;
import dev.holdfast.app.conversation.Markdown.Style;
import java.util.List;
import javafx.geometry.Insets;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.scene.text.Font;
import javafx.scene.text.FontPosture;
import javafx.scene.text.FontWeight;
import javafx.scene.text.Text;
import javafx.scene.text.TextFlow;

/** Turns markdown blocks into nodes: one text flow per block, code blocks in the terminal's font. FX thread. */
final class MarkdownNodes {
    private MarkdownNodes() {
    }

    /**
     * Fills {@code into} with the blocks, replacing what it held: half a line between blocks, less between the
     * items of one list.
     */
    static void fill(VBox into, List<Block> blocks, ConversationLook look) {
        into.getChildren().clear();
        into.setSpacing(0);
        Block previous = null;
        for (Block block : blocks) {
            Node node = node(block, look);
            if (previous != null) {
                boolean sameList = previous instanceof Markdown.ListItem && block instanceof Markdown.ListItem;
                VBox.setMargin(node, new Insets(look.size() * (sameList ? 0.15 : 0.55), 0, 0, 0));
            }
            into.getChildren().add(node);
            previous = block;
        }
    }

    private static Node node(Block block, ConversationLook look) {
        if (block instanceof Markdown.Heading h) {
            TextFlow flow = flow(h.spans(), look, look.heading(h.level()), true);
            flow.getStyleClass().add("md-heading");
            return flow;
        }
        if (block instanceof Markdown.Paragraph p) {
            return flow(p.spans(), look, look.prose(), false);
        }
        if (block instanceof Markdown.ListItem item) {
            return listItem(item, look);
        }
        if (block instanceof Markdown.Quote q) {
            TextFlow flow = flow(q.spans(), look, look.prose(false, true), false);
            flow.getStyleClass().add("md-quote");
            return flow;
        }
        if (block instanceof Markdown.Code code) {
            return codeBlock(code.text(), look);
        }
        Region line = new Region();
        line.getStyleClass().add("md-rule");
        line.setMinHeight(1);
        line.setPrefHeight(1);
        line.setMaxHeight(1);
        return line;
    }

    private static Node listItem(Markdown.ListItem item, ConversationLook look) {
        Label marker = new Label(item.marker());
        marker.setFont(look.prose());
        marker.getStyleClass().add("md-marker");
        marker.setMinWidth(Region.USE_PREF_SIZE);
        TextFlow text = flow(item.spans(), look, look.prose(), false);
        HBox.setHgrow(text, Priority.ALWAYS);
        HBox row = new HBox(look.size() * 0.4, marker, text);
        row.setPadding(new Insets(0, 0, 0, look.size() * (0.4 + 1.2 * item.depth())));
        row.getStyleClass().add("md-item");
        return row;
    }

    /** A code block (or a table kept as its lines): the text as it is, in the terminal's font, on a tinted box. */
    static TextFlow codeBlock(String text, ConversationLook look) {
        Text body = new Text(text);
        body.setFont(look.mono());
        body.getStyleClass().add("md-code-text");
        TextFlow flow = new TextFlow(body);
        flow.getStyleClass().add("md-code-block");
        return flow;
    }

    static TextFlow flow(List<Span> spans, ConversationLook look, Font base, boolean bold) {
        TextFlow flow = new TextFlow();
        for (Span span : spans) {
            Text text = new Text(span.text());
            boolean isBold = bold || span.has(Style.BOLD);
            if (span.has(Style.CODE)) {
                text.setFont(look.mono(isBold));
                text.getStyleClass().add("md-code");
            } else {
                text.setFont(isBold || span.has(Style.ITALIC) ? Font.font(base.getFamily(),
                        isBold ? FontWeight.BOLD : FontWeight.NORMAL,
                        span.has(Style.ITALIC) ? FontPosture.ITALIC : FontPosture.REGULAR, base.getSize()) : base);
                text.getStyleClass().add("md-text");
            }
            if (span.has(Style.LINK)) {
                text.getStyleClass().add("md-link");
                text.setUnderline(true);
            }
            if (span.has(Style.STRIKE)) {
                text.setStrikethrough(true);
            }
            flow.getChildren().add(text);
        }
        return flow;
    }
}
