package dev.holdfast.app.control;

import com.fasterxml.jackson.databind.JsonNode;
import dev.holdfast.terminal.agent.Agent;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/** How {@code holdfast ctl} shows a result to a person (without {@code --json}). */
final class CtlOutput {
    private static final List<String> TAB_COLUMNS =
            List.of("", "PANEL", "TITLE", "CWD", "PID", "COMMAND", "AGENT", "RESTORED", "STATE", "SINCE",
                    "LAST ACTIVITY");
    private static final String COLUMN_GAP = "  ";

    private CtlOutput() {
    }

    static void print(ControlCommand command, JsonNode result, PrintStream out) {
        switch (command) {
            case LIST -> printTabs(result, out);
            case CARDS -> printCards(result, out);
            case NEW_TAB -> out.println(result.path("panelId").asText());
            case READ -> {
                String text = result.path("text").asText();
                out.print(text);
                if (!text.isEmpty() && !text.endsWith("\n")) {
                    out.println();
                }
            }
            case CONVERSATION -> printConversation(result, out);
            case AGENT_SESSION -> out.println((result.path("used").asBoolean() ? "Used" : "Not used") + " ("
                    + printable(result.path("verdict").asText()) + "): " + printable(result.path("detail").asText()));
            case CHECKPOINT_NOW -> out.println("Checkpoint: " + result.path("terminals").asLong() + " terminals, "
                    + result.path("written").asLong() + " written, " + result.path("skipped").asLong() + " skipped, "
                    + result.path("failed").asLong() + " failed (" + result.path("ending").asText() + ") in "
                    + result.path("durationMillis").asLong() + " ms");
            case STATS, INSTANCE -> printFlattened(result, out);
            // Success is the answer: like other Unix tools, say nothing.
            case SELECT, CLOSE, SEND, CLEAR_SCROLLBACK, RESET, QUIT -> {
            }
        }
    }

    /** One row per tab under a header, columns aligned; {@code *} marks the selected tab. */
    private static void printTabs(JsonNode tabs, PrintStream out) {
        List<List<String>> rows = new ArrayList<>();
        rows.add(TAB_COLUMNS);
        for (JsonNode tab : tabs) {
            rows.add(List.of(
                    tab.path("selected").asBoolean() ? "*" : " ",
                    cell(tab.path("panelId")),
                    cell(tab.path("title")),
                    cell(tab.path("cwd")),
                    cell(tab.path("shellPid")),
                    cell(tab.path("foregroundCommand")),
                    cell(tab.path("agent")),
                    tab.path("restored").asBoolean() ? "yes" : "no",
                    cell(tab.path("state")),
                    time(tab.path("stateSince")),
                    time(tab.path("lastActivityAt"))));
        }
        int[] widths = new int[TAB_COLUMNS.size()];
        for (List<String> row : rows) {
            for (int column = 0; column < widths.length; column++) {
                widths[column] = Math.max(widths[column], row.get(column).length());
            }
        }
        for (List<String> row : rows) {
            StringBuilder line = new StringBuilder();
            for (int column = 0; column < widths.length; column++) {
                String value = row.get(column);
                line.append(value);
                if (column < widths.length - 1) {
                    line.append(" ".repeat(widths[column] - value.length())).append(column == 0 ? " " : COLUMN_GAP);
                }
            }
            out.println(line.toString().stripTrailing());
        }
    }

    /**
     * The binding as a few aligned lines, then the turns: the user's and the agent's words indented below who
     * said them, each tool call on one line. Everything the agent or a program wrote is printed without its
     * control characters.
     */
    private static void printConversation(JsonNode report, PrintStream out) {
        List<String[]> head = new ArrayList<>();
        head.add(new String[] {"Panel", cell(report.path("panelId"))});
        JsonNode agent = report.path("agent");
        if (agent.isMissingNode() || agent.isNull()) {
            head.add(new String[] {"Agent", "none: no coding agent runs in this tab"});
            printAligned(head, out);
            return;
        }
        String agentName = displayName(agent.asText());
        head.add(new String[] {"Agent", agentName});
        JsonNode binding = report.path("binding");
        if (binding.isMissingNode() || binding.isNull()) {
            head.add(new String[] {"Binding", "none: Holdfast does not read this agent's conversations"});
        } else if (binding.path("bound").asBoolean()) {
            // Codex calls its conversations threads, Claude Code sessions.
            String what = report.path("agent").asText().equals(ConversationReport.wireName(Agent.CLAUDE_CODE))
                    ? "Session" : "Thread";
            head.add(new String[] {what, cell(binding.path("threadId"))});
            if (report.hasNonNull("title")) {
                head.add(new String[] {"Title", cell(report.path("title"))});
            }
            head.add(new String[] {"Source", cell(binding.path("source"))});
            head.add(new String[] {"Why", cell(binding.path("why"))});
        } else {
            head.add(new String[] {"Binding", "Conversation unavailable (" + cell(binding.path("reason")) + ")"});
            head.add(new String[] {"Why", cell(binding.path("why"))});
        }
        if (report.hasNonNull("readProblem")) {
            head.add(new String[] {"Problem", cell(report.path("readProblem"))});
        }
        long skipped = report.path("skippedRecords").asLong();
        if (skipped > 0) {
            head.add(new String[] {"Skipped", skipped + " unreadable records"});
        }
        printAligned(head, out);
        for (JsonNode turn : report.path("turns")) {
            out.println();
            switch (turn.path("kind").asText()) {
                case "user" -> printSaid("You", turn.path("text").asText(), out);
                case "answer" -> printSaid(agentName, turn.path("text").asText(), out);
                default -> out.println(toolLine(turn));
            }
        }
    }

