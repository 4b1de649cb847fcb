package dev.holdfast.app.notify;

/** Shows a desktop notification. Called on the FX thread: an implementation returns at once and works elsewhere. */
@FunctionalInterface
public interface Notifier {
    Notifier NONE = (summary, body) -> { };

    void notify(String summary, String body);
}
