package dev.holdfast.checkpoint.session;

/** The running processes, as far as the launch sentinel needs them. */
public interface ProcessTable {

    /** This process. */
    ProcessIdentity self();

    /** Whether that very process (same pid, same start) is still running. */
    boolean isRunning(ProcessIdentity process);

    /** The operating system's process table, through {@link ProcessHandle}. */
    static ProcessTable system() {
        return new SystemProcessTable();
    }
}
