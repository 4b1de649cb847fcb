package dev.holdfast.app.view;

import java.io.IOException;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Executor;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Opens a link the user Ctrl-clicked (Cmd-clicked on macOS) with the platform's handler, off the FX thread. */
public interface LinkOpener {
    void open(String uri);

    /** {@code xdg-open} on Linux, {@code open} on macOS; only http, https, ftp, file and mailto links. */
    static LinkOpener platform(Executor executor) {
        Logger log = LoggerFactory.getLogger(LinkOpener.class);
        boolean mac = System.getProperty("os.name", "").toLowerCase(Locale.ROOT).contains("mac");
        return uri -> {
            String lower = uri.toLowerCase(Locale.ROOT);
            // A program can print any URI; only hand over the kinds a browser or mail client should open.
            if (!(lower.startsWith("http://") || lower.startsWith("https://") || lower.startsWith("ftp://")
                    || lower.startsWith("file://") || lower.startsWith("mailto:"))) {
                log.info("Not opening link with unsupported scheme: {}", uri);
                return;
            }
            executor.execute(() -> {
                try {
                    new ProcessBuilder(List.of(mac ? "open" : "xdg-open", uri))
                            .redirectErrorStream(true)
                            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                            .start();
                } catch (IOException e) {
                    log.warn("Could not open {}: {}", uri, e.toString());
                }
            });
        };
    }

    LinkOpener NONE = uri -> { };
}
