package dev.holdfast.terminal.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.holdfast.terminal.pty.ShellCommand;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ShellIntegrationTest {
    private static final Path SCRIPTS = Path.of("/opt/hf/si/abc");
    private final ShellIntegration on = new ShellIntegration(SCRIPTS);

    @Test
    void bashLoginShellLoadsTheScriptAsItsRcFileAndIsToldItWasALogin() {
        ShellLaunch launch = on.launch(new ShellCommand(List.of("/bin/bash", "-l")), Map.of("HOME", "/h"));
        assertEquals(List.of("/bin/bash", "--rcfile", "/opt/hf/si/abc/bash/holdfast.bash", "-i"), launch.argv());
        assertEquals("1", launch.environment().get(ShellIntegration.BASH_LOGIN_VARIABLE));
        assertEquals(ShellKind.BASH, launch.integratedShell());
    }

    @Test
    void bashThatIsNoLoginShellReadsItsBashrcInstead() {
        ShellLaunch launch = on.launch(new ShellCommand(List.of("bash")),
                Map.of(ShellIntegration.BASH_LOGIN_VARIABLE, "1"));
        assertNull(launch.environment().get(ShellIntegration.BASH_LOGIN_VARIABLE));
    }

    @Test
    void zshGetsOurZdotdirAndKeepsTheUsersForTheScriptToPutBack() {
        ShellLaunch withUsers = on.launch(new ShellCommand(List.of("/usr/bin/zsh", "-l")),
                Map.of("ZDOTDIR", "/h/.config/zsh"));
        assertEquals(List.of("/usr/bin/zsh", "-l"), withUsers.argv());
        assertEquals("/opt/hf/si/abc/zsh", withUsers.environment().get("ZDOTDIR"));
        assertEquals("/h/.config/zsh", withUsers.environment().get(ShellIntegration.ZSH_ZDOTDIR_VARIABLE));

        ShellLaunch without = on.launch(new ShellCommand(List.of("/usr/bin/zsh", "-l")), Map.of());
        assertFalse(without.environment().containsKey(ShellIntegration.ZSH_ZDOTDIR_VARIABLE));
    }

    @Test
    void fishFindsOurVendorDirectoryFirstAndTheUsersDataDirectoriesAfter() {
        ShellLaunch withUsers = on.launch(new ShellCommand(List.of("/usr/bin/fish", "-l")),
                Map.of("XDG_DATA_DIRS", "/nix/share:/usr/share"));
        assertEquals("/opt/hf/si/abc/fish:/nix/share:/usr/share", withUsers.environment().get("XDG_DATA_DIRS"));
        assertEquals("/nix/share:/usr/share", withUsers.environment().get(ShellIntegration.FISH_DATA_DIRS_VARIABLE));

        ShellLaunch without = on.launch(new ShellCommand(List.of("fish")), Map.of());
        assertEquals("/opt/hf/si/abc/fish:" + ShellIntegration.DEFAULT_XDG_DATA_DIRS,
                without.environment().get("XDG_DATA_DIRS"));
        assertFalse(without.environment().containsKey(ShellIntegration.FISH_DATA_DIRS_VARIABLE));
    }

    @Test
    void offOtherProgramsAndShellsWithTheirOwnArgumentsStartUnchanged() {
        Map<String, String> env = Map.of("A", "b");
        ShellCommand bash = new ShellCommand(List.of("/bin/bash", "-l"));
        assertEquals(new ShellLaunch(bash.argv(), env, null), ShellIntegration.OFF.launch(bash, env));
        ShellCommand dash = new ShellCommand(List.of("/bin/dash", "-l"));
        assertEquals(new ShellLaunch(dash.argv(), env, null), on.launch(dash, env));
        ShellCommand script = new ShellCommand(List.of("/bin/bash", "-c", "echo hi"));
        assertEquals(new ShellLaunch(script.argv(), env, null), on.launch(script, env));
        ShellCommand norc = new ShellCommand(List.of("/bin/bash", "--norc"));
        assertEquals(new ShellLaunch(norc.argv(), env, null), on.launch(norc, env));
    }

    @Test
    void shellKindsAreTakenFromTheProgramsName() {
        assertEquals(ShellKind.BASH, ShellKind.of("-bash"));
        assertEquals(ShellKind.ZSH, ShellKind.of("/usr/local/bin/zsh"));
        assertEquals(ShellKind.FISH, ShellKind.of("fish"));
        assertNull(ShellKind.of("/bin/sh"));
        assertNull(ShellKind.of("/usr/bin/bashful"));
    }
}
