package dev.holdfast.terminal.replay;

import com.techsenger.jeditermfx.core.TextStyle;
import com.techsenger.jeditermfx.core.model.JediTerminal;
import com.techsenger.jeditermfx.core.model.StyleState;
import com.techsenger.jeditermfx.core.model.TerminalTextBuffer;
import dev.holdfast.terminal.emulation.HiddenDisplay;
import dev.holdfast.terminal.stream.HyperlinkListener;
import dev.holdfast.terminal.vt.JediTerminalHandler;
import dev.holdfast.terminal.vt.VtParser;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * The style an SGR sequence leaves, as the replay's emulator computes it: each distinct (style before, sequence)
 * pair is run once through Holdfast's parser on a scratch terminal of its own, and remembered. So the rows
 * {@link DirectHistory} builds carry exactly the styles the emulator part of a replay gives them (see
 * {@link PendingReplay#feed}), without this class knowing what any SGR parameter means. One per replay; not
 * thread-safe.
 */
final class SgrStyles {
    /**
     * A style and a sequence, looked up over the replayed text itself, without a copy. The style is compared by
     * identity: every style this class hands out is canonical (one object per value), and TextStyle's own
     * hashCode boxes and hashes every field, which took a third of a replay's planning.
     */
    private static final class Key {
        final TextStyle before;
        final char[] chars;
        final int start;
        final int end;
        final int hash;

        Key(TextStyle before, char[] chars, int start, int end) {
            this.before = before;
            this.chars = chars;
            this.start = start;
            this.end = end;
            int h = System.identityHashCode(before);
            for (int i = start; i < end; i++) {
                h = 31 * h + chars[i];
            }
            this.hash = h;
        }

        Key stored() {
            return new Key(before, Arrays.copyOfRange(chars, start, end), 0, end - start);
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof Key k && hash == k.hash && before == k.before
                    && Arrays.equals(chars, start, end, k.chars, k.start, k.end);
        }

        @Override
        public int hashCode() {
            return hash;
        }
    }

    private final StyleState state = new StyleState();
    private final JediTerminal scratch = new JediTerminal(new HiddenDisplay(), new TerminalTextBuffer(8, 2, state, 0, null),
            state);
    /** Holdfast's parser, as live output is read: it knows the SGRs the library's emulator drops (9 and 29). */
    private final VtParser parser = new VtParser(new JediTerminalHandler(scratch, HyperlinkListener.NONE,
            JediTerminalHandler.Replies.DISCARD, "replay-sgr"));
    private final Map<Key, TextStyle> after = new HashMap<>();
    private final Map<TextStyle, TextStyle> canonical = new HashMap<>(Map.of(TextStyle.EMPTY, TextStyle.EMPTY));

    /**
     * The style after {@code text[start, end)}, one whole SGR sequence, is applied to {@code before}, which is
     * {@link TextStyle#EMPTY} or a style this method returned.
     */
    TextStyle after(TextStyle before, char[] text, int start, int end) {
        Key key = new Key(before, text, start, end);
        TextStyle known = after.get(key);
        if (known == null) {
            known = canonical.computeIfAbsent(run(before, text, start, end), style -> style);
            after.put(key.stored(), known);
        }
        return known;
    }

    private TextStyle run(TextStyle before, char[] text, int start, int end) {
        scratch.characterAttributes(before);
        parser.advance(text, start, end);
        return state.getCurrent();
    }
}
