package dev.holdfast.app.agenthooks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code ctl agent-hooks} on a fake home: the agents' real settings file names, real files, real renames. */
class AgentHooksCommandTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String CLAUDE_SETTINGS = """
            {
              "model": "opus",
              "permissions": {"allow": ["Bash(npm test:*)"], "deny": []},
              "hooks": {
                "SessionStart": [{"matcher": "startup", "hooks": [{"type": "command", "command": "echo hi"}]}],
                "Stop": [{"hooks": [{"type": "command", "command": "notify-send done"}]}]
              },
              "env": {"FOO": "1.50"}
            }
            """;

    @TempDir
    Path home;

    private String out;
    private String err;

    private int ctl(Map<String, String> env, String answer, String... args) {
        ByteArrayOutputStream stdout = new ByteArrayOutputStream();
        ByteArrayOutputStream stderr = new ByteArrayOutputStream();
        int status = new AgentHooksCommand(env, home, new BufferedReader(new StringReader(answer)),
                new PrintStream(stdout, true, StandardCharsets.UTF_8), new PrintStream(stderr, true, StandardCharsets.UTF_8))
                .run(List.of(args));
        out = stdout.toString(StandardCharsets.UTF_8);
        err = stderr.toString(StandardCharsets.UTF_8);
        return status;
    }

    private static final Map<String, String> LAUNCHER = Map.of("HOLDFAST_LAUNCHER", "/opt/hold fast/holdfast");
    private static final String CLAUDE_HOOK = "'/opt/hold fast/holdfast' ctl agent-session --agent claude --hook";

    @Test
    void installShowsTheChangeThenAddsTheHookKeepingEverythingElseAndRemoveTakesItOutAgain() throws IOException {
        Path settings = Files.createDirectories(home.resolve(".claude")).resolve("settings.json");
        Files.writeString(settings, CLAUDE_SETTINGS);
        Files.setPosixFilePermissions(settings, PosixFilePermissions.fromString("rw-r--r--"));

        assertEquals(0, ctl(LAUNCHER, "y\n", "--install", "claude"));
        assertTrue(out.startsWith("Adding Holdfast's SessionStart hook to " + settings + ":\n"), out);
        assertTrue(out.lines().anyMatch(l -> l.startsWith("+ ") && l.endsWith("\"command\": \"" + CLAUDE_HOOK + "\"")),
                out);
        assertTrue(out.lines().anyMatch(l -> l.startsWith("  ") && l.contains("echo hi")), "with context: " + out);
        assertTrue(out.contains("Write " + settings + "? [y/N] "), out);
        JsonNode after = JSON.readTree(settings.toFile());
        JsonNode groups = after.path("hooks").path("SessionStart");
        assertEquals(2, groups.size());
        assertEquals("echo hi", groups.get(0).path("hooks").get(0).path("command").asText(), "the user's hook stays");
        assertEquals(CLAUDE_HOOK, groups.get(1).path("hooks").get(0).path("command").asText());
        assertFalse(groups.get(1).has("matcher"), "every source reaches Holdfast, which decides what counts");
        JsonNode before = JSON.readTree(CLAUDE_SETTINGS);
        for (String key : List.of("model", "permissions", "env")) {
            assertEquals(before.get(key), after.get(key), key + " is kept");
        }
        assertEquals("1.50", after.path("env").path("FOO").asText());
        assertEquals(before.path("hooks").path("Stop"), after.path("hooks").path("Stop"));
        assertEquals("rw-r--r--", PosixFilePermissions.toString(Files.getPosixFilePermissions(settings)));

        assertEquals(0, ctl(LAUNCHER, "", "--install", "claude"));
        assertTrue(out.contains("already in " + settings), out);

        assertEquals(0, ctl(LAUNCHER, "", "--remove", "claude", "--yes"));
        assertTrue(out.contains("- "), out);
        assertEquals(before, JSON.readTree(settings.toFile()), "removing gives back what was there");
        try (var files = Files.list(settings.getParent())) {
            assertEquals(List.of(settings), files.toList(), "no temporary file is left");
        }
        assertEquals(0, ctl(LAUNCHER, "", "--remove", "claude"));
        assertTrue(out.contains("There is no Holdfast hook in " + settings), out);
    }

    @Test
    void aFileInTheAgentsOwnLayoutKeepsItsLinesThroughAnInstallAndComesBackByteForByteAfterARemove() throws IOException {
        // As Claude Code writes it: JSON.stringify(settings, null, 2), empty arrays and objects as [] and {}.
        String layout = """
                {
                  "model": "opus",
                  "permissions": {
                    "allow": [
                      "Bash(npm test:*)"
                    ],
                    "deny": []
                  },
                  "env": {},
                  "hooks": {
                    "Stop": [
                      {
                        "hooks": [
                          {
                            "type": "command",
                            "command": "notify-send done"
                          }
                        ]
                      }
                    ]
                  }
                }
                """;
        Path settings = Files.createDirectories(home.resolve(".claude")).resolve("settings.json");
        Files.writeString(settings, layout);

        assertEquals(0, ctl(LAUNCHER, "", "--install", "claude", "--yes"));
        String installed = Files.readString(settings);
        for (String line : List.of("    \"deny\": []", "  \"env\": {},", "        \"hooks\": [")) {
            assertTrue(installed.lines().anyMatch(line::equals), line + " kept in: " + installed);
        }
        assertEquals(0, ctl(LAUNCHER, "", "--remove", "claude", "--yes"));
        assertEquals(layout, Files.readString(settings));
    }

    @Test
    void answeringNoOrNothingWritesNothing() throws IOException {
        Path settings = Files.createDirectories(home.resolve(".claude")).resolve("settings.json");
        Files.writeString(settings, CLAUDE_SETTINGS);
        assertEquals(1, ctl(LAUNCHER, "n\n", "--install", "claude"));
        assertTrue(out.endsWith("Nothing written.\n"), out);
        assertEquals(1, ctl(LAUNCHER, "", "--install", "claude"));
        assertEquals(CLAUDE_SETTINGS, Files.readString(settings));
    }

    @Test
    void anInstallReplacesAnOlderHoldfastHookInsteadOfAddingASecond() throws IOException {
        Path settings = Files.createDirectories(home.resolve(".claude")).resolve("settings.json");
        Files.writeString(settings, "{\"hooks\":{\"SessionStart\":[{\"hooks\":[{\"type\":\"command\",\"command\":"
                + "\"/old/holdfast ctl agent-session --agent claude --hook\"}]}]}}");
        assertEquals(0, ctl(LAUNCHER, "y\n", "--install", "claude"));
        JsonNode groups = JSON.readTree(settings.toFile()).path("hooks").path("SessionStart");
        assertEquals(1, groups.size());
        assertEquals(CLAUDE_HOOK, groups.get(0).path("hooks").get(0).path("command").asText());
    }

    @Test
    void claudeConfigDirAndCodexHomeChooseTheFileAndAMissingOneIsCreated() throws IOException {
        Path config = home.resolve("elsewhere/claude");
        assertEquals(0, ctl(Map.of("CLAUDE_CONFIG_DIR", config.toString()), "", "--install", "claude", "--yes"));
        assertTrue(out.contains("(a new file)"), out);
        assertEquals("holdfast ctl agent-session --agent claude --hook", JSON.readTree(config.resolve("settings.json")
                .toFile()).path("hooks").path("SessionStart").get(0).path("hooks").get(0).path("command").asText());
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(config)));

        assertEquals(0, ctl(Map.of(), "y\n", "--install", "codex"));
        Path codex = home.resolve(".codex/hooks.json");
        assertEquals("holdfast ctl agent-session --agent codex --hook", JSON.readTree(codex.toFile())
                .path("hooks").path("SessionStart").get(0).path("hooks").get(0).path("command").asText());
        assertTrue(out.contains("codex_hooks = true"), out);
        assertEquals(0, ctl(Map.of(), "y\n", "--remove", "codex"));
        assertEquals("{}", Files.readString(codex).strip());
    }

    @Test
    void aSymbolicLinkStaysALinkAndItsTargetIsEdited() throws IOException {
        Path dotfiles = Files.createDirectories(home.resolve("dotfiles"));
        Path real = dotfiles.resolve("claude-settings.json");
        Files.writeString(real, "{\"model\":\"sonnet\"}");
        Path link = Files.createDirectories(home.resolve(".claude")).resolve("settings.json");
        Files.createSymbolicLink(link, real);
        assertEquals(0, ctl(Map.of(), "", "--install", "claude", "--yes"));
        assertTrue(Files.isSymbolicLink(link));
        assertEquals("sonnet", JSON.readTree(real.toFile()).path("model").asText());
        assertTrue(JSON.readTree(real.toFile()).path("hooks").has("SessionStart"));
    }

    @Test
    void aBrokenOrStrangeSettingsFileIsLeftAloneWithAClearError() throws IOException {
        Path settings = Files.createDirectories(home.resolve(".claude")).resolve("settings.json");
        Files.writeString(settings, "{\"model\": \"opus\",");
        assertEquals(1, ctl(Map.of(), "y\n", "--install", "claude"));
        assertTrue(err.startsWith("holdfast ctl: " + settings + " is not valid JSON"), err);
        assertTrue(err.contains("nothing changed"), err);
        assertEquals("{\"model\": \"opus\",", Files.readString(settings));

        Files.writeString(settings, "{\"hooks\": {\"SessionStart\": {\"hooks\": []}}}");
        assertEquals(1, ctl(Map.of(), "y\n", "--install", "claude"));
        assertTrue(err.contains("\"hooks\".SessionStart is not a list"), err);

        assertEquals(1, ctl(Map.of(), "", "--install", "aider"));
        assertTrue(err.contains("the agent is claude or codex, not 'aider'"), err);
        assertEquals(1, ctl(Map.of(), "", "--install"));
        assertEquals(1, ctl(Map.of(), "", "--install", "claude", "--remove", "claude"));
    }
}
