package dev.holdfast.terminal.vt;

import com.techsenger.jeditermfx.core.emulator.charset.CharacterSet;
import com.techsenger.jeditermfx.core.emulator.charset.GraphicSetState;
import com.techsenger.jeditermfx.core.model.JediTerminal;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * When text may skip the library's character mapping: printable ASCII under the ASCII character set, with no
 * single shift pending, maps to itself. Both of our faster writes ({@link CorrectedTerminal}'s decoded write and
 * {@link DirectText}) ask this first; the character sets are read from the library's private field, as it has
 * no getter that leaves a pending single shift alone.
 */
final class PlainAscii {
    private static final Logger LOG = LoggerFactory.getLogger(PlainAscii.class);
    private static final VarHandle CHARSETS;

    static {
        VarHandle charsets = null;
        try {
            MethodHandles.Lookup lookup = MethodHandles.privateLookupIn(JediTerminal.class, MethodHandles.lookup());
            charsets = lookup.findVarHandle(JediTerminal.class, "myGraphicSetState", GraphicSetState.class);
        } catch (ReflectiveOperationException | RuntimeException e) {
            LOG.debug("jeditermfx-core's character sets are not readable ({}); text takes the library's path",
                    e.toString());
        }
        CHARSETS = charsets;
    }

    private PlainAscii() {
    }

    /** Whether the character sets can be read at all; without it no text may skip the mapping. */
    static boolean readable() {
        return CHARSETS != null;
    }

    /** Whether {@code text[from, to)} is all printable ASCII. */
    static boolean printable(char[] text, int from, int to) {
        for (int i = from; i < to; i++) {
            char c = text[i];
            if (c < 0x20 || c >= 0x7f) {
                return false;
            }
        }
        return true;
    }

    /** GL is the ASCII set and no single shift is pending: mapping changes no printable ASCII character. */
    static boolean mapsToItself(JediTerminal terminal) {
        GraphicSetState sets = (GraphicSetState) CHARSETS.get(terminal);
        // getGL() would use up a pending single shift; with none pending it only reads.
        return sets.getGLOverrideIndex() < 0 && sets.getGL().getDesignation() == CharacterSet.ASCII;
    }
}
