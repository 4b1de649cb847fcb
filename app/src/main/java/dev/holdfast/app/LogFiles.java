package dev.holdfast.app;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.rolling.FixedWindowRollingPolicy;
import ch.qos.logback.core.rolling.RollingFileAppender;
import ch.qos.logback.core.rolling.SizeBasedTriggeringPolicy;
import ch.qos.logback.core.util.FileSize;
import java.nio.file.Path;
import org.slf4j.LoggerFactory;

/**
 * Sends the app's log to {@code <state>/logs/holdfast.log}, rotated at {@link #MAX_FILE_SIZE_MB} MB with
 * {@link #KEPT_FILES} old files kept. Attached in code because the state directory is only known at run time.
 */
final class LogFiles {
    static final int MAX_FILE_SIZE_MB = 5;
    static final int KEPT_FILES = 3;

    private LogFiles() {
    }

    static void install(Path logsDirectory) {
        if (!(LoggerFactory.getILoggerFactory() instanceof LoggerContext context)) {
            return;
        }
        Path log = logsDirectory.resolve("holdfast.log");
        RollingFileAppender<ILoggingEvent> appender = new RollingFileAppender<>();
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
        trigger.start();

        PatternLayoutEncoder encoder = new PatternLayoutEncoder();
        encoder.setContext(context);
        encoder.setPattern("%d{yyyy-MM-dd HH:mm:ss.SSS} [%thread] %-5level %logger{36} - %msg%n");
        encoder.start();

        appender.setRollingPolicy(rolling);
        appender.setTriggeringPolicy(trigger);
        appender.setEncoder(encoder);
        appender.start();
        context.getLogger(Logger.ROOT_LOGGER_NAME).addAppender(appender);
    }
}
