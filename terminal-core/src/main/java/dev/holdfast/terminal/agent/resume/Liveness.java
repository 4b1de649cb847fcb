package dev.holdfast.terminal.agent.resume;

import java.util.Objects;

/** Whether a saved conversation is still being written by a process that runs now. */
public sealed interface Liveness permits Liveness.NotRunning, Liveness.Running {

    /** No process is found in it: resuming makes the only writer. */
    record NotRunning() implements Liveness {
    }

    /**
     * @param pid the process that runs it
     * @param evidence how that was seen, for the log ("holds its rollout open")
     */
    record Running(long pid, String evidence) implements Liveness {
        public Running {
            Objects.requireNonNull(evidence, "evidence");
        }
    }
}
