package dev.holdfast.app.settings;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * Whether the OS prefers a dark appearance: GNOME's {@code color-scheme} on Linux, {@code AppleInterfaceStyle}
 * on macOS. Spawns a short process: call it off the FX thread. Null when it cannot be told.
 */
public final class SystemAppearance {
    private static final long TIMEOUT_MS = 1_500;

    private SystemAppearance() {
    }

    public static Boolean prefersDark(String osName) {
        String os = osName.toLowerCase(Locale.ROOT);
        if (os.contains("mac")) {
            String out = run(List.of("defaults", "read", "-g", "AppleInterfaceStyle"));
            // The key only exists in dark mode; "does not exist" (exit 1) means light.
            return out != null && out.strip().equalsIgnoreCase("dark");
        }
        if (os.contains("linux")) {
            String out = run(List.of("gsettings", "get", "org.gnome.desktop.interface", "color-scheme"));
            if (out == null) {
                return null;
            }
            if (out.contains("prefer-dark")) {
                return true;
            }
            // 'default' states no preference, so the terminal keeps its own default (dark).
            return out.contains("prefer-light") ? Boolean.FALSE : null;
        }
        return null;
    }

    private static String run(List<String> command) {
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            byte[] out = p.getInputStream().readAllBytes();
            if (!p.waitFor(TIMEOUT_MS, TimeUnit.MILLISECONDS)) {
                p.destroyForcibly();
                return null;
            }
            return p.exitValue() == 0 ? new String(out, StandardCharsets.UTF_8) : null;
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }
}
