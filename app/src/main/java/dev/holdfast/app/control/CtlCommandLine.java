package dev.holdfast.app.control;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What {@code holdfast ctl} was asked: {@code [global options] <command> [options]}, where global options may
 * also come after the command. A command's options are its protocol arguments with {@code --} before them (see
 * {@link ControlCommand#arguments()}), and are checked by {@link CommandArguments} exactly as the server would.
 */
public final class CtlCommandLine {

    /** The outcome of parsing. */
    public sealed interface Parsed {
    }

    /** {@code --help} was given. */
    public record Help() implements Parsed {
    }

    /** The command line is wrong; {@code message} says how. */
    public record Invalid(String message) implements Parsed {
        public Invalid {
            Objects.requireNonNull(message, "message");
        }
    }

    /**
     * A request to send.
     *
     * @param instance {@code --instance}: a pid or a socket path, as given
     * @param stateDir {@code --state-dir}, made absolute
     */
    public record Invocation(ControlCommand command, ObjectNode args, boolean json, Optional<String> instance,
                             Optional<Path> stateDir) implements Parsed {
        public Invocation {
            Objects.requireNonNull(command, "command");
            Objects.requireNonNull(args, "args");
            Objects.requireNonNull(instance, "instance");
            Objects.requireNonNull(stateDir, "stateDir");
        }
    }

    private CtlCommandLine() {
    }

    /**
     * @param workingDirectory what relative {@code --cwd}, {@code --state-dir} and {@code --instance} paths are
     *                         relative to: the directory {@code ctl} runs in, not Holdfast's
     */
    public static Parsed parse(List<String> words, Path workingDirectory) {
        try {
            return new Parser(words, workingDirectory).parse();
        } catch (ControlException e) {
            return new Invalid(e.getMessage());
        }
    }

    private static final class Parser {
        private final List<String> words;
        private final Path workingDirectory;
        private final ObjectNode args = JsonNodeFactory.instance.objectNode();
        private int next;
        private ControlCommand command;
        private boolean json;
        private boolean help;
        private String instance;
        private Path stateDir;

        Parser(List<String> words, Path workingDirectory) {
            this.words = List.copyOf(words);
            this.workingDirectory = workingDirectory;
        }

        Parsed parse() {
            while (next < words.size()) {
                String word = words.get(next++);
                if (word.equals("-h")) {
                    help = true;
                } else if (!word.startsWith("--")) {
                    if (command != null) {
                        throw invalid("unexpected argument '" + word + "'");
                    }
                    command = ControlCommand.fromWireName(word).filter(ControlCommand::onCommandLine)
                            .orElseThrow(() -> invalid("unknown command '" + word + "'"));
                } else {
                    int equals = word.indexOf('=');
                    String name = equals < 0 ? word.substring(2) : word.substring(2, equals);
                    String inline = equals < 0 ? null : word.substring(equals + 1);
                    option(name, inline);
                }
            }
            if (help) {
                return new Help();
            }
            if (command == null) {
                throw invalid("no command given");
            }
            CommandArguments.check(command, args);
            return new Invocation(command, args, json, Optional.ofNullable(instance), Optional.ofNullable(stateDir));
        }

        private void option(String name, String inline) {
            switch (name) {
                case "help" -> {
                    noValue(name, inline);
                    help = true;
                }
                case "json" -> {
                    noValue(name, inline);
                    json = true;
                }
                case "instance" -> instance = once(name, instance, value(name, inline));
                case "state-dir" -> stateDir = once(name, stateDir, path(name, value(name, inline)));
                default -> commandOption(name, inline);
            }
        }

        private void commandOption(String name, String inline) {
            if (command == null) {
                throw invalid("--" + name + " is not a global option; command options come after the command");
            }
            Argument argument = command.argument(name)
                    .orElseThrow(() -> invalid(command.wireName() + " has no option --" + name));
            if (args.has(name)) {
                throw invalid("--" + name + " is given twice");
            }
            switch (argument.kind()) {
                case TEXT -> args.put(name, value(name, inline));
                case DIRECTORY -> args.put(name, path(name, value(name, inline)).toString());
                case FLAG -> {
                    noValue(name, inline);
                    args.put(name, true);
                }
                case COUNT -> {
                    String text = value(name, inline);
                    try {
                        args.put(name, Integer.parseInt(text));
                    } catch (NumberFormatException e) {
                        throw invalid("--" + name + " needs a whole number, not '" + text + "'");
                    }
                }
                case TEXT_LIST -> {
                    ArrayNode values = args.putArray(name);
                    if (inline != null) {
                        values.add(inline);
                    }
                    while (next < words.size() && !words.get(next).startsWith("--")) {
                        values.add(words.get(next++));
                    }
                    if (values.isEmpty()) {
                        throw invalid("--" + name + " needs at least one value");
                    }
                }
            }
        }

        /** The option's value: after '=' in the same word, else the next word, whatever it looks like. */
        private String value(String name, String inline) {
            if (inline != null) {
                return inline;
            }
            if (next >= words.size()) {
                throw invalid("--" + name + " needs a value");
            }
            return words.get(next++);
        }

        private Path path(String name, String text) {
            try {
                return workingDirectory.resolve(text).toAbsolutePath().normalize();
            } catch (InvalidPathException e) {
                throw invalid("--" + name + " is not a path: " + e.getMessage());
            }
        }

        private static void noValue(String name, String inline) {
            if (inline != null) {
                throw invalid("--" + name + " takes no value");
            }
        }

        private static <T> T once(String name, T previous, T value) {
            if (previous != null) {
                throw invalid("--" + name + " is given twice");
            }
            return value;
        }

        private static ControlException invalid(String message) {
            return new ControlException(ErrorCode.BAD_REQUEST, message);
        }
    }
}
