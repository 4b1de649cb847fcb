package dev.holdfast.checkpoint.scrollback;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.holdfast.checkpoint.store.StateJson;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.UUID;

/**
 * The bytes of a checkpoint file. Version 2 is JSON lines: the record written whole on the first line, then
 * one line per incremental capture appended after it, so a capture costs what it adds, not the whole history.
 * A crash in the middle of an append leaves a torn last line, which is ignored: the file then reads as of the
 * capture before. Version 1 files (one JSON document, from before appends) still read. The record and each append
 * may carry {@code screenFingerprint}, the fingerprint of the screen they were captured from (an append's replaces
 * the record's); files from before it read it as absent.
 */
final class ScrollbackRecordCodec {

    static final int CURRENT_VERSION = 2;
    private static final int LEGACY_VERSION = 1;
    private static final String TYPE = "type";
    private static final String BASE = "base";
    private static final String APPEND = "append";
    private static final String SCREEN_FINGERPRINT = "screenFingerprint";

    sealed interface Result {
    }

    /** @param appends how many appended captures it holds; @param tornTail the last line was cut short */
    record Decoded(ScrollbackRecord record, int appends, boolean tornTail) implements Result {
    }

    record Rejected(String reason) implements Result {
    }

    private final ObjectMapper mapper = StateJson.newMapper();
    private final ObjectWriter oneLine = mapper.writer().without(SerializationFeature.INDENT_OUTPUT);

    /** The first line of a file: the record whole. */
    byte[] encode(ScrollbackRecord record) throws JsonProcessingException {
        ObjectNode line = mapper.createObjectNode();
        line.put("version", CURRENT_VERSION);
        line.put(TYPE, BASE);
        line.setAll((ObjectNode) mapper.valueToTree(record));
        return lineOf(line);
    }

    /** One appended line. */
    byte[] encode(ScrollbackAppend append) throws JsonProcessingException {
        ObjectNode line = mapper.createObjectNode();
        line.put(TYPE, APPEND);
        line.setAll((ObjectNode) mapper.valueToTree(append));
        return lineOf(line);
    }

    private byte[] lineOf(ObjectNode node) throws JsonProcessingException {
        // Absent reads as null: a capture without a fingerprint costs no bytes for it.
        if (node.path(SCREEN_FINGERPRINT).isNull()) {
            node.remove(SCREEN_FINGERPRINT);
        }
        // Without indentation every line of text is one line of the file: JSON escapes the line breaks in it.
        return (oneLine.writeValueAsString(node) + "\n").getBytes(StandardCharsets.UTF_8);
    }

    /** Decodes a file named after {@code expectedPanel}: a record for another panel is someone else's file. */
    Result decode(byte[] bytes, UUID expectedPanel) {
        try (MappingIterator<JsonNode> values = mapper.readerFor(JsonNode.class).readValues(bytes)) {
            if (!values.hasNextValue()) {
                return new Rejected("it is empty");
            }
            JsonNode first = values.nextValue();
            String problem = formatProblem(first);
            if (problem != null) {
                return new Rejected(problem);
            }
            ScrollbackRecord record = mapper.treeToValue(first, ScrollbackRecord.class);
            if (!record.panelId().equals(expectedPanel)) {
                return new Rejected("it holds panel " + record.panelId() + ", not the panel its name says");
            }
            if (first.get("version").intValue() == LEGACY_VERSION) {
                return values.hasNextValue() ? new Rejected("a version 1 record has trailing data")
                        : new Decoded(record, 0, false);
            }
            return applyAppends(record, values);
        } catch (JsonProcessingException e) {
            return new Rejected(StateJson.describe(e));
        } catch (IOException e) {
            return new Rejected(StateJson.oneLine(e.toString()));
        } catch (RuntimeException e) {
            // MappingIterator wraps parse errors of later values in an unchecked exception.
            return new Rejected(StateJson.oneLine(String.valueOf(e.getMessage())));
        }
    }

    private Result applyAppends(ScrollbackRecord base, MappingIterator<JsonNode> values) {
        ScrollbackRecord record = base;
        int appends = 0;
        while (true) {
            JsonNode line;
            try {
                if (!values.hasNextValue()) {
                    return new Decoded(record, appends, false);
                }
                line = values.nextValue();
            } catch (IOException | RuntimeException torn) {
                // Only the last line can be torn: appends are written one after another, each synced.
                return new Decoded(record, appends, true);
            }
            if (!APPEND.equals(line.path(TYPE).asText())) {
                return new Rejected("line " + (appends + 2) + " is not an appended capture");
            }
            ScrollbackAppend append;
            try {
                append = mapper.treeToValue(line, ScrollbackAppend.class);
            } catch (JsonProcessingException e) {
                return new Rejected("appended capture " + (appends + 1) + ": " + StateJson.describe(e));
            }
            if (!append.launchId().equals(base.launchId())) {
                return new Rejected("appended capture " + (appends + 1) + " names launch " + append.launchId()
                        + ", not the record's " + base.launchId());
            }
            if (append.generation() < record.generation()) {
                return new Rejected("appended capture " + (appends + 1) + " goes back to generation "
                        + append.generation());
            }
            record = append.applyTo(record);
            appends++;
        }
    }

    private static String formatProblem(JsonNode first) {
        if (first != null && first.isObject() && first.path("version").isInt()
                && first.get("version").intValue() == LEGACY_VERSION) {
            return null;
        }
        String problem = StateJson.formatProblem(first, CURRENT_VERSION);
        if (problem == null && !BASE.equals(first.path(TYPE).asText())) {
            return "its first line is not a record";
        }
        return problem;
    }
}
