package dev.holdfast.app.autosave;

import dev.holdfast.terminal.agent.resume.ForegroundWork;
import dev.holdfast.terminal.pty.ProcessDetails;
import dev.holdfast.terminal.pty.ProcessIdentity;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Which session a tmux client shows when its command line does not say ({@code tmux}, {@code tmux a}): asked of
 * its server once per client process ({@code tmux list-clients}), bounded by {@link #TIMEOUT}. Blocking: the
 * saver's thread.
 */
public final class TmuxClients {
    private static final Logger LOG = LoggerFactory.getLogger(TmuxClients.class);
    /** How long one question to a tmux server may take. */
    public static final Duration TIMEOUT = Duration.ofSeconds(2);
    /** Clients remembered; a few tabs run tmux. */
    static final int REMEMBERED = 64;

    private final String program;
    private final Map<ProcessIdentity, String> known = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<ProcessIdentity, String> eldest) {
            return size() > REMEMBERED;
        }
    };

    /** @param program the tmux to ask ({@code tmux} on the PATH) */
    public TmuxClients(String program) {
        this.program = program;
    }

    public synchronized Optional<String> sessionOf(ProcessDetails client, ForegroundWork.TmuxClient reading) {
        String cached = known.get(client.identity());
        if (cached != null) {
            return Optional.of(cached);
        }
        List<String> command = new ArrayList<>(List.of(program));
        command.addAll(reading.serverOptions());
        command.addAll(List.of("list-clients", "-F", "#{client_pid} #{session_name}"));
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectInput(ProcessBuilder.Redirect.PIPE).start();
            p.getOutputStream().close();
            if (!p.waitFor(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
                p.destroyForcibly();
                LOG.debug("tmux list-clients took over {}", TIMEOUT);
                return Optional.empty();
            }
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            for (String line : out.split("\n")) {
                int space = line.indexOf(' ');
                if (space > 0 && line.substring(0, space).equals(Long.toString(client.pid()))) {
                    String name = line.substring(space + 1).strip();
                    if (!name.isEmpty()) {
                        known.put(client.identity(), name);
                        return Optional.of(name);
                    }
                }
            }
        } catch (IOException e) {
            LOG.debug("tmux list-clients failed: {}", e.toString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return Optional.empty();
    }
}
