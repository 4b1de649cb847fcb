package dev.holdfast.app.window;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javafx.css.CssParser;
import javafx.css.Rule;
import javafx.css.Selector;
import javafx.css.Stylesheet;
import org.junit.jupiter.api.Test;

/**
 * The app's one stylesheet parses whole: a rule left open (as a merge once left the sidebar's) swallows every rule
 * after it without a word at run time, and the sidebar and the conversation panel lost their colours.
 */
class StylesheetTest {
    private static final String PATH = "/dev/holdfast/app/holdfast.css";
    private static final Pattern BLOCK = Pattern.compile("([^{}]+)\\{[^{}]*}");

    @Test
    void everyRuleOfTheFileIsARuleOfTheParsedStylesheet() throws IOException {
        URL url = StylesheetTest.class.getResource(PATH);
        String text;
        try (InputStream in = url.openStream()) {
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        String withoutComments = text.replaceAll("(?s)/\\*.*?\\*/", "");
        assertEquals(count(withoutComments, '{'), count(withoutComments, '}'), "every { of " + PATH + " is closed");
        Set<String> written = new LinkedHashSet<>();
        Matcher blocks = BLOCK.matcher(withoutComments);
        while (blocks.find()) {
            for (String selector : blocks.group(1).split(",")) {
                written.add(normalise(selector));
            }
        }
        CssParser.errorsProperty().clear();
        Stylesheet parsed = new CssParser().parse(url);
        assertTrue(CssParser.errorsProperty().isEmpty(), "parse errors: " + CssParser.errorsProperty());
        Set<String> parsedSelectors = new LinkedHashSet<>();
        for (Rule rule : parsed.getRules()) {
            for (Selector selector : rule.getSelectors()) {
                parsedSelectors.add(normalise(selector.toString()));
            }
        }
        List<String> missing = new ArrayList<>();
        for (String selector : written) {
            if (!parsedSelectors.contains(selector)) {
                missing.add(selector);
            }
        }
        assertTrue(missing.isEmpty(), "selectors written but not parsed as rules: " + missing);
        assertTrue(written.contains(".sidebar-list .card-cell") && written.contains(".conversation-panel"),
                "the sidebar's and the panel's rules are in the file");
    }

    private static long count(String text, char c) {
        return text.chars().filter(ch -> ch == c).count();
    }

    /**
     * Compares selectors by their type, classes, pseudo-classes and combinators, whatever the spacing and the order
     * the parser prints a compound's classes in.
     */
    private static String normalise(String selector) {
        String spaced = selector.strip().replaceAll("\\s*>\\s*", " > ").replaceAll("\\s+", " ").replace("*", "");
        List<String> parts = new ArrayList<>();
        for (String compound : spaced.split(" ")) {
            if (compound.equals(">")) {
                parts.add(compound);
                continue;
            }
            List<String> pieces = new ArrayList<>();
            Matcher piece = Pattern.compile("[.:]?[^.:]+").matcher(compound);
            while (piece.find()) {
                pieces.add(piece.group());
            }
            String type = !pieces.isEmpty() && !pieces.get(0).startsWith(".") && !pieces.get(0).startsWith(":")
                    ? pieces.remove(0) : "";
            pieces.sort(null);
            parts.add(type + String.join("", pieces));
        }
        return String.join(" ", parts);
    }
}
