package dev.holdfast.app.sidebar;

import dev.holdfast.terminal.screen.ActivityEntry;
import dev.holdfast.terminal.screen.TabCard;
import dev.holdfast.terminal.screen.TabState;
import dev.holdfast.terminal.shell.CommandRun;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The words of a card, the same in the sidebar and in {@code holdfast ctl cards}. Pure. */
public final class CardText {
    /** How many activity log entries a card shows. */
    public static final int LOG_TAIL = 3;

    private CardText() {
    }

    public static String state(TabState state) {
        return state == null ? "starting" : state.name().toLowerCase(Locale.ROOT);
    }

    /** "idle since 14:03". */
    public static String stateLine(TabCard card, Instant now, ZoneId zone) {
        return state(card.state()) + " since " + RelativeTime.clock(card.stateSince(), now, zone);
    }

    /** "updated 3 min ago". */
    public static String updated(TabCard card, Instant now) {
        return "updated " + RelativeTime.ago(card.lastActivityAt(), now);
    }

    /** "bash · ~/src/holdfast", the program and where it runs. */
    public static String where(TabCard card, String home) {
        String dir = card.directory();
        if (dir != null && home != null && !home.isEmpty() && (dir.equals(home) || dir.startsWith(home + "/"))) {
            dir = "~" + dir.substring(home.length());
        }
        return dir == null ? card.program() : card.program() + " · " + dir;
    }

    /** "make test → 0 in 12 s", or null when no command was reported. */
    public static String lastCommand(TabCard card) {
        CommandRun run = card.lastCommand();
        return run == null ? null : command(run);
    }

    static String command(CommandRun run) {
        String line = run.commandLine() == null || run.commandLine().isBlank() ? "(a command)" : oneLine(run.commandLine());
        String status = run.exitStatus() == null ? "done" : run.exitStatus() == 0 ? "✓ 0" : "✗ " + run.exitStatus();
        return line + "  " + status + " in " + RelativeTime.duration(run.duration());
    }

    /** The last {@link #LOG_TAIL} entries of the card's activity log, oldest first. */
    public static List<String> logTail(TabCard card, Instant now, ZoneId zone) {
        List<ActivityEntry> entries = card.log().entries();
        List<String> lines = new ArrayList<>();
        for (int i = Math.max(0, entries.size() - LOG_TAIL); i < entries.size(); i++) {
            ActivityEntry e = entries.get(i);
            String at = RelativeTime.clock(e.at(), now, zone);
            if (e.command() != null) {
                lines.add(at + "  " + command(e.command()));
            } else {
                lines.add(at + "  " + state(e.state()) + (e.question() == null ? "" : ": " + oneLine(e.question())));
            }
        }
        return lines;
    }

    static String oneLine(String text) {
        StringBuilder safe = new StringBuilder(text.length());
        text.strip().codePoints().forEach(c -> safe.appendCodePoint(Character.isISOControl(c) ? ' ' : c));
        return safe.toString().replaceAll(" {2,}", " ");
    }
}
