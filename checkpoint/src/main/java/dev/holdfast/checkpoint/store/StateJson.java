package dev.holdfast.checkpoint.store;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.exc.ValueInstantiationException;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import java.util.List;
import java.util.regex.Pattern;

/** How every Holdfast state file is written as JSON, so that all of them read the same way. */
public final class StateJson {

    /** Keeps a rejection reason short enough for a one-line notice; Jackson can quote a whole document. */
    private static final int MAX_REASON_CHARS = 200;

    /** Jackson's rendering of a location inside a message, "[Source: REDACTED (…); line: 1, column: 26]". */
    private static final Pattern EMBEDDED_LOCATION = Pattern.compile("\\[Source: [^;\\]]*; (line: \\d+, column: \\d+)]");

    private StateJson() {
    }

    /**
     * A new mapper for state files: instants as ISO-8601 text (readable, and independent of Jackson's numeric
     * timestamp precision), unknown fields ignored so a newer build's additive fields don't make a file
     * unreadable, and trailing garbage rejected as corruption. A missing number or flag reads as 0 or false, as
     * Jackson does by default: the records' own checks decide whether that value makes sense.
     */
    public static ObjectMapper newMapper() {
        return JsonMapper.builder()
                .addModule(new JavaTimeModule())
                .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
                .enable(SerializationFeature.INDENT_OUTPUT)
                .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
                .build();
    }

    /**
     * Why a parsed state file is not a document of {@code supportedVersion}, or null when it is one. Checked
     * before binding: a later format may be shaped so differently that binding would fail first and hide the
     * one reason that matters.
     */
    public static String formatProblem(JsonNode tree, int supportedVersion) {
        if (tree == null || tree.isMissingNode()) {
            return "it is empty";
        }
        if (!tree.isObject()) {
            return "it is not a JSON object";
        }
        JsonNode version = tree.get("version");
        if (version == null || !version.isInt()) {
            return "it has no format version";
        }
        if (version.intValue() != supportedVersion) {
            return "format version " + version.intValue() + " is not supported (this build reads version "
                    + supportedVersion + ")";
        }
        return null;
    }

    /**
     * Why Jackson refused a state file, in one line for a notice or a log: what was wrong and where (the JSON
     * path for a value that did not fit, else the line and column). For a record that refused its values this
     * is the record's own message, not Jackson's wrapper around it.
     */
    public static String describe(JsonProcessingException e) {
        Throwable cause = e.getCause();
        String what = e instanceof ValueInstantiationException && cause != null && cause.getMessage() != null
                ? cause.getMessage()
                : e.getOriginalMessage();
        JsonLocation location = e.getLocation();
        String where = "";
        if (e instanceof JsonMappingException mapping && !mapping.getPath().isEmpty()) {
            where = " at " + jsonPath(mapping.getPath());
        } else if (location != null && location.getLineNr() > 0) {
            where = " at line " + location.getLineNr() + ", column " + location.getColumnNr();
        }
        return oneLine(EMBEDDED_LOCATION.matcher(what).replaceAll("$1") + where);
    }

    private static String jsonPath(List<JsonMappingException.Reference> path) {
        StringBuilder text = new StringBuilder();
        for (JsonMappingException.Reference step : path) {
            if (step.getIndex() >= 0) {
                text.append('[').append(step.getIndex()).append(']');
            } else {
                text.append(text.length() == 0 ? "" : ".").append(step.getFieldName());
            }
        }
        return text.toString();
    }

    /** Collapses line breaks and runs of blanks and caps the length, for messages read in a list. */
    public static String oneLine(String text) {
        String collapsed = String.valueOf(text).replaceAll("\\s+", " ").strip();
        return collapsed.length() <= MAX_REASON_CHARS ? collapsed : collapsed.substring(0, MAX_REASON_CHARS - 1) + "…";
    }
}
