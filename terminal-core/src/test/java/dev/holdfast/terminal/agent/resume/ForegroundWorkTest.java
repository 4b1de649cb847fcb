package dev.holdfast.terminal.agent.resume;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ForegroundWorkTest {
    private final ForegroundWork work = new ForegroundWork();

    private Optional<String> tmuxSession(String... argv) {
        return work.tmux(List.of(argv)).orElseThrow().session();
    }

    @Test
    void readsTheSessionATmuxClientAttachesToOrCreates() {
        assertEquals(Optional.of("work"), tmuxSession("tmux", "attach", "-t", "work"));
        assertEquals(Optional.of("work"), tmuxSession("/usr/bin/tmux", "a", "-twork:2.1"));
        assertEquals(Optional.of("work"), tmuxSession("tmux", "new", "-A", "-s", "work"));
        assertEquals(Optional.of("w"), tmuxSession("tmux", "attach-session", "-d", "-t", "=w"));
        assertEquals(Optional.empty(), tmuxSession("tmux"));
        assertEquals(Optional.empty(), tmuxSession("tmux", "attach"));
    }

    @Test
    void keepsTheServerAClientChose() {
        assertEquals(List.of("-L", "other"), work.tmux(List.of("tmux", "-L", "other", "attach", "-t", "x"))
                .orElseThrow().serverOptions());
        assertEquals(List.of("-S", "/tmp/s"), work.tmux(List.of("tmux", "-u", "-S", "/tmp/s")).orElseThrow()
                .serverOptions());
    }

    @Test
    void aTmuxCommandThatIsNoClientIsNone() {
        assertTrue(work.tmux(List.of("tmux", "ls")).isEmpty());
        assertTrue(work.tmux(List.of("tmux", "kill-server")).isEmpty());
        assertTrue(work.tmux(List.of("tmux", "-c", "echo hi")).isEmpty());
        assertTrue(work.tmux(List.of("vim")).isEmpty());
    }

    @Test
    void readsTheDestinationOfAnInteractiveSsh() {
        assertEquals(new Resumable.SshSession("host", List.of()), work.ssh(List.of("ssh", "host")).orElseThrow());
        assertEquals(new Resumable.SshSession("me@host", List.of("-p", "2222")),
                work.ssh(List.of("ssh", "-A", "-p", "2222", "-i", "/k", "me@host")).orElseThrow());
        assertEquals(new Resumable.SshSession("h", List.of("-p", "22", "-l", "me")),
                work.ssh(List.of("/usr/bin/ssh", "-p22", "-4l", "me", "h")).orElseThrow());
        assertEquals(new Resumable.SshSession("h", List.of()),
                work.ssh(List.of("ssh", "-o", "ServerAliveInterval=30", "h")).orElseThrow());
    }

    @Test
    void anSshThatRunsACommandOrOnlyForwardsIsNone() {
        assertTrue(work.ssh(List.of("ssh", "host", "uptime")).isEmpty());
        assertTrue(work.ssh(List.of("ssh", "-N", "-L", "8080:localhost:80", "host")).isEmpty());
        assertTrue(work.ssh(List.of("ssh", "-G", "host")).isEmpty());
        assertTrue(work.ssh(List.of("ssh")).isEmpty());
        assertTrue(work.ssh(List.of("ssh", "-p")).isEmpty());
    }
}
