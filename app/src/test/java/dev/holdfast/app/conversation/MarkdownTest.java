package dev.holdfast.app.conversation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.holdfast.app.conversation.Markdown.Block;
import dev.holdfast.app.conversation.Markdown.Code;
import dev.holdfast.app.conversation.Markdown.Heading;
import dev.holdfast.app.conversation.Markdown.ListItem;
import dev.holdfast.app.conversation.Markdown.Paragraph;
import dev.holdfast.app.conversation.Markdown.Quote;
import dev.holdfast.app.conversation.Markdown.Rule;
import dev.holdfast.app.conversation.Markdown.Span;
import dev.holdfast.app.conversation.Markdown.Style;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** An agent's markdown answer read as blocks and styled runs for the panel. */
class MarkdownTest {

    private static Span span(String text, Style... styles) {
        return new Span(text, Set.of(styles));
    }

    @Test
    void headingsParagraphsAndRulesAreBlocksOfTheirOwn() {
        List<Block> blocks = Markdown.parse("# Title\n\nFirst line\nsame paragraph.\n\n---\n### Smaller ###\nNext.");
        assertEquals(List.of(
                new Heading(1, List.of(span("Title"))),
                new Paragraph(List.of(span("First line same paragraph."))),
                new Rule(),
                new Heading(3, List.of(span("Smaller"))),
                new Paragraph(List.of(span("Next.")))), blocks);
    }

    @Test
    void aLineEndingInTwoSpacesOrABackslashBreaksTheParagraph() {
        assertEquals(List.of(new Paragraph(List.of(span("one\ntwo\nthree")))),
                Markdown.parse("one  \ntwo\\\nthree"));
    }

    @Test
    void listsAreItemsWithTheirMarkerAndDepth() {
        List<Block> blocks = Markdown.parse("""
                - first
                  continued
                * second
                  - nested
                lazy continuation
                1. one
                2) two
                """);
        assertEquals(List.of(
                new ListItem(0, "•", List.of(span("first continued"))),
                new ListItem(0, "•", List.of(span("second"))),
                new ListItem(1, "•", List.of(span("nested lazy continuation"))),
                new ListItem(0, "1.", List.of(span("one"))),
                new ListItem(0, "2)", List.of(span("two")))), blocks);
    }

    @Test
    void aFencedBlockKeepsItsTextAsItIsAndAnUnclosedOneRunsToTheEnd() {
        List<Block> blocks = Markdown.parse("Run:\n```bash title\n  **not bold** `x`\n\n# not a heading\n```\nafter\n~~~\nopen");
        assertEquals(List.of(
                new Paragraph(List.of(span("Run:"))),
                new Code("bash", "  **not bold** `x`\n\n# not a heading"),
                new Paragraph(List.of(span("after"))),
                new Code("", "open")), blocks);
    }

    @Test
    void tablesAreKeptAsTheirLinesForTheTerminalsFont() {
        List<Block> blocks = Markdown.parse("| a | b |\n|---|---|\n| 1 | 2 |\n\ntext");
        assertEquals(new Code("table", "| a | b |\n|---|---|\n| 1 | 2 |"), blocks.get(0));
        assertEquals(new Paragraph(List.of(span("text"))), blocks.get(1));
    }

    @Test
    void quotesJoinTheirLines() {
        assertEquals(List.of(new Quote(List.of(span("said once said twice")))), Markdown.parse("> said once\n> said twice"));
    }

    @Test
    void inlineStylesAreRunsOfText() {
        assertEquals(List.of(span("a "), span("bold", Style.BOLD), span(" and "), span("italic", Style.ITALIC),
                span(" and "), span("both", Style.BOLD, Style.ITALIC), span(" and "), span("gone", Style.STRIKE),
                span(" and "), span("x = *y*", Style.CODE), span(".")),
                Markdown.inline("a **bold** and _italic_ and ***both*** and ~~gone~~ and `x = *y*`."));
        assertEquals(List.of(span("in "), span("bold ", Style.BOLD), span("code", Style.BOLD, Style.CODE)),
                Markdown.inline("in **bold `code`**"));
    }

    @Test
    void whatIsNotMarkupStaysAsItIs() {
        assertEquals(List.of(span("snake_case_name and 2 * 3 * 4 and **open and `unclosed")),
                Markdown.inline("snake_case_name and 2 * 3 * 4 and **open and `unclosed"));
        assertEquals(List.of(span("literal *stars*")), Markdown.inline("literal \\*stars\\*"));
    }

    @Test
    void linksShowTheirTextAndTheAddressWhenItSaysSomethingElse() {
        assertEquals(List.of(span("see "), span("the runbook", Style.LINK), span(" (https://example.com/r)")),
                Markdown.inline("see [the runbook](https://example.com/r)"));
        assertEquals(List.of(span("https://example.com", Style.LINK)), Markdown.inline("<https://example.com>"));
        assertEquals(List.of(span("[not a link] (x)")), Markdown.inline("[not a link] (x)"));
    }

    @Test
    void theWholeTextSurvivesInTheRuns() {
        String text = "Use `mvn -B verify` **before** you push; see _README_.";
        String plain = String.join("", Markdown.inline(text).stream().map(Span::text).toList());
        assertEquals("Use mvn -B verify before you push; see README.", plain);
        assertFalse(plain.contains("*"));
        assertTrue(Markdown.parse("").isEmpty());
    }
}
