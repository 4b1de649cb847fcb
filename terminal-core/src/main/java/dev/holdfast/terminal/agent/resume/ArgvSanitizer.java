package dev.holdfast.terminal.agent.resume;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * What a session snapshot may keep of an agent's command line: the words, minus anything that could be a
 * secret. The snapshot is a file on disk, and agents are started with keys on their command line often enough
 * ({@code --api-key sk-…}, {@code -c model_providers.x.api_key=…}, {@code OPENAI_API_KEY=… codex}). Left out:
 * <ul>
 *   <li>environment assignments ({@code NAME=value}, the name in capitals) wherever they stand: an {@code env}
 *       prefix, a wrapper's;</li>
 *   <li>an option whose name says secret ({@code --api-key}, {@code --token}, {@code --password},
 *       {@code --auth-header}, …) together with its value, whether {@code --name=value} or {@code --name value};</li>
 *   <li>a {@code key=value} word whose key says secret, and the option it is the value of ({@code -c …api_key=…});</li>
 *   <li>a word that looks like a credential by itself (a known key prefix such as {@code sk-} or {@code ghp_},
 *       a URL with a password, or a long unbroken run of letters and digits), and the option it is the value of.</li>
 * </ul>
 * A word that is left out leaves no trace; what stays is in its original order. Pure: no I/O, no state.
 */
public final class ArgvSanitizer {
    /** Parts of an option or key name that mark its value as a secret. */
    private static final Pattern SECRET_NAME = Pattern.compile(
            "(?i)(api[-_.]?key|apikey|access[-_.]?key|secret|token|passw(?:or)?d|passwd|credential|auth|cookie"
                    + "|private[-_.]?key|bearer|session[-_.]?key)");
    /** An environment assignment as written by convention, in capitals: {@code OPENAI_API_KEY=…}, {@code DEBUG=1}. */
    private static final Pattern ENVIRONMENT = Pattern.compile("[A-Z_][A-Z0-9_]*=.*", Pattern.DOTALL);
    private static final Pattern KEY_PREFIX = Pattern.compile(
            "(?i)(?:sk-|sk_|rk_|pk_live|ghp_|gho_|ghs_|ghu_|github_pat_|glpat-|xox[abprs]-|akia|asia|aiza|hf_|npm_)[A-Za-z0-9_-]{8,}.*");
    private static final Pattern URL_PASSWORD = Pattern.compile("[A-Za-z][A-Za-z0-9+.-]*://[^/@\\s:]+:[^/@\\s]+@.*");
    /** A credential-like run: at least 32 characters, no path or word separators, letters and digits mixed. */
    private static final Pattern LONG_TOKEN = Pattern.compile("[A-Za-z0-9_\\-+=]{32,}");

    private static final Pattern UUID =
            Pattern.compile("[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}");

    /** The words of {@code argv} that may be stored. */
    public List<String> sanitize(List<String> argv) {
        List<String> kept = new ArrayList<>(argv.size());
        // The last kept word, when it was an option that may take the next word as its value.
        int valueOption = -1;
        boolean dropNext = false;
        for (int i = 0; i < argv.size(); i++) {
            String word = argv.get(i);
            if (dropNext) {
                dropNext = false;
                valueOption = -1;
                if (!word.startsWith("-") || looksSecret(word)) {
                    continue;
                }
            }
            if (word.startsWith("-") && !word.equals("-") && !word.equals("--")) {
                int eq = word.indexOf('=');
                String name = eq < 0 ? word : word.substring(0, eq);
                if (SECRET_NAME.matcher(name).find()) {
                    dropNext = eq < 0;
                    valueOption = -1;
                    continue;
                }
                if (eq >= 0 && valueIsSecret(word.substring(eq + 1))) {
                    valueOption = -1;
                    continue;
                }
                kept.add(word);
                valueOption = eq < 0 ? kept.size() - 1 : -1;
                continue;
            }
            if (ENVIRONMENT.matcher(word).matches() || valueIsSecret(word)) {
                if (valueOption >= 0 && valueOption == kept.size() - 1) {
                    kept.remove(valueOption);
                }
                valueOption = -1;
                continue;
            }
            kept.add(word);
            valueOption = -1;
        }
        return List.copyOf(kept);
    }

    /** A value that is a secret by its look, or a {@code key=value} whose key names one. */
    private static boolean valueIsSecret(String value) {
        int eq = value.indexOf('=');
        if (eq > 0 && SECRET_NAME.matcher(value.substring(0, eq)).find()) {
            return true;
        }
        return looksSecret(value) || (eq > 0 && looksSecret(value.substring(eq + 1)));
    }

    private static boolean looksSecret(String value) {
        String v = value.strip();
        if (UUID.matcher(v).matches()) {
            // A session id: what `codex resume <id>` names, no secret.
            return false;
        }
        if (v.regionMatches(true, 0, "bearer ", 0, 7) || v.regionMatches(true, 0, "basic ", 0, 6)) {
            return true;
        }
        if (KEY_PREFIX.matcher(v).matches() || URL_PASSWORD.matcher(v).matches()) {
            return true;
        }
        return LONG_TOKEN.matcher(v).matches() && v.chars().anyMatch(Character::isDigit)
                && v.chars().anyMatch(Character::isLetter) && !v.contains("--");
    }
}
