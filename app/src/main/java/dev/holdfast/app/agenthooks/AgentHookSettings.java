package dev.holdfast.app.agenthooks;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Iterator;
import java.util.Objects;

/**
 * Holdfast's SessionStart hook in an agent's hook settings (Claude Code's {@code settings.json}, Codex's
 * {@code hooks.json}; both {@code {"hooks": {"SessionStart": [{"hooks": [{"type": "command", "command": …}]}]}}}):
 * added or taken out, everything else in the file kept as it is. Pure: JSON in, JSON out.
 *
 * <p>Holdfast's hook is recognised by its command ({@code … ctl agent-session … --hook}), so an install after the
 * launcher moved replaces the old one instead of adding a second, and a removal finds it wherever it is.
 */
public final class AgentHookSettings {
    static final String EVENT = "SessionStart";

    private AgentHookSettings() {
    }

    /** The settings after an edit, and whether they differ from before. */
    public record Edit(ObjectNode settings, boolean changed) {
        public Edit {
            Objects.requireNonNull(settings, "settings");
        }
    }

    /** The settings are not shaped as hook settings are: Holdfast does not touch them. */
    public static final class UnexpectedShape extends Exception {
        UnexpectedShape(String message) {
            super(message);
        }
    }

    /** Whether {@code command} is a hook command Holdfast installs. */
    public static boolean isHoldfasts(String command) {
        return command.contains(" ctl agent-session ") && command.contains("--hook");
    }

    /**
     * Adds a SessionStart hook running {@code command} for every source (Holdfast decides which reports count), unless
     * it is there already; another Holdfast hook (an older launcher path) is replaced.
     *
     * @param settings the file's contents, or null when there is no file yet
     */
    public static Edit install(JsonNode settings, String command) throws UnexpectedShape {
        ObjectNode root = root(settings);
        ArrayNode groups = sessionStart(root, true);
        boolean present = false;
        boolean others = false;
        for (JsonNode group : groups) {
            for (JsonNode hook : group.path("hooks")) {
                if (isOurs(hook)) {
                    if (hook.path("command").asText().equals(command) && !present) {
                        present = true;
                    } else {
                        others = true;
                    }
                }
            }
        }
        if (present && !others) {
            return new Edit(root, false);
        }
        removeOurs(root);
        groups = sessionStart(root, true);
        ObjectNode group = groups.addObject();
        group.putArray("hooks").addObject().put("type", "command").put("command", command);
        return new Edit(root, true);
    }

    /** Takes every Holdfast hook out, and the groups and lists it leaves empty. */
    public static Edit remove(JsonNode settings) throws UnexpectedShape {
        ObjectNode root = root(settings);
        if (root.path("hooks").isMissingNode()) {
            return new Edit(root, false);
        }
        sessionStart(root, false);
        return new Edit(root, removeOurs(root));
    }

    private static ObjectNode root(JsonNode settings) throws UnexpectedShape {
        if (settings == null || settings.isMissingNode()) {
            return JsonNodeFactory.instance.objectNode();
        }
        if (!(settings instanceof ObjectNode object)) {
            throw new UnexpectedShape("it is not a JSON object");
        }
        return object.deepCopy();
    }

    /** {@code hooks.SessionStart}, checked to be a list of groups each with a list of hooks. */
    private static ArrayNode sessionStart(ObjectNode root, boolean create) throws UnexpectedShape {
        JsonNode hooks = root.path("hooks");
        if (hooks.isMissingNode() && create) {
            hooks = root.putObject("hooks");
        }
        if (!(hooks instanceof ObjectNode hooksObject)) {
            throw new UnexpectedShape("its \"hooks\" is not an object");
        }
        JsonNode event = hooksObject.path(EVENT);
        if (event.isMissingNode()) {
            return create ? hooksObject.putArray(EVENT) : JsonNodeFactory.instance.arrayNode();
        }
        if (!(event instanceof ArrayNode groups)) {
            throw new UnexpectedShape("its \"hooks\"." + EVENT + " is not a list");
        }
        for (JsonNode group : groups) {
            if (!group.isObject() || (group.has("hooks") && !group.get("hooks").isArray())) {
                throw new UnexpectedShape("an entry of its \"hooks\"." + EVENT + " is not {\"hooks\": [...]}");
            }
        }
        return groups;
    }

    private static boolean isOurs(JsonNode hook) {
        return hook.path("type").asText().equals("command") && isHoldfasts(hook.path("command").asText());
    }

    /** @return whether anything was taken out */
    private static boolean removeOurs(ObjectNode root) {
        if (!(root.path("hooks") instanceof ObjectNode hooks) || !(hooks.path(EVENT) instanceof ArrayNode groups)) {
            return false;
        }
        boolean removed = false;
        for (Iterator<JsonNode> g = groups.elements(); g.hasNext(); ) {
            JsonNode group = g.next();
            if (!(group.path("hooks") instanceof ArrayNode list)) {
                continue;
            }
            boolean emptied = false;
            for (Iterator<JsonNode> h = list.elements(); h.hasNext(); ) {
                if (isOurs(h.next())) {
                    h.remove();
                    removed = true;
                    emptied = list.isEmpty();
                }
            }
            if (emptied) {
                g.remove();
            }
        }
        if (removed && groups.isEmpty()) {
            hooks.remove(EVENT);
            if (hooks.isEmpty()) {
                root.remove("hooks");
            }
        }
        return removed;
    }
}
