package dev.holdfast.terminal.agent.claude;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Which configuration directory a Claude process uses. */
class ClaudeConfigTest {
    private static final Path USER_HOME = Path.of("/home/ada");

    @Test
    void theProcesssOwnClaudeConfigDirWinsOverTheTabsAndTheDefaultIsDotClaudeInItsHome() {
        Map<String, String> tab = Map.of("CLAUDE_CONFIG_DIR", "/tab/claude", "HOME", "/home/tab");
        assertEquals(Path.of("/proc/claude"), ClaudeConfig.forEnvironment(
                Optional.of(Map.of("CLAUDE_CONFIG_DIR", "/proc/claude")), tab, USER_HOME).directory());
        assertEquals(Path.of("/tab/claude"), ClaudeConfig.forEnvironment(Optional.empty(), tab, USER_HOME).directory(),
                "the tab's environment when the process's cannot be read");
        assertEquals(Path.of("/home/other/.claude"), ClaudeConfig.forEnvironment(
                Optional.of(Map.of("HOME", "/home/other")), tab, USER_HOME).directory(),
                "a process without the variable uses its own home's, not the tab's variable");
        assertEquals(Path.of("/home/ada/.claude"), ClaudeConfig.forEnvironment(Optional.of(Map.of()), Map.of(), USER_HOME)
                .directory());
        assertEquals(Path.of("/home/ada/.claude"), ClaudeConfig.forEnvironment(
                Optional.of(Map.of("CLAUDE_CONFIG_DIR", "relative/dir")), Map.of(), USER_HOME).directory(),
                "a relative directory is the process's cwd's, unknown here: not guessed");
    }
}
