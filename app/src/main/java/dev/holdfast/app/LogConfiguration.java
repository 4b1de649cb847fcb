package dev.holdfast.app;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.Configurator;
import ch.qos.logback.classic.spi.ConfiguratorRank;
import ch.qos.logback.core.spi.ContextAwareBase;
import ch.qos.logback.core.status.NopStatusListener;
import org.slf4j.Logger;

/**
 * Holdfast's logging levels, set in code when logging starts: the root at INFO, the terminal libraries at WARN,
 * no status output on the console. The file appender is attached by {@link LogFiles} once the state directory is
 * known; until then nothing is written anywhere.
 *
 * <p>In code rather than in a {@code logback.xml}: reading the XML file loads the JDK's XML parser and
 * logback's configuration model (about 700 classes) before the window's first paint, and the first tab needs
 * none of them. Logback finds this class through {@code META-INF/services}. A {@code logback-test.xml} on the
 * class path (the tests' console logging) or a {@code -Dlogback.configurationFile} still wins, as in logback's
 * own order.
 */
@ConfiguratorRank(ConfiguratorRank.CUSTOM_HIGH_PRIORITY)
public final class LogConfiguration extends ContextAwareBase implements Configurator {
    @Override
    public ExecutionStatus configure(LoggerContext context) {
        if (System.getProperty("logback.configurationFile") != null
                || LogConfiguration.class.getClassLoader().getResource("logback-test.xml") != null) {
            return ExecutionStatus.INVOKE_NEXT_IF_ANY;
        }
        NopStatusListener quiet = new NopStatusListener();
        context.getStatusManager().add(quiet);
        context.getLogger("com.pty4j").setLevel(Level.WARN);
        context.getLogger("com.techsenger.jeditermfx").setLevel(Level.WARN);
        context.getLogger(Logger.ROOT_LOGGER_NAME).setLevel(Level.INFO);
        return ExecutionStatus.DO_NOT_INVOKE_NEXT_IF_ANY;
    }
}
