package dev.holdfast.app.control;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.holdfast.checkpoint.store.StateJson;
import java.io.IOException;
import java.net.ProtocolException;
import java.util.Objects;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The wire format: one JSON object per line, each way.
 *
 * <pre>
 * request   {"v":1,"id":7,"cmd":"read","args":{"panel":"9b1c","lines":20}}
 * success   {"v":1,"id":7,"ok":true,"result":{...}}
 * failure   {"v":1,"id":7,"ok":false,"error":{"code":"not-found","message":"..."}}
 * </pre>
 *
 * <p>{@code id} is any JSON value the client chooses and comes back unchanged (null when the request was too broken
 * to have one). {@code args} may be left out. Unknown top-level fields are ignored, so a newer client can add some
 * without breaking an older server; a different {@code v} is refused with {@code unsupported-version}.
 */
public final class ControlProtocol {
    public static final int VERSION = 1;

    private static final Logger log = LoggerFactory.getLogger(ControlProtocol.class);

    private final ObjectMapper mapper;
    // One line per message: the state-file mapper indents, which would split a message over many lines.
    private final ObjectWriter lineWriter;

    public ControlProtocol() {
        this.mapper = StateJson.newMapper();
        this.lineWriter = mapper.writer().without(SerializationFeature.INDENT_OUTPUT);
    }

    /** A request line as the server understood it. */
    public sealed interface Incoming {
    }

    /** A well-formed request; {@code args} is null when the request had none. */
    public record Request(JsonNode id, String command, JsonNode args) implements Incoming {
        public Request {
            Objects.requireNonNull(id, "id");
            Objects.requireNonNull(command, "command");
        }
    }

    /** A line the server answers with an error without running anything. */
    public record Rejected(JsonNode id, ControlError error) implements Incoming {
        public Rejected {
            Objects.requireNonNull(id, "id");
            Objects.requireNonNull(error, "error");
        }
    }

    /** A response line as the client understood it. */
    public sealed interface Response {
        JsonNode id();
    }

    public record Success(JsonNode id, JsonNode result) implements Response {
        public Success {
            Objects.requireNonNull(id, "id");
            Objects.requireNonNull(result, "result");
        }
    }

    public record Failure(JsonNode id, ControlError error) implements Response {
        public Failure {
            Objects.requireNonNull(id, "id");
            Objects.requireNonNull(error, "error");
        }
    }

    /** Reads one request line (without its line break). Never throws for bad input: that is a {@link Rejected}. */
    public Incoming readRequest(byte[] line) {
        JsonNode root;
        try {
            root = mapper.readTree(line);
        } catch (IOException e) {
            String reason = e instanceof JsonProcessingException json ? StateJson.describe(json) : e.getMessage();
            return rejected(NullNode.instance, ErrorCode.BAD_REQUEST, "malformed JSON: " + reason);
        }
        if (root == null || root.isMissingNode()) {
            return rejected(NullNode.instance, ErrorCode.BAD_REQUEST, "empty request line");
        }
        if (!root.isObject()) {
            return rejected(NullNode.instance, ErrorCode.BAD_REQUEST, "a request must be a JSON object");
        }
        JsonNode id = root.has("id") ? root.get("id") : NullNode.instance;
        JsonNode version = root.get("v");
        if (version == null) {
            return rejected(id, ErrorCode.BAD_REQUEST, "missing protocol version \"v\"");
        }
        if (!version.isIntegralNumber() || !version.canConvertToInt() || version.intValue() != VERSION) {
            return rejected(id, ErrorCode.UNSUPPORTED_VERSION,
                    "protocol version " + version + " is not supported; this Holdfast speaks " + VERSION);
        }
        JsonNode command = root.get("cmd");
        if (command == null || !command.isTextual()) {
            return rejected(id, ErrorCode.BAD_REQUEST, "missing command \"cmd\"");
        }
        return new Request(id, command.textValue(), root.get("args"));
    }

    private static Rejected rejected(JsonNode id, ErrorCode code, String message) {
        return new Rejected(id, new ControlError(code, message));
    }

    /** A success line, with its line break; a result Jackson cannot write becomes an {@code internal} failure. */
    public byte[] success(JsonNode id, Object result) {
        ObjectNode response = envelope(id, true);
        try {
            response.set("result", mapper.valueToTree(result));
        } catch (IllegalArgumentException e) {
            log.warn("Could not write a control result of type {}", result == null ? null : result.getClass(), e);
            return failure(id, new ControlError(ErrorCode.INTERNAL, "could not write the result: " + e.getMessage()));
        }
        return line(response);
    }

    /** A failure line, with its line break. */
    public byte[] failure(JsonNode id, ControlError error) {
        ObjectNode response = envelope(id, false);
        response.set("error", mapper.valueToTree(error));
        return line(response);
    }

    /** A request line, with its line break. */
    public byte[] request(JsonNode id, String command, JsonNode args) {
        ObjectNode request = mapper.createObjectNode();
        request.put("v", VERSION);
        request.set("id", id);
        request.put("cmd", command);
        request.set("args", args);
        return line(request);
    }

    /**
     * Reads one response line (without its line break).
     *
     * @throws ProtocolException when the line is not a version-1 response
     */
    public Response readResponse(byte[] line) throws ProtocolException {
        JsonNode root;
        try {
            root = mapper.readTree(line);
        } catch (IOException e) {
            throw new ProtocolException("Holdfast sent a malformed response: " + e.getMessage());
        }
        if (root == null || !root.isObject() || !root.path("ok").isBoolean()) {
            throw new ProtocolException("Holdfast sent something that is not a response: "
                    + StateJson.oneLine(String.valueOf(root)));
        }
        if (root.path("v").asInt(-1) != VERSION) {
            throw new ProtocolException("Holdfast answered in protocol version " + root.get("v") + ", not " + VERSION);
        }
        JsonNode id = root.has("id") ? root.get("id") : NullNode.instance;
        if (root.get("ok").booleanValue()) {
            return new Success(id, root.has("result") ? root.get("result") : NullNode.instance);
        }
        JsonNode error = root.path("error");
        ErrorCode code = ErrorCode.fromWireName(error.path("code").asText()).orElse(ErrorCode.INTERNAL);
        return new Failure(id, new ControlError(code, error.path("message").asText("(no message)")));
    }

    /** Compact JSON of any node, for {@code ctl --json}. */
    public String toJson(JsonNode node) {
        try {
            return lineWriter.writeValueAsString(node);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a JSON tree always has a JSON form", e);
        }
    }

    private ObjectNode envelope(JsonNode id, boolean ok) {
        ObjectNode response = mapper.createObjectNode();
        response.put("v", VERSION);
        response.set("id", id);
        response.put("ok", ok);
        return response;
    }

    private byte[] line(ObjectNode message) {
        try {
            byte[] json = lineWriter.writeValueAsBytes(message);
            byte[] line = new byte[json.length + 1];
            System.arraycopy(json, 0, line, 0, json.length);
            line[json.length] = '\n';
            return line;
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a JSON tree always has a JSON form", e);
        }
    }
}
