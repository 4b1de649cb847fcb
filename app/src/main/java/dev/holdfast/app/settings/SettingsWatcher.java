package dev.holdfast.app.settings;

import dev.holdfast.checkpoint.store.PrivateFiles;
import dev.holdfast.terminal.threads.NamedThreadFactory;
import java.io.IOException;
import java.nio.file.ClosedWatchServiceException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchEvent;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Re-reads {@code settings.json} when it changes, on its own named thread, and reports the result. Editors
 * save in bursts (truncate, write, rename), so changes are settled for {@link #SETTLE_MS} before reading.
 */
public final class SettingsWatcher implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(SettingsWatcher.class);
    static final long SETTLE_MS = 150;

    private final Path file;
    private final SettingsFile reader;
    private final Settings defaults;
    private final Consumer<SettingsFile.Loaded> onChange;
    private final WatchService watcher;
    private final Thread thread;

    /** @param onChange called on the watcher thread */
    public SettingsWatcher(Path file, SettingsFile reader, Settings defaults, Consumer<SettingsFile.Loaded> onChange)
            throws IOException {
        this.file = file;
        this.reader = reader;
        this.defaults = defaults;
        this.onChange = onChange;
        PrivateFiles.createDirectories(file.getParent());
        this.watcher = FileSystems.getDefault().newWatchService();
        file.getParent().register(watcher, StandardWatchEventKinds.ENTRY_CREATE,
                StandardWatchEventKinds.ENTRY_MODIFY, StandardWatchEventKinds.ENTRY_DELETE);
        this.thread = new NamedThreadFactory("holdfast-settings-watch", true).newThread(this::run);
        thread.start();
    }

    private void run() {
        try {
            while (true) {
                WatchKey key = watcher.take();
                boolean ours = false;
                for (WatchEvent<?> event : key.pollEvents()) {
                    if (event.context() instanceof Path changed && changed.equals(file.getFileName())) {
                        ours = true;
                    }
                }
                key.reset();
                if (ours) {
                    Thread.sleep(SETTLE_MS);
                    drain();
                    SettingsFile.Loaded loaded = reader.read(file, defaults);
                    LOG.info("Settings reloaded from {}{}", file,
                            loaded.problems().isEmpty() ? "" : " with problems: " + loaded.problems());
                    onChange.accept(loaded);
                }
            }
        } catch (InterruptedException | ClosedWatchServiceException e) {
            // Closing.
        }
    }

    /** Drops events that arrived while settling: one read covers them. */
    private void drain() {
        WatchKey key;
        while ((key = watcher.poll()) != null) {
            key.pollEvents();
            key.reset();
        }
    }

    @Override
    public void close() {
        try {
            watcher.close();
        } catch (IOException e) {
            LOG.debug("Closing the settings watcher: {}", e.toString());
        }
        thread.interrupt();
        try {
            thread.join(1_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
