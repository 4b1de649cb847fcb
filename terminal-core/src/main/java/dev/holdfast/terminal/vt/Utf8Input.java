package dev.holdfast.terminal.vt;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * A terminal's output bytes decoded to UTF-16 chars, one read at a time, in buffers made once: the caller reads
 * into {@link #bytes()} at {@link #readOffset()}, then {@link #decode(int)} turns everything complete into
 * {@link #chars()}. A character split across reads is carried over and completed by the next one.
 *
 * <p>The JDK's decoder does the decoding, with malformed input replaced by U+FFFD exactly as an
 * {@code InputStreamReader} replaces it, so text reaches the model as it did through the reader.
 *
 * <p>Not thread-safe: the terminal's reader thread owns it.
 */
public final class Utf8Input {
    private final CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
            .onMalformedInput(CodingErrorAction.REPLACE)
            .onUnmappableCharacter(CodingErrorAction.REPLACE);
    private final byte[] bytes;
    private final ByteBuffer in;
    private final char[] chars;
    private final CharBuffer out;
    /** Bytes of an incomplete character at the start of {@link #bytes}, from the previous read. */
    private int carried;

    /** @param readBytes the most bytes one read may return */
    public Utf8Input(int readBytes) {
        // Room for up to three bytes of a character begun in the previous read.
        this.bytes = new byte[readBytes + 3];
        this.in = ByteBuffer.wrap(bytes);
        // A byte never decodes to more than one char (a four-byte character is two chars).
        this.chars = new char[bytes.length];
        this.out = CharBuffer.wrap(chars);
    }

    /** Where the next read goes. */
    public byte[] bytes() {
        return bytes;
    }

    public int readOffset() {
        return carried;
    }

    /** How many bytes the next read may return. */
    public int readLength() {
        return bytes.length - carried;
    }

    /**
     * Decodes the {@code read} bytes just read, with any carried before them.
     *
     * @return how many chars of {@link #chars()} hold the text
     */
    public int decode(int read) {
        in.limit(carried + read);
        in.position(0);
        out.clear();
        decoder.decode(in, out, false);
        carried = in.remaining();
        if (carried > 0) {
            System.arraycopy(bytes, in.position(), bytes, 0, carried);
        }
        return out.position();
    }

    /** The text of the last {@link #decode}. */
    public char[] chars() {
        return chars;
    }
}
