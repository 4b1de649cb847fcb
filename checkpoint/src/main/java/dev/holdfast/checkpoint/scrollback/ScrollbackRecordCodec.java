package dev.holdfast.checkpoint.scrollback;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.holdfast.checkpoint.store.StateJson;
import java.io.IOException;
import java.util.UUID;

/** The bytes of a checkpoint file: writes the current format, and reads it or says why it cannot. */
final class ScrollbackRecordCodec {

    sealed interface Result {
    }

    record Decoded(ScrollbackRecord record) implements Result {
    }

    record Rejected(String reason) implements Result {
    }

    private final ObjectMapper mapper = StateJson.newMapper();

    byte[] encode(ScrollbackRecord record) throws JsonProcessingException {
        return mapper.writeValueAsBytes(record);
    }

    /** Decodes a file named after {@code expectedPanel}: a record for another panel is someone else's file. */
    Result decode(byte[] bytes, UUID expectedPanel) {
        try {
            JsonNode tree = mapper.readTree(bytes);
            String problem = StateJson.formatProblem(tree, ScrollbackRecord.CURRENT_VERSION);
            if (problem != null) {
                return new Rejected(problem);
            }
            ScrollbackRecord record = mapper.treeToValue(tree, ScrollbackRecord.class);
            if (!record.panelId().equals(expectedPanel)) {
                return new Rejected("it holds panel " + record.panelId() + ", not the panel its name says");
            }
            return new Decoded(record);
        } catch (JsonProcessingException e) {
            return new Rejected(StateJson.describe(e));
        } catch (IOException e) {
            return new Rejected(StateJson.oneLine(e.toString()));
        }
    }
}
