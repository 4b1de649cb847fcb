package dev.holdfast.terminal.vt;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;

class Utf8InputTest {
    /** Bytes a terminal might get: text in several scripts, and now and then malformed or cut UTF-8. */
    private static byte[] randomOutput(Random random) {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        int pieces = 1 + random.nextInt(60);
        for (int i = 0; i < pieces; i++) {
            switch (random.nextInt(6)) {
                case 0 -> out.writeBytes("plain ascii \u001b[1m".getBytes(StandardCharsets.UTF_8));
                case 1 -> out.writeBytes("wörld \u4E2D\u6587".getBytes(StandardCharsets.UTF_8));
                case 2 -> out.writeBytes(new StringBuilder().appendCodePoint(0x1F600 + random.nextInt(80)).toString()
                        .getBytes(StandardCharsets.UTF_8));
                case 3 -> {
                    byte[] junk = new byte[1 + random.nextInt(6)];
                    random.nextBytes(junk);
                    out.writeBytes(junk);
                }
                case 4 -> out.writeBytes(new byte[] {(byte) 0xed, (byte) 0xa0, (byte) 0x80, (byte) 0xe2, (byte) 0x82});
                default -> out.writeBytes(new byte[] {(byte) 0xf0, (byte) 0x9f, (byte) 0x98});
            }
        }
        return out.toByteArray();
    }

    @Test
    void decodesExactlyAsAnInputStreamReaderWhereverTheReadsCut() throws IOException {
        Random random = new Random(0x0F8_11);
        for (int round = 0; round < 2000; round++) {
            byte[] bytes = randomOutput(random);
            // A byte stream that ends with a complete character: a cut one is kept for the next read, forever.
            byte[] complete = new byte[bytes.length + 1];
            System.arraycopy(bytes, 0, complete, 0, bytes.length);
            complete[bytes.length] = '.';
            String expected = read(new InputStreamReader(new ByteArrayInputStream(complete), StandardCharsets.UTF_8));

            Utf8Input input = new Utf8Input(16);
            StringBuilder decoded = new StringBuilder();
            int at = 0;
            while (at < complete.length) {
                int n = Math.min(complete.length - at, 1 + random.nextInt(Math.min(16, input.readLength())));
                System.arraycopy(complete, at, input.bytes(), input.readOffset(), n);
                at += n;
                int chars = input.decode(n);
                decoded.append(input.chars(), 0, chars);
            }
            assertEquals(expected, decoded.toString(), "round " + round);
        }
    }

    private static String read(Reader reader) throws IOException {
        StringBuilder out = new StringBuilder();
        char[] buffer = new char[64];
        for (int n; (n = reader.read(buffer)) > 0; ) {
            out.append(buffer, 0, n);
        }
        return out.toString();
    }
}
