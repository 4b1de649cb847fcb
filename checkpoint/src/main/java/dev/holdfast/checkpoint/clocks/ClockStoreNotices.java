package dev.holdfast.checkpoint.clocks;

/**
 * Where the pane clock store's problems are told: a notice per problem, shown once when it starts and taken away
 * when the store works again. Called on the store's thread.
 */
public interface ClockStoreNotices {
    /** A problem began: show {@code text} under {@code key} until {@link #clear} with the same key. */
    void show(String key, String text);

    /** The problem under {@code key} is over (a write worked again). */
    void clear(String key);

    /** Tells nobody (tools and tests that have no window). */
    ClockStoreNotices NONE = new ClockStoreNotices() {
        @Override
        public void show(String key, String text) {
        }

        @Override
        public void clear(String key) {
        }
    };
}
