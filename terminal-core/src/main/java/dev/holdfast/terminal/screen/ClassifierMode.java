package dev.holdfast.terminal.screen;

/**
 * How the classifier reads tabs: with the shell-integration marks, or from the process table alone. Cards made in
 * one mode mean something else in the other (with marks they carry exact commands), so a fingerprint mixes the
 * mode in: switching it re-reads every screen instead of trusting cards made the other way.
 */
public enum ClassifierMode {
    SHELL_INTEGRATION,
    PROCESS_TABLE;

    public static ClassifierMode of(boolean shellIntegration) {
        return shellIntegration ? SHELL_INTEGRATION : PROCESS_TABLE;
    }
}
