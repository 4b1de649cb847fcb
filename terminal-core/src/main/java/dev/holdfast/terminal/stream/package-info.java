/**
 * The PTY's text on its way to the emulator: a streaming normalizer that rewrites the escape sequences
 * jeditermfx-core 1.0.0 misparses into forms it reads right, drops the ones it would garble, bounds every
 * sequence it buffers, and reports OSC 8 hyperlinks and shell-integration marks (OSC 133, OSC 7: {@link
 * dev.holdfast.terminal.stream.ShellMark}, read by {@link dev.holdfast.terminal.stream.ShellMarks}); and the feed
 * that puts it between the PTY and the emulator and reports each at the moment the emulator has parsed up to it.
 * A parser replacing the normalizer keeps that contract by handing each OSC string's body to
 * {@code ShellMarks.parse} and the result to its {@link dev.holdfast.terminal.stream.ShellMarkListener}.
 */
package dev.holdfast.terminal.stream;
