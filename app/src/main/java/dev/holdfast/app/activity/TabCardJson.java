package dev.holdfast.app.activity;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.holdfast.checkpoint.store.StateJson;
import dev.holdfast.terminal.screen.TabCard;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A tab card as the pane clock store keeps it ({@code card_json}): the record as Jackson writes it, on one line. A
 * stored card that does not read back is not restored (the tab's screen is then read afresh), never an error.
 */
public final class TabCardJson {
    private static final Logger LOG = LoggerFactory.getLogger(TabCardJson.class);

    private final ObjectMapper mapper = StateJson.newMapper();
    private final ObjectWriter writer = mapper.writer().without(SerializationFeature.INDENT_OUTPUT);

    public String encode(TabCard card) {
        try {
            return writer.writeValueAsString(card);
        } catch (JsonProcessingException e) {
            // A plain record of strings, instants and enums: failing to write it is a bug.
            throw new IllegalStateException("a tab card could not be written as JSON", e);
        }
    }

    /** The card {@code json} holds, or empty when it is unreadable or of another card version. */
    public Optional<TabCard> decode(String json) {
        if (json == null || json.isBlank()) {
            return Optional.empty();
        }
        try {
            TabCard card = mapper.readValue(json, TabCard.class);
            return card.version() == TabCard.CURRENT_VERSION ? Optional.of(card) : Optional.empty();
        } catch (JsonProcessingException | RuntimeException e) {
            LOG.info("A stored tab card could not be read ({}); the tab's screen is read afresh", StateJson.oneLine(
                    String.valueOf(e.getMessage())));
            return Optional.empty();
        }
    }
}
