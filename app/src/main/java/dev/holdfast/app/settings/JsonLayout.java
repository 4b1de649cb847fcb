package dev.holdfast.app.settings;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * Writes JSON files that people edit by hand in the layout of JavaScript's {@code JSON.stringify(value, null, 2)}:
 * two spaces a level, {@code "key": value}, one array element a line, {@code []} and {@code {}} when empty, a final
 * line feed. It is the layout the agents write their own settings in and most editors keep, so a file Holdfast
 * changes shows, in a diff, only the lines it changed; Jackson's default printer would rewrite every colon and
 * empty bracket.
 */
public final class JsonLayout {
    private static final DefaultPrettyPrinter PRINTER = new DefaultPrettyPrinter(Separators.createDefaultInstance()
            .withObjectFieldValueSpacing(Separators.Spacing.AFTER)
            .withArrayEmptySeparator("")
            .withObjectEmptySeparator(""))
            .withArrayIndenter(DefaultIndenter.SYSTEM_LINEFEED_INSTANCE.withLinefeed("\n"))
            .withObjectIndenter(DefaultIndenter.SYSTEM_LINEFEED_INSTANCE.withLinefeed("\n"));

    private JsonLayout() {
    }

    /** {@code tree} as the text of a file, ending with a line feed. */
    public static String format(ObjectMapper mapper, JsonNode tree) throws JsonProcessingException {
        return mapper.writer(PRINTER).writeValueAsString(tree) + "\n";
    }
}
