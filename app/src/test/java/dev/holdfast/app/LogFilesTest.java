package dev.holdfast.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LogFilesTest {

    @TempDir
    Path logs;

    private static LoggerContext context() {
        LoggerContext context = new LoggerContext();
        context.setMDCAdapter(new ch.qos.logback.classic.util.LogbackMDCAdapter());
        return context;
    }

    @Test
    void theLogIsOwnerOnlyEvenWhenAnOlderOneWasNot() throws IOException {
        Path log = logs.resolve("holdfast.log");
        Files.writeString(log, "from an older build\n");
        Files.setPosixFilePermissions(log, PosixFilePermissions.fromString("rw-r--r--"));
        LoggerContext context = context();
        try {
            LogFiles.install(context, logs, Clock.systemUTC());
            context.getLogger(Logger.ROOT_LOGGER_NAME).warn("hello");
        } finally {
            context.stop();
        }

        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(log)));
        assertTrue(Files.readString(log).contains("hello"), Files.readString(log));
    }

    @Test
    void aNewLogIsCreatedOwnerOnly() throws IOException {
        LoggerContext context = context();
        try {
            LogFiles.install(context, logs, Clock.systemUTC());
            context.getLogger(Logger.ROOT_LOGGER_NAME).warn("first");
        } finally {
            context.stop();
        }

        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(logs.resolve("holdfast.log"))));
    }
}
