package dev.holdfast.terminal.agent.resume;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class ArgvSanitizerTest {
    private final ArgvSanitizer sanitizer = new ArgvSanitizer();

    private List<String> clean(String... argv) {
        return sanitizer.sanitize(List.of(argv));
    }

    @Test
    void keepsAnOrdinaryCommandLineWordForWord() {
        assertEquals(List.of("codex", "--model", "gpt-5", "-C", "/home/u/proj", "fix the flaky test"),
                clean("codex", "--model", "gpt-5", "-C", "/home/u/proj", "fix the flaky test"));
    }

    @Test
    void keepsTheSessionIdOfAResume() {
        assertEquals(List.of("claude", "--resume", "2ff46cd5-f4e7-4724-bb20-579dae7956ea"),
                clean("claude", "--resume", "2ff46cd5-f4e7-4724-bb20-579dae7956ea"));
        assertEquals(List.of("codex", "resume", "019aad50-a7e6-7422-b7a8-0b384290624f"),
                clean("codex", "resume", "019aad50-a7e6-7422-b7a8-0b384290624f"));
    }

    @Test
    void leavesOutASecretOptionWithItsSeparateValue() {
        assertEquals(List.of("codex", "--model", "o3"), clean("codex", "--api-key", "abc", "--model", "o3"));
        assertEquals(List.of("claude", "-p"), clean("claude", "--auth-token", "t0k", "-p"));
        assertEquals(List.of("tool", "--verbose"), clean("tool", "--password", "hunter2", "--verbose"));
    }

    @Test
    void leavesOutASecretOptionWithItsJoinedValue() {
        assertEquals(List.of("codex"), clean("codex", "--api-key=abc"));
        assertEquals(List.of("codex", "--x"), clean("codex", "--OPENAI_API_KEY=abc", "--x"));
    }

    @Test
    void aSecretOptionFollowedByAnotherOptionLeavesThatOptionIn() {
        assertEquals(List.of("codex", "--full-auto"), clean("codex", "--token", "--full-auto"));
    }

    @Test
    void leavesOutEnvironmentAssignmentsWhereverTheyStand() {
        assertEquals(List.of("env", "codex"), clean("env", "OPENAI_API_KEY=sk-abc", "HOME=/x", "codex"));
        assertEquals(List.of("codex", "fix"), clean("codex", "DEBUG=1", "fix"));
    }

    @Test
    void leavesOutAConfigValueThatSetsASecretTogetherWithItsOption() {
        assertEquals(List.of("codex", "--model", "o3"),
                clean("codex", "-c", "model_providers.azure.api_key=xyz", "--model", "o3"));
        assertEquals(List.of("codex", "-c", "model=o3"), clean("codex", "-c", "model=o3"));
    }

    @Test
    void leavesOutWordsThatLookLikeCredentialsByThemselves() {
        assertEquals(List.of("codex"), clean("codex", "sk-proj-abcdefghijklmnop1234"));
        assertEquals(List.of("gh"), clean("gh", "--with", "ghp_abcdefghijklmnopqrstuvwxyz0123"));
        assertEquals(List.of("x", "--url"), clean("x", "--url", "--y=https://me:pw@example.com/a"));
        assertEquals(List.of("x"), clean("x", "Bearer abc.def"));
        assertEquals(List.of("x"), clean("x", "Ab3dE5gH7jK9mN1pQ3sT5vW7yZ9bD1fH3jL5"));
    }

    @Test
    void keepsLongWordsThatArePathsOrSentences() {
        assertEquals(List.of("codex", "/home/user/projects/some-long-directory-name-here/file.txt"),
                clean("codex", "/home/user/projects/some-long-directory-name-here/file.txt"));
        assertEquals(List.of("codex", "make the build green again please"),
                clean("codex", "make the build green again please"));
    }
}
