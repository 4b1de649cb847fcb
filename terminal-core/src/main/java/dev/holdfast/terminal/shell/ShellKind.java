package dev.holdfast.terminal.shell;

import java.nio.file.Path;

/** The shells Holdfast ships an integration script for. */
public enum ShellKind {
    BASH, ZSH, FISH;

    /** The shell a program path names ({@code /usr/bin/zsh}, {@code -bash}), or null for any other program. */
    public static ShellKind of(String program) {
        Path name = Path.of(program).getFileName();
        if (name == null) {
            return null;
        }
        String base = name.toString();
        if (base.startsWith("-")) {
            base = base.substring(1);
        }
        return switch (base) {
            case "bash" -> BASH;
            case "zsh" -> ZSH;
            case "fish" -> FISH;
            default -> null;
        };
    }
}
