package dev.holdfast.app;

import dev.holdfast.checkpoint.store.PrivateFiles;
import dev.holdfast.checkpoint.store.StateDirectory;
import dev.holdfast.terminal.pty.NativeLibraryDirectory;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.Properties;
import javafx.application.Application;

/**
 * Entry point. Deliberately not the JavaFX {@code Application}: launching through a plain class lets
 * JavaFX run from the class path (no module-path conflicts with pty4j and JNA), and lets {@code --version}
 * answer without starting a toolkit.
 */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) {
        LaunchOptions options = LaunchOptions.parse(args);
        if (options.version()) {
            System.out.println("Holdfast " + version());
            return;
        }
        if (options.help() || !options.unknown().isEmpty()) {
            if (!options.unknown().isEmpty()) {
                System.err.println("holdfast: unknown option " + options.unknown().get(0));
            }
            (options.help() ? System.out : System.err).print(LaunchOptions.USAGE);
            System.exit(options.help() ? 0 : 2);
            return;
        }
        StateDirectory state;
        try {
            state = StateDirectory.fromEnvironment().open();
            PrivateFiles.createDirectories(state.logsDir());
            NativeLibraryDirectory.install(NativeLibraryDirectory.defaultLocation(
                    System.getenv(), System.getProperty("os.name"), Path.of(System.getProperty("user.home"))));
        } catch (IOException e) {
            System.err.println("holdfast: cannot prepare its state directory: " + e.getMessage());
            System.exit(1);
            return;
        }
        LogFiles.install(state.logsDir());
        HoldfastApplication.prepare(state, options);
        Application.launch(HoldfastApplication.class, args);
    }

    static String version() {
        try (InputStream in = Main.class.getResourceAsStream("/dev/holdfast/app/version.properties")) {
            Properties p = new Properties();
            if (in != null) {
                p.load(in);
            }
            return p.getProperty("version", "unknown");
        } catch (IOException e) {
            return "unknown";
        }
    }
}
