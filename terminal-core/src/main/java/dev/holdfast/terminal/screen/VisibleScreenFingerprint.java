package dev.holdfast.terminal.screen;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * The signature of a tab's visible screen: a SHA-256 of its {@link NormalizedScreen}, mixing in the card version
 * and the classifier mode, so a stored card is only ever trusted for the very screen, card format and classifier
 * it was made from. Stored as lowercase hex (the clock store keeps the hash, never the text).
 */
public record VisibleScreenFingerprint(String hex) {
    private static final Pattern HEX = Pattern.compile("[0-9a-f]{64}");

    public VisibleScreenFingerprint {
        Objects.requireNonNull(hex, "hex");
        if (!HEX.matcher(hex).matches()) {
            throw new IllegalArgumentException("not a fingerprint: " + hex);
        }
    }

    public static VisibleScreenFingerprint of(NormalizedScreen screen, int cardVersion, ClassifierMode mode) {
        MessageDigest digest;
        try {
            digest = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        digest.update(("holdfast-screen\0card " + cardVersion + "\0mode " + mode.name() + "\0")
                .getBytes(StandardCharsets.UTF_8));
        for (String line : screen.lines()) {
            digest.update(line.getBytes(StandardCharsets.UTF_8));
            digest.update((byte) '\n');
        }
        return new VisibleScreenFingerprint(HexFormat.of().formatHex(digest.digest()));
    }

    @Override
    public String toString() {
        return hex.substring(0, 12);
    }
}
