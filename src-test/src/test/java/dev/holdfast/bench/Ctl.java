package dev.holdfast.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.holdfast.app.control.ControlClient;
import dev.holdfast.app.control.ControlCommand;
import java.io.IOException;

/** Something that answers control requests: the app over a new connection each time, or one open connection. */
public interface Ctl {
    JsonNode ctl(ControlCommand command, JsonNode args) throws IOException;

    default JsonNode ctl(ControlCommand command) throws IOException {
        return ctl(command, JsonNodeFactory.instance.objectNode());
    }

    /** Types {@code text} into a tab, as {@code holdfast ctl send --text} does. */
    default void send(String panel, String text) throws IOException {
        ctl(ControlCommand.SEND, JsonNodeFactory.instance.objectNode().put("panel", panel).put("text", text));
    }

    /** A tab's screen, with its scrollback above it when {@code scrollback}, as {@code holdfast ctl read} gives it. */
    default String read(String panel, boolean scrollback) throws IOException {
        return ctl(ControlCommand.READ, JsonNodeFactory.instance.objectNode().put("panel", panel)
                .put("scrollback", scrollback)).path("text").asText();
    }

    /** Requests over {@code client}'s one connection (it outlives its socket file being removed). */
    static Ctl over(ControlClient client) {
        return (command, args) -> HoldfastProcess.call(client, command, args);
    }
}
