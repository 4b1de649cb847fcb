/**
 * The PTY's text on its way to the library's emulator, for the {@code jediterm} parser setting (the path before
 * Holdfast's own parser, {@code dev.holdfast.terminal.vt}, kept selectable for one release): a streaming
 * normalizer that rewrites the escape sequences jeditermfx-core 1.0.0 misparses into forms it reads right, drops
 * the ones it would garble, bounds every sequence it buffers, and reports OSC 8 hyperlinks and shell-integration
 * marks (OSC 133, OSC 7: {@link dev.holdfast.terminal.stream.ShellMark}, read by
 * {@link dev.holdfast.terminal.stream.ShellMarks}); and the feed that puts it between the PTY and the emulator and
 * reports each at the moment the emulator has parsed up to it. Holdfast's parser keeps the same contract in its
 * one pass, handing each OSC string's body to {@code ShellMarks.parse} and the result to its
 * {@link dev.holdfast.terminal.stream.ShellMarkListener}; the listeners and marks here serve both.
 */
package dev.holdfast.terminal.stream;
