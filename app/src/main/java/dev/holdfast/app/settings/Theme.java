package dev.holdfast.app.settings;

/** The colour theme: a fixed one, or whichever the operating system prefers. */
public enum Theme {
    DARK, LIGHT, SYSTEM;

    /** The concrete theme, given what the OS prefers (unknown: dark). */
    public Theme resolve(Boolean systemPrefersDark) {
        if (this != SYSTEM) {
            return this;
        }
        return Boolean.FALSE.equals(systemPrefersDark) ? LIGHT : DARK;
    }

    /** How the settings dialog names it. */
    public String label() {
        return switch (this) {
            case DARK -> "Dark";
            case LIGHT -> "Light";
            case SYSTEM -> "Follow the system";
        };
    }
}
