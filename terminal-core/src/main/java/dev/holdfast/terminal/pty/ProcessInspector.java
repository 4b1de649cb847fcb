package dev.holdfast.terminal.pty;

/** Reads a shell's working directory and foreground command from the operating system. */
public interface ProcessInspector {
    ProcessSnapshot inspect(long shellPid);

    /**
     * The processes the terminal runs in its foreground, with their command lines, start times, directories,
     * environments and open files where the OS shows them. An OS Holdfast cannot read shows none. Small
     * blocking I/O (macOS: a few short processes): not on the UI thread.
     */
    default ForegroundProcesses foregroundProcesses(long shellPid) {
        return ForegroundProcesses.none(shellPid);
    }

    /** Linux reads {@code /proc}; macOS asks {@code ps} and {@code lsof}; elsewhere nothing is known. */
    static ProcessInspector forCurrentOs() {
        String os = System.getProperty("os.name", "").toLowerCase();
        if (os.contains("linux")) {
            return new ProcfsProcessInspector(java.nio.file.Path.of("/proc"));
        }
        if (os.contains("mac")) {
            return new PsProcessInspector();
        }
        return pid -> ProcessSnapshot.UNKNOWN;
    }
}
