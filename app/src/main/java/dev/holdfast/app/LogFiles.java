package dev.holdfast.app;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.rolling.FixedWindowRollingPolicy;
import ch.qos.logback.core.rolling.RollingFileAppender;
import ch.qos.logback.core.rolling.SizeBasedTriggeringPolicy;
import ch.qos.logback.core.util.Duration;
import ch.qos.logback.core.util.FileSize;
import dev.holdfast.checkpoint.store.PrivateFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import org.slf4j.LoggerFactory;

/**
 * Sends the app's log to {@code <state>/logs/holdfast.log}, rotated at {@link #MAX_FILE_SIZE_MB} MB with
 * {@link #KEPT_FILES} old files kept, so the logs never take more than 20 MB. Every file is created 0600 (logs
 * name directories and commands). The same message is written at most a few times a minute
 * ({@link RepeatedLogFilter}). Attached in code because the state directory is only known at run time.
 */
final class LogFiles {
    static final int MAX_FILE_SIZE_MB = 5;
    static final int KEPT_FILES = 3;
    /**
     * How often the file's size is looked at. Logback's default is a minute, in which a burst of messages could
     * write far past the size limit; a second costs one stat call per second at most.
     */
    static final long SIZE_CHECK_MILLIS = 1_000;

    private LogFiles() {
    }

    static void install(Path logsDirectory, Clock clock) {
        if (LoggerFactory.getILoggerFactory() instanceof LoggerContext context) {
            install(context, logsDirectory, clock);
        }
    }

    /** Attaches the file appender and the repeat filter to {@code context}. */
    static void install(LoggerContext context, Path logsDirectory, Clock clock) {
        Path log = logsDirectory.resolve("holdfast.log");
        RollingFileAppender<ILoggingEvent> appender = new PrivateRollingFileAppender();
        appender.setContext(context);
        appender.setName("holdfast-file");
        appender.setFile(log.toString());

        FixedWindowRollingPolicy rolling = new FixedWindowRollingPolicy();
        rolling.setContext(context);
        rolling.setParent(appender);
        rolling.setFileNamePattern(logsDirectory.resolve("holdfast.%i.log").toString());
        rolling.setMinIndex(1);
        rolling.setMaxIndex(KEPT_FILES);
        rolling.start();

        SizeBasedTriggeringPolicy<ILoggingEvent> trigger = new SizeBasedTriggeringPolicy<>();
        trigger.setContext(context);
        trigger.setMaxFileSize(FileSize.valueOf(MAX_FILE_SIZE_MB + "MB"));
        trigger.setCheckIncrement(Duration.buildByMilliseconds(SIZE_CHECK_MILLIS));
        trigger.start();

        PatternLayoutEncoder encoder = new PatternLayoutEncoder();
        encoder.setContext(context);
        encoder.setPattern("%d{yyyy-MM-dd HH:mm:ss.SSS} [%thread] %-5level %logger{36} - %msg%n");
        encoder.start();

        appender.setRollingPolicy(rolling);
        appender.setTriggeringPolicy(trigger);
        appender.setEncoder(encoder);
        appender.start();
        RepeatedLogFilter repeats = new RepeatedLogFilter(clock);
        repeats.setContext(context);
        repeats.start();
        context.addTurboFilter(repeats);
        context.getLogger(Logger.ROOT_LOGGER_NAME).addAppender(appender);
    }

    /** Creates each log file owner-only before Logback opens it, at start and after every rotation. */
    static final class PrivateRollingFileAppender extends RollingFileAppender<ILoggingEvent> {
        @Override
        public void openFile(String fileName) throws IOException {
            Path file = Path.of(fileName);
            if (!Files.exists(file)) {
                Files.createFile(file, PosixFilePermissions.asFileAttribute(PrivateFiles.FILE_PERMISSIONS));
            } else {
                PrivateFiles.restrictToOwner(file);
            }
            super.openFile(fileName);
        }
    }
}
