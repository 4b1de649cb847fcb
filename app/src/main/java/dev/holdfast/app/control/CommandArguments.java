package dev.holdfast.app.control;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * A request's {@code args}, checked against its command's {@link ControlCommand#arguments()}: no unknown names,
 * every value of its kind, required ones present. Both the server and {@code ctl} check through here, so a bad
 * command line is refused before it is sent, with the same message the server would give.
 */
public final class CommandArguments {
    private final ObjectNode args;

    private CommandArguments(ObjectNode args) {
        this.args = args;
    }

    /**
     * Checks {@code args} for {@code command}.
     *
     * @param args the request's {@code args}; null or JSON null stands for no arguments
     * @throws ControlException with {@link ErrorCode#BAD_REQUEST} saying what is wrong
     */
    public static CommandArguments check(ControlCommand command, JsonNode args) {
        if (args == null || args.isNull() || args.isMissingNode()) {
            args = JsonNodeFactory.instance.objectNode();
        }
        if (!(args instanceof ObjectNode object)) {
            throw badRequest("args of " + command.wireName() + " must be a JSON object");
        }
        for (Iterator<Map.Entry<String, JsonNode>> fields = object.fields(); fields.hasNext(); ) {
            Map.Entry<String, JsonNode> field = fields.next();
            Argument argument = command.argument(field.getKey()).orElseThrow(() -> badRequest(
                    command.wireName() + " takes no argument '" + field.getKey() + "'"));
            checkValue(command, argument, field.getValue());
        }
        for (Argument argument : command.arguments()) {
            if (argument.required() && !object.has(argument.name())) {
                throw badRequest(command.wireName() + " needs the argument '" + argument.name() + "'");
            }
        }
        List<Argument> alternatives = command.exactlyOneOf();
        if (!alternatives.isEmpty() && alternatives.stream().filter(a -> object.has(a.name())).count() != 1) {
            throw badRequest(command.wireName() + " needs exactly one of the arguments "
                    + String.join(", ", alternatives.stream().map(a -> "'" + a.name() + "'").toList()));
        }
        List<Argument> exclusive = command.atMostOneOf();
        if (exclusive.stream().filter(a -> object.path(a.name()).asBoolean(false)).count() > 1) {
            throw badRequest(command.wireName() + " takes at most one of the arguments "
                    + String.join(", ", exclusive.stream().map(a -> "'" + a.name() + "'").toList()));
        }
        return new CommandArguments(object);
    }

    private static void checkValue(ControlCommand command, Argument argument, JsonNode value) {
        String what = switch (argument.kind()) {
            case TEXT -> value.isTextual() ? null : "a string";
            case DIRECTORY -> value.isTextual() && isAbsolutePath(value.textValue()) ? null : "an absolute path";
            case FLAG -> value.isBoolean() ? null : "true or false";
            case COUNT -> value.isIntegralNumber() && value.canConvertToInt() && value.intValue() >= 1
                    ? null : "a whole number of at least 1";
            case TEXT_LIST -> isTextList(value) ? null : "a non-empty list of strings";
        };
        if (what != null) {
            throw badRequest("argument '" + argument.name() + "' of " + command.wireName() + " must be " + what);
        }
    }

    private static boolean isAbsolutePath(String text) {
        try {
            return Path.of(text).isAbsolute();
        } catch (InvalidPathException e) {
            return false;
        }
    }

    private static boolean isTextList(JsonNode value) {
        if (!value.isArray() || value.isEmpty()) {
            return false;
        }
        for (JsonNode element : value) {
            if (!element.isTextual()) {
                return false;
            }
        }
        return true;
    }

    private static ControlException badRequest(String message) {
        return new ControlException(ErrorCode.BAD_REQUEST, message);
    }

    public Optional<String> text(Argument argument) {
        JsonNode value = args.get(argument.name());
        return value == null ? Optional.empty() : Optional.of(value.textValue());
    }

    public Optional<Path> directory(Argument argument) {
        return text(argument).map(Path::of);
    }

    public boolean flag(Argument argument) {
        JsonNode value = args.get(argument.name());
        return value != null && value.booleanValue();
    }

    public OptionalInt count(Argument argument) {
        JsonNode value = args.get(argument.name());
        return value == null ? OptionalInt.empty() : OptionalInt.of(value.intValue());
    }

    public List<String> textList(Argument argument) {
        JsonNode value = args.get(argument.name());
        List<String> texts = new ArrayList<>();
        if (value != null) {
            value.forEach(element -> texts.add(element.textValue()));
        }
        return List.copyOf(texts);
    }

    /** The arguments as they go on the wire. */
    public ObjectNode toJson() {
        return args.deepCopy();
    }
}
