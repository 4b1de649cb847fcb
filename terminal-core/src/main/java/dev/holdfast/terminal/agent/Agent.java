package dev.holdfast.terminal.agent;

import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A coding agent Holdfast recognises in a tab: how its program is named, the npm package it comes in, and
 * how its command line names a conversation to resume.
 */
public enum Agent {
    /** OpenAI's Codex CLI: {@code codex}, {@code codex resume <id>}, {@code npx @openai/codex}. */
    CODEX("Codex", Set.of("codex"), "@openai/codex") {
        @Override
        public Optional<String> resumedSession(List<String> arguments) {
            // `codex [options] resume [--all] <SESSION_ID>`: the id is the first UUID after the subcommand;
            // `resume --last` and the bare picker name none.
            int resume = arguments.indexOf("resume");
            if (resume < 0 || arguments.subList(resume + 1, arguments.size()).contains("--last")) {
                return Optional.empty();
            }
            return arguments.subList(resume + 1, arguments.size()).stream()
                    .filter(a -> SESSION_ID.matcher(a).matches())
                    .findFirst()
                    .map(String::toLowerCase);
        }
    },
    /** Anthropic's Claude Code: {@code claude}, {@code claude --resume <id>}, {@code npx @anthropic-ai/claude-code}. */
    CLAUDE_CODE("Claude Code", Set.of("claude"), "@anthropic-ai/claude-code") {
        @Override
        public Optional<String> resumedSession(List<String> arguments) {
            for (int i = 0; i < arguments.size(); i++) {
                String a = arguments.get(i);
                if (a.startsWith("--resume=")) {
                    return id(a.substring("--resume=".length()));
                }
                if ((a.equals("--resume") || a.equals("-r")) && i + 1 < arguments.size()) {
                    return id(arguments.get(i + 1));
                }
            }
            return Optional.empty();
        }

        private Optional<String> id(String value) {
            return SESSION_ID.matcher(value).matches() ? Optional.of(value.toLowerCase()) : Optional.empty();
        }
    };

    /** Both agents name sessions by UUID. */
    static final Pattern SESSION_ID =
            Pattern.compile("[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}");

    private final String displayName;
    private final Set<String> programNames;
    private final String npmPackage;

    Agent(String displayName, Set<String> programNames, String npmPackage) {
        this.displayName = displayName;
        this.programNames = programNames;
        this.npmPackage = npmPackage;
    }

    public String displayName() {
        return displayName;
    }

    /** Program basenames (without {@code .js}/{@code .exe}) that are this agent. */
    Set<String> programNames() {
        return programNames;
    }

    /** The npm package a package runner starts it from. */
    String npmPackage() {
        return npmPackage;
    }

    /** The session id its arguments ask to resume, if they name one. */
    public abstract Optional<String> resumedSession(List<String> arguments);
}
