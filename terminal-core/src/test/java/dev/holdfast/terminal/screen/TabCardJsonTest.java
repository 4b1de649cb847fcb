package dev.holdfast.terminal.screen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import dev.holdfast.terminal.shell.CommandRun;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A card goes into the clock store as JSON: Jackson must write and read it as it is, with no adapters. */
class TabCardJsonTest {
    private static final Instant T0 = Instant.parse("2026-03-01T10:00:00.123456789Z");

    // The same settings as checkpoint's StateJson mapper.
    private final ObjectMapper mapper = JsonMapper.builder().addModule(new JavaTimeModule())
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES).build();

    @Test
    void aFullCardSurvivesARoundTrip() throws Exception {
        CommandRun run = new CommandRun(7, "make test", 2, T0, T0.plusSeconds(3));
        ActivityLog log = new ActivityLog(List.of(ActivityEntry.entered(T0, TabState.WORKING, null),
                ActivityEntry.finished(run), ActivityEntry.entered(T0.plusSeconds(4), TabState.WAITING, "Continue? [Y/n]")));
        TabCard card = new TabCard(TabCard.CURRENT_VERSION, "build", "box:/src", "bash", ProgramKind.SHELL,
                TabState.WAITING, T0.plusSeconds(4), T0.plusSeconds(3), "Continue? [Y/n]", run, null, log);
        String json = mapper.writeValueAsString(card);
        assertFalse(json.contains("duration"), "derived values are not stored: " + json);
        assertEquals(card, mapper.readValue(json, TabCard.class));
    }

    @Test
    void aCardWithNothingOptionalSurvivesToo() throws Exception {
        TabCard card = new TabCard(TabCard.CURRENT_VERSION, "", null, "zsh", ProgramKind.SHELL, TabState.EXITED, T0, T0,
                null, null, 0, ActivityLog.EMPTY);
        assertEquals(card, mapper.readValue(mapper.writeValueAsString(card), TabCard.class));
    }
}
