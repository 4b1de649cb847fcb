package dev.holdfast.terminal.agent.resume;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * Reads a foreground command line as a tmux client or an interactive ssh session, for a restored tab to offer
 * going back into. Pure.
 */
public final class ForegroundWork {
    /** tmux's global options that take a value; {@code -L} and {@code -S} choose the server and are kept. */
    private static final Set<Character> TMUX_VALUE_OPTIONS = Set.of('L', 'S', 'f', 'c', 'T');
    private static final Set<String> TMUX_ATTACH = Set.of("attach-session", "attach", "attac", "atta", "att", "at", "a");
    private static final Set<String> TMUX_NEW = Set.of("new-session", "new");
    /** ssh's options that take a value ({@code ssh(1)}: {@code -B -b -c -D -E -e -F -I -i -J -L -l -m -O -o -p -Q -R -S -W -w}). */
    private static final String SSH_VALUE_OPTIONS = "BbcDEeFIiJLlmOopQRSWw";
    /** ssh options after which there is no interactive session to go back to (forwarding only, queries). */
    private static final String SSH_NOT_INTERACTIVE = "NWOGQVf";
    /** The options kept in the offered command: they say where the session went. */
    private static final String SSH_KEPT = "plJ";

    /** What the tab's tmux client shows: the named session, or a client whose session is not on its command line. */
    public record TmuxClient(Optional<String> session, List<String> serverOptions) {
        public TmuxClient {
            serverOptions = List.copyOf(serverOptions);
        }

        public Resumable.TmuxSession named(String name) {
            return new Resumable.TmuxSession(name, serverOptions);
        }
    }

    /**
     * {@code argv} as a tmux client that attaches to or creates a session: {@code tmux}, {@code tmux a},
     * {@code tmux attach -t work}, {@code tmux new -A -s work}, {@code tmux -L other attach}. A tmux command that
     * does something else and ends ({@code tmux ls}, {@code tmux kill-server}) is none.
     */
    public Optional<TmuxClient> tmux(List<String> argv) {
        if (argv.isEmpty() || !basename(argv.get(0)).equals("tmux")) {
            return Optional.empty();
        }
        List<String> server = new ArrayList<>();
        int i = 1;
        while (i < argv.size() && argv.get(i).startsWith("-") && argv.get(i).length() > 1) {
            String option = argv.get(i);
            char letter = option.charAt(option.length() - 1);
            boolean takesValue = TMUX_VALUE_OPTIONS.contains(letter);
            if (option.equals("-c")) {
                // `tmux -c command`: tmux runs a shell command, it is not a client.
                return Optional.empty();
            }
            if (takesValue && i + 1 < argv.size()) {
                if (letter == 'L' || letter == 'S') {
                    server.add("-" + letter);
                    server.add(argv.get(i + 1));
                }
                i += 2;
            } else {
                i++;
            }
        }
        if (i >= argv.size()) {
            return Optional.of(new TmuxClient(Optional.empty(), server));
        }
        String command = argv.get(i);
        List<String> rest = argv.subList(i + 1, argv.size());
        if (TMUX_ATTACH.contains(command)) {
            return Optional.of(new TmuxClient(value(rest, "-t").map(ForegroundWork::sessionOfTarget).filter(s -> !s.isEmpty()), server));
        }
        if (TMUX_NEW.contains(command)) {
            return Optional.of(new TmuxClient(value(rest, "-s"), server));
        }
        return Optional.empty();
    }

    /**
     * {@code argv} as an interactive ssh session: {@code ssh host}, {@code ssh -p 2222 me@host}. With a remote
     * command, or options that only forward or query ({@code -N}, {@code -W}, {@code -O}, {@code -G}, {@code -V}),
     * it is none.
     */
    public Optional<Resumable.SshSession> ssh(List<String> argv) {
        if (argv.isEmpty() || !basename(argv.get(0)).equals("ssh")) {
            return Optional.empty();
        }
        List<String> kept = new ArrayList<>();
        int i = 1;
        while (i < argv.size()) {
            String word = argv.get(i);
            if (word.equals("--")) {
                i++;
                break;
            }
            if (!word.startsWith("-") || word.length() < 2) {
                break;
            }
            for (int c = 1; c < word.length(); c++) {
                char letter = word.charAt(c);
                if (SSH_NOT_INTERACTIVE.indexOf(letter) >= 0) {
                    return Optional.empty();
                }
                if (SSH_VALUE_OPTIONS.indexOf(letter) >= 0) {
                    String value;
                    if (c + 1 < word.length()) {
                        value = word.substring(c + 1);
                    } else if (i + 1 < argv.size()) {
                        value = argv.get(++i);
                    } else {
                        return Optional.empty();
                    }
                    if (SSH_KEPT.indexOf(letter) >= 0) {
                        kept.add("-" + letter);
                        kept.add(value);
                    }
                    break;
                }
            }
            i++;
        }
        if (i != argv.size() - 1) {
            // No destination, or a remote command after it.
            return Optional.empty();
        }
        String destination = argv.get(i);
        if (destination.isEmpty() || destination.startsWith("-")) {
            return Optional.empty();
        }
        return Optional.of(new Resumable.SshSession(destination, kept));
    }

    private static Optional<String> value(List<String> arguments, String option) {
        for (int i = 0; i < arguments.size(); i++) {
            String a = arguments.get(i);
            if (a.equals(option) && i + 1 < arguments.size()) {
                return Optional.of(arguments.get(i + 1)).filter(v -> !v.isEmpty());
            }
            if (a.startsWith(option) && a.length() > option.length()) {
                return Optional.of(a.substring(option.length()));
            }
        }
        return Optional.empty();
    }

    /** {@code work:2.1} → {@code work}; {@code =work} → {@code work}. */
    private static String sessionOfTarget(String target) {
        String t = target.startsWith("=") ? target.substring(1) : target;
        int colon = t.indexOf(':');
        return colon < 0 ? t : t.substring(0, colon);
    }

    private static String basename(String path) {
        return path.substring(path.lastIndexOf('/') + 1).toLowerCase(Locale.ROOT);
    }
}