    private static String displayName(String wireName) {
        for (Agent agent : Agent.values()) {
            if (ConversationReport.wireName(agent).equals(wireName)) {
                return agent.displayName();
            }
        }
        return printable(wireName);
    }

    private static void printSaid(String who, String text, PrintStream out) {
        out.println(who + ":");
        for (String line : printableText(text).split("\n", -1)) {
            out.println(line.isEmpty() ? "" : "  " + line);
        }
    }

    /** {@code $ make test · exit 2 · 3.1 s}. */
    private static String toolLine(JsonNode turn) {
        StringBuilder line = new StringBuilder("$ ")
                .append(printable(turn.path("command").asText().strip().replace("\n", " ⏎ ")));
        String status = turn.path("status").asText();
        if (turn.hasNonNull("exitCode")) {
            line.append(" · exit ").append(turn.path("exitCode").asInt());
        } else {
            line.append(" · ").append(status);
        }
        if (turn.hasNonNull("durationMillis")) {
            line.append(" · ").append(String.format(java.util.Locale.ROOT, "%.1f s",
                    turn.path("durationMillis").asLong() / 1000.0));
        }
        return line.toString();
    }

    private static void printAligned(List<String[]> entries, PrintStream out) {
        int width = entries.stream().mapToInt(entry -> entry[0].length()).max().orElse(0);
        for (String[] entry : entries) {
            out.println(entry[0] + " ".repeat(width - entry[0].length()) + COLUMN_GAP + entry[1]);
        }
    }

    /** One block per card, in the sidebar's order: the card as the sidebar words it. */
    private static void printCards(JsonNode cards, PrintStream out) {
        boolean first = true;
        for (JsonNode card : cards) {
            if (!first) {
                out.println();
            }
            first = false;
            out.println(cell(card.path("title")) + "  (" + cell(card.path("panelId")) + ")");
            String where = card.path("directory").isTextual() ? cell(card.path("program")) + " · "
                    + cell(card.path("directory")) : cell(card.path("program"));
            out.println("  " + where);
            out.println("  " + cell(card.path("state")) + (card.path("stateSince").isTextual()
                    ? " since " + time(card.path("stateSince")) : "") + (card.path("updated").isTextual()
                    && !card.path("updated").asText().isEmpty() ? ", " + cell(card.path("updated")) : "")
                    + (card.path("recent").asBoolean() ? "" : " (not recent)"));
            if (card.path("question").isTextual()) {
                out.println("  asks: " + cell(card.path("question")));
            }
            if (card.path("lastCommand").isTextual()) {
                JsonNode exit = card.path("lastCommandExit");
                out.println("  $ " + cell(card.path("lastCommand"))
                        + (exit.isNumber() ? "  → " + exit.asInt() : "")
                        + (card.path("lastCommandMillis").isNumber()
                        ? " in " + card.path("lastCommandMillis").asLong() / 1000.0 + " s" : ""));
            }
            for (JsonNode line : card.path("log")) {
                out.println("    " + cell(line));
            }
        }
    }

    /** An ISO instant as local time, to the second; "-" when absent. */
    private static String time(JsonNode value) {
        if (!value.isTextual()) {
            return "-";
        }
        try {
            return java.time.format.DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss")
                    .format(java.time.Instant.parse(value.asText()).atZone(java.time.ZoneId.systemDefault()));
        } catch (java.time.format.DateTimeParseException e) {
            return printable(value.asText());
        }
    }

    /** Nested objects and lists as {@code a.b[0].c  value} lines, the values aligned. */
    private static void printFlattened(JsonNode result, PrintStream out) {
        List<String[]> entries = new ArrayList<>();
        flatten("", result, entries);
        printAligned(entries, out);
    }

    private static void flatten(String path, JsonNode node, List<String[]> entries) {
        if (node.isObject() && !node.isEmpty()) {
            for (Iterator<Map.Entry<String, JsonNode>> fields = node.fields(); fields.hasNext(); ) {
                Map.Entry<String, JsonNode> field = fields.next();
                flatten(path.isEmpty() ? printable(field.getKey()) : path + "." + printable(field.getKey()),
                        field.getValue(), entries);
            }
        } else if (node.isArray() && !node.isEmpty()) {
            for (int i = 0; i < node.size(); i++) {
                flatten(path + "[" + i + "]", node.get(i), entries);
            }
        } else {
            entries.add(new String[] {path, node.isContainerNode() ? node.toString() : cell(node)});
        }
    }

    private static String cell(JsonNode value) {
        return value.isNull() || value.isMissingNode() ? "-" : printable(value.asText());
    }

    /** {@link #printable} that keeps line breaks and tabs: for the turns of a conversation. */
    static String printableText(String text) {
        StringBuilder safe = new StringBuilder(text.length());
        text.replace("\r\n", "\n").codePoints()
                .forEach(c -> safe.appendCodePoint(c == '\n' || c == '\t' || !Character.isISOControl(c) ? c : '?'));
        return safe.toString();
    }

    /**
     * Replaces control characters: a title is whatever a program in the tab set it to, and printed raw it could
     * drive the terminal that {@code ctl} runs in.
     */
    static String printable(String text) {
        StringBuilder safe = new StringBuilder(text.length());
        text.codePoints().forEach(c -> safe.appendCodePoint(Character.isISOControl(c) ? '?' : c));
        return safe.toString();
    }
}
