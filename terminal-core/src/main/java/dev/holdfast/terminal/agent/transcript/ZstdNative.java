package dev.holdfast.terminal.agent.transcript;

import com.github.luben.zstd.util.Native;
import dev.holdfast.terminal.pty.NativeLibraryDirectory;
import java.io.File;

/**
 * Loads zstd-jni's native library once per JVM, into Holdfast's private native directory when one is set
 * (the library otherwise unpacks itself into the shared temp directory). The library's own loader is global
 * state of the JVM, so this is too.
 */
final class ZstdNative {
    private ZstdNative() {
    }

    static synchronized void load() {
        if (Native.isLoaded()) {
            return;
        }
        String dir = System.getProperty(NativeLibraryDirectory.PTY4J_PROPERTY);
        if (dir != null && !dir.isBlank() && new File(dir).isDirectory()) {
            Native.load(new File(dir));
        } else {
            Native.load();
        }
    }
}
