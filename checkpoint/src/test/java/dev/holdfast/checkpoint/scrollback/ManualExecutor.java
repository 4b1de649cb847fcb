package dev.holdfast.checkpoint.scrollback;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.concurrent.Executor;

/** Tasks wait until the test runs them: stands in for UI turns and for the checkpoint executor. */
final class ManualExecutor implements Executor {

    private final Deque<Runnable> queue = new ArrayDeque<>();

    @Override
    public void execute(Runnable task) {
        queue.addLast(task);
    }

    /** Runs the oldest task; false when there was none. */
    boolean runNext() {
        Runnable task = queue.pollFirst();
        if (task == null) {
            return false;
        }
        task.run();
        return true;
    }

    /** Runs tasks, including ones they post, until none is left; returns how many ran. */
    int drain() {
        int ran = 0;
        while (runNext()) {
            ran++;
        }
        return ran;
    }

    int size() {
        return queue.size();
    }
}
