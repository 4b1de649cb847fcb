package dev.holdfast.app.conversation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import javafx.collections.FXCollections;
import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;
import org.junit.jupiter.api.Test;

/** A newer copy of a conversation reaches the shown list as few changes: rows that did not change stay. */
class ListDiffTest {

    private static final class Item {
        final String name;

        Item(String name) {
            this.name = name;
        }

        @Override
        public String toString() {
            return name;
        }
    }

    private static List<Item> items(int n) {
        List<Item> list = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            list.add(new Item("item " + i));
        }
        return list;
    }

    @Test
    void newItemsAreAppendedAndTheOthersKept() {
        List<Item> first = items(3);
        ObservableList<Item> shown = FXCollections.observableArrayList(first);
        List<ListChangeListener.Change<? extends Item>> changes = new ArrayList<>();
        shown.addListener((ListChangeListener<Item>) c -> changes.add(c));
        List<Item> next = new ArrayList<>(first);
        next.addAll(items(2));
        ListDiff.update(shown, next);
        assertEquals(next, shown);
        assertEquals(1, changes.size(), "one change: the addition");
        assertSame(first.get(0), shown.get(0));
    }

    @Test
    void aReplacedItemIsSetInPlace() {
        List<Item> first = items(5);
        ObservableList<Item> shown = FXCollections.observableArrayList(first);
        AtomicInteger replaced = new AtomicInteger();
        AtomicInteger all = new AtomicInteger();
        shown.addListener((ListChangeListener<Item>) c -> {
            while (c.next()) {
                if (c.wasReplaced() && c.getFrom() == 2 && c.getTo() == 3) {
                    replaced.incrementAndGet();
                } else {
                    all.incrementAndGet();
                }
            }
        });
        List<Item> next = new ArrayList<>(first);
        next.set(2, new Item("item 2, finished"));
        ListDiff.update(shown, next);
        assertEquals(next, shown);
        assertEquals(1, replaced.get());
        assertEquals(0, all.get(), "no other row changed");
    }

    @Test
    void aShorterOrAWhollyDifferentCopyReplacesEverything() {
        ObservableList<Item> shown = FXCollections.observableArrayList(items(10));
        List<Item> shorter = items(4);
        ListDiff.update(shown, shorter);
        assertEquals(shorter, shown);

        ObservableList<Item> many = FXCollections.observableArrayList(items(ListDiff.MAX_REPLACEMENTS + 10));
        AtomicInteger changes = new AtomicInteger();
        many.addListener((ListChangeListener<Item>) c -> changes.incrementAndGet());
        List<Item> other = items(ListDiff.MAX_REPLACEMENTS + 20);
        ListDiff.update(many, other);
        assertEquals(other, many);
        assertEquals(1, changes.get(), "one replacement rather than one change per row");
    }
}
