package dev.holdfast.terminal.bundle;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.JarURLConnection;
import java.net.URL;
import java.net.URLConnection;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.sqlite.SQLiteJDBCLoader;
import org.sqlite.util.LibraryLoaderUtil;

/**
 * Puts sqlite-jdbc's native library into a private directory once per version and points sqlite-jdbc at it
 * ({@value #PATH_PROPERTY}, {@value #NAME_PROPERTY}, its documented settings), so that it loads that file and
 * unpacks nothing.
 *
 * <p>Why: left to itself, sqlite-jdbc unpacks its library (about 1 MB) under a new random name at every start, with
 * a lock file beside it, and leaves both to {@code deleteOnExit}, which a killed JVM never runs; its own clean-up
 * spares every copy whose lock file exists. Each {@code kill -9}, crash or power cut left a copy behind for good,
 * and the lock files were readable by anyone. It also compares each new copy with the jar's byte by byte, at every
 * start. Here the file is named after the library's version and its jar entry's CRC, written once (beside its place,
 * synced, renamed into place, 0700: code to load), and found again by its size; the copies earlier launches left
 * are removed. A library that cannot be placed leaves sqlite-jdbc to unpack it as before.
 */
public final class SqliteNatives {
    private static final Logger LOG = LoggerFactory.getLogger(SqliteNatives.class);
    /** sqlite-jdbc's setting: the directory of the native library to load instead of unpacking one. */
    public static final String PATH_PROPERTY = "org.sqlite.lib.path";
    /** sqlite-jdbc's setting: that library's file name. */
    public static final String NAME_PROPERTY = "org.sqlite.lib.name";
    /** What sqlite-jdbc's own unpacking leaves: {@code sqlite-<version>-<uuid>-libsqlitejdbc.so} and its lock file. */
    static final Pattern UNPACKED_COPY = Pattern.compile("sqlite-.+-(lib)?sqlitejdbc\\.(so|dylib|jnilib|dll)(\\.lck)?");
    /** Ours: {@code holdfast-sqlitejdbc-<version>-<crc>.so}; older versions' files are removed too. */
    private static final String OWN_PREFIX = "holdfast-sqlitejdbc-";

    /** The library as the jar holds it. */
    record Library(String fileName, String version, long crc, long size, Source content) {
        /** The file it is installed as: its version and CRC say which build of the library it is. */
        String installedName() {
            int dot = fileName.lastIndexOf('.');
            String extension = dot < 0 ? "" : fileName.substring(dot);
            return OWN_PREFIX + version + "-" + Long.toHexString(crc) + extension;
        }
    }

    /** Opens the library's bytes; read only when the file must be written. */
    interface Source {
        InputStream open() throws IOException;
    }

    private SqliteNatives() {
    }

    /**
     * Installs this platform's library from sqlite-jdbc's jar into {@code dir} (which must exist, private) and sets
     * {@value #PATH_PROPERTY} and {@value #NAME_PROPERTY} to it; removes the copies sqlite-jdbc unpacked there
     * before. Does nothing when {@value #PATH_PROPERTY} is set already (the installed app ships the library
     * unpacked), and returns empty when the jar has no library for this platform or it is not in a jar. Must run
     * before the first sqlite-jdbc connection.
     *
     * @return the installed file
     */
    public static Optional<Path> install(Path dir) throws IOException {
        String preset = System.getProperty(PATH_PROPERTY);
        if (preset != null && !preset.isBlank()) {
            return Optional.empty();
        }
        Optional<Library> library = bundled();
        if (library.isEmpty()) {
            return Optional.empty();
        }
        Path installed = install(dir, library.get());
        System.setProperty(PATH_PROPERTY, installed.getParent().toAbsolutePath().toString());
        System.setProperty(NAME_PROPERTY, installed.getFileName().toString());
        return Optional.of(installed);
    }

    /** Places {@code library} in {@code dir} unless a whole copy is there; removes every other copy. */
    static Path install(Path dir, Library library) throws IOException {
        Path target = dir.resolve(library.installedName());
        if (!Files.isRegularFile(target) || Files.size(target) != library.size()) {
            write(dir, target, library);
        }
        removeOtherCopies(dir, target);
        return target;
    }

    private static void write(Path dir, Path target, Library library) throws IOException {
        Path staging = Files.createTempFile(dir, ".sqlitejdbc-", ".tmp",
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        try {
            try (InputStream in = library.content().open();
                 OutputStream out = Files.newOutputStream(staging, StandardOpenOption.TRUNCATE_EXISTING)) {
                long copied = in.transferTo(out);
                if (copied != library.size()) {
                    throw new IOException("sqlite-jdbc's " + library.fileName() + " held " + copied + " bytes, its jar"
                            + " entry says " + library.size());
                }
            }
            try (FileChannel channel = FileChannel.open(staging, StandardOpenOption.WRITE)) {
                channel.force(true);
            }
            // Two launches doing this at once rename the same bytes into place; one that loaded the first keeps it.
            Files.move(staging, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } finally {
            Files.deleteIfExists(staging);
        }
    }

    /**
     * Removes sqlite-jdbc's own unpacked copies and our files of other versions. A copy a running JVM has loaded
     * stays mapped in it: removing the name takes nothing from that process.
     */
    private static void removeOtherCopies(Path dir, Path keep) {
        List<Path> stale;
        try (Stream<Path> files = Files.list(dir)) {
            stale = files.filter(file -> !file.equals(keep)).filter(file -> {
                String name = file.getFileName().toString();
                return UNPACKED_COPY.matcher(name).matches() || name.startsWith(OWN_PREFIX);
            }).toList();
        } catch (IOException e) {
            LOG.debug("Could not list {} for old copies of sqlite-jdbc's library: {}", dir, e.toString());
            return;
        }
        for (Path file : stale) {
            try {
                Files.deleteIfExists(file);
            } catch (IOException e) {
                LOG.debug("Could not remove an old copy of sqlite-jdbc's library {}: {}", file, e.toString());
            }
        }
        if (!stale.isEmpty()) {
            LOG.info("Removed {} old files of sqlite-jdbc's native library (copies and their lock files) from {}",
                    stale.size(), dir);
        }
    }

    /** This platform's library in sqlite-jdbc's jar: its name, CRC and size from the jar's directory, unread. */
    private static Optional<Library> bundled() throws IOException {
        String folder = LibraryLoaderUtil.getNativeLibResourcePath();
        String name = LibraryLoaderUtil.getNativeLibName();
        URL url = LibraryLoaderUtil.class.getResource(folder + "/" + name);
        if (url == null) {
            return Optional.empty();
        }
        URLConnection connection = url.openConnection();
        if (!(connection instanceof JarURLConnection jar)) {
            return Optional.empty();
        }
        // Not cached: the JarFile opened here is closed here, not kept open for the rest of the run.
        jar.setUseCaches(false);
        JarEntry entry;
        try (JarFile file = jar.getJarFile()) {
            entry = file.getJarEntry(jar.getEntryName());
        }
        if (entry == null || entry.getSize() < 0 || entry.getCrc() < 0) {
            return Optional.empty();
        }
        String version = SQLiteJDBCLoader.getVersion().toLowerCase(Locale.ROOT).replaceAll("[^0-9a-z.]", "_");
        return Optional.of(new Library(name, version, entry.getCrc(), entry.getSize(),
                () -> LibraryLoaderUtil.class.getResourceAsStream(folder + "/" + name)));
    }
}
