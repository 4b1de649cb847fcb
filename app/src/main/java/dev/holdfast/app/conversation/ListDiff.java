package dev.holdfast.app.conversation;

import java.util.List;

/**
 * Brings a shown list up to date with a newer copy of it in few changes, so a virtualised list redraws only the
 * rows that changed: a conversation grows at its end and now and then replaces an item (a tool call's result),
 * and an item that did not change is the very same object in both copies.
 */
final class ListDiff {
    /** Past this many replaced rows, one whole replacement is cheaper than that many single changes. */
    static final int MAX_REPLACEMENTS = 64;

    private ListDiff() {
    }

    /** Makes {@code shown} hold what {@code next} holds. */
    static <T> void update(List<T> shown, List<T> next) {
        if (next.size() < shown.size()) {
            replaceAll(shown, next);
            return;
        }
        int replaced = 0;
        for (int i = 0; i < shown.size(); i++) {
            if (shown.get(i) != next.get(i) && ++replaced > MAX_REPLACEMENTS) {
                replaceAll(shown, next);
                return;
            }
        }
        if (replaced > 0) {
            for (int i = 0; i < shown.size(); i++) {
                if (shown.get(i) != next.get(i)) {
                    shown.set(i, next.get(i));
                }
            }
        }
        if (next.size() > shown.size()) {
            shown.addAll(next.subList(shown.size(), next.size()));
        }
    }

    private static <T> void replaceAll(List<T> shown, List<T> next) {
        if (shown instanceof javafx.collections.ObservableList<T> observable) {
            observable.setAll(next);
        } else {
            shown.clear();
            shown.addAll(next);
        }
    }
}
