package dev.holdfast.checkpoint.session;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import java.time.Instant;
import java.util.List;

/**
 * What a tab's foreground ran when it was saved, for a restore to go back into: an agent (with its conversation
 * when it was bound), a tmux client, an ssh session. Plain values: the app reads them into its own types and
 * treats anything it cannot use as nothing. Readers are lenient (a field missing or odd makes this tab offer
 * nothing, never the snapshot unreadable); a kind a later build adds reads as null.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "kind", defaultImpl = Void.class)
@JsonSubTypes({
        @JsonSubTypes.Type(value = PanelForeground.AgentRun.class, name = "agent"),
        @JsonSubTypes.Type(value = PanelForeground.TmuxClient.class, name = "tmux"),
        @JsonSubTypes.Type(value = PanelForeground.SshClient.class, name = "ssh")})
public sealed interface PanelForeground
        permits PanelForeground.AgentRun, PanelForeground.TmuxClient, PanelForeground.SshClient {

    /**
     * An agent the tab ran.
     *
     * @param agent {@code codex} or {@code claude}
     * @param conversationId the conversation it was bound to, or null when it was not bound
     * @param title the conversation's title as last known, or null
     * @param workingDirectory the agent's working directory (where its resume must run), or null
     * @param argv its command line with secrets left out (no option values that look like keys, no environment)
     * @param bindingSource what bound it ({@code OPEN_TRANSCRIPT}, {@code RESUME_ARGUMENT}, …), or null
     * @param unboundReason why it was not bound, or null
     * @param processes its processes (pid and start), outermost first: one that outlived a crash is found by them
     * @param agentHome {@code $CODEX_HOME} or {@code $CLAUDE_CONFIG_DIR} as it used it, or null
     * @param transcript the conversation's rollout or transcript file, or null
     */
    record AgentRun(String agent, String conversationId, String title, String workingDirectory, List<String> argv,
                    String bindingSource, String unboundReason, List<SavedProcess> processes, String agentHome,
                    String transcript) implements PanelForeground {
        public AgentRun {
            argv = argv == null ? List.of() : List.copyOf(argv);
            processes = processes == null ? List.of() : processes.stream().filter(p -> p != null && p.pid() > 0).toList();
        }

        public boolean bound() {
            return conversationId != null && !conversationId.isBlank();
        }
    }

    /** A process by pid and start time ({@code startedAt} null where the OS gave none). */
    record SavedProcess(long pid, Instant startedAt) {
    }

    /**
     * @param session the tmux session the client was attached to
     * @param serverOptions {@code -L name} / {@code -S path} when not the default server
     */
    record TmuxClient(String session, List<String> serverOptions) implements PanelForeground {
        public TmuxClient {
            serverOptions = serverOptions == null ? List.of() : List.copyOf(serverOptions);
        }
    }

    /**
     * @param destination the host it went to
     * @param options the options that say how ({@code -p PORT}, {@code -l USER}, {@code -J JUMP})
     */
    record SshClient(String destination, List<String> options) implements PanelForeground {
        public SshClient {
            options = options == null ? List.of() : List.copyOf(options);
        }
    }
}
