/**
 * Files Holdfast ships inside its jar and puts on disk for other programs to load: the shells' integration scripts,
 * pty4j's native library. {@link dev.holdfast.terminal.bundle.PrivateBundle} installs each set once per content,
 * private to the user, whole or not at all, however many launches do it at once.
 */
package dev.holdfast.terminal.bundle;
