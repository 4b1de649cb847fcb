package dev.holdfast.app.rendering;

import com.sun.jna.Library;
import com.sun.jna.Native;
import com.sun.jna.Pointer;
import com.sun.jna.Structure;
import com.sun.jna.ptr.IntByReference;
import java.util.LinkedHashSet;
import java.util.Optional;
import java.util.Set;

/**
 * Asks an X display which of some extensions it offers, through libxcb: one connection, a
 * QueryExtension per name, closed again. libxcb rather than Xlib because Xlib wants {@code XInitThreads} before
 * any other call in a threaded program, and the toolkit makes its own calls later; xcb has no such rule. Takes a
 * few milliseconds; the library is one GTK loads anyway.
 */
public final class X11Extensions {
    private X11Extensions() {
    }

    interface Xcb extends Library {
        Pointer xcb_connect(String displayName, IntByReference screen);

        int xcb_connection_has_error(Pointer connection);

        QueryCookie.ByValue xcb_query_extension(Pointer connection, short nameLength, byte[] name);

        Pointer xcb_query_extension_reply(Pointer connection, QueryCookie.ByValue cookie, Pointer error);

        void xcb_disconnect(Pointer connection);
    }

    /** {@code xcb_query_extension_cookie_t}. */
    @Structure.FieldOrder("sequence")
    public static class QueryCookie extends Structure {
        public int sequence;

        public static class ByValue extends QueryCookie implements Structure.ByValue {
        }
    }

    /** {@code xcb_query_extension_reply_t}'s {@code present}: after type, pad, sequence and length. */
    private static final int PRESENT_OFFSET = 8;

    /**
     * The names of {@code names} that the display offers; empty when there is no display, no libxcb, or the
     * connection failed.
     *
     * @param display the display's name ({@code :0}), as in {@code $DISPLAY}; null for none
     */
    public static Optional<Set<String>> offered(String display, Set<String> names) {
        if (display == null || display.isBlank()) {
            return Optional.empty();
        }
        Xcb xcb;
        try {
            xcb = Native.load("libxcb.so.1", Xcb.class);
        } catch (UnsatisfiedLinkError | RuntimeException e) {
            return Optional.empty();
        }
        Pointer connection = xcb.xcb_connect(display, null);
        if (connection == null) {
            return Optional.empty();
        }
        try {
            if (xcb.xcb_connection_has_error(connection) != 0) {
                return Optional.empty();
            }
            Set<String> present = new LinkedHashSet<>();
            for (String name : names) {
                byte[] bytes = name.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
                QueryCookie.ByValue cookie = xcb.xcb_query_extension(connection, (short) bytes.length, bytes);
                Pointer reply = xcb.xcb_query_extension_reply(connection, cookie, null);
                if (reply == null) {
                    return Optional.empty();
                }
                try {
                    if (reply.getByte(PRESENT_OFFSET) != 0) {
                        present.add(name);
                    }
                } finally {
                    Native.free(Pointer.nativeValue(reply));
                }
            }
            return Optional.of(present);
        } finally {
            xcb.xcb_disconnect(connection);
        }
    }
}
