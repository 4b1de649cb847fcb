/**
 * The PTY's text on its way to the emulator: a streaming normalizer that rewrites the escape sequences
 * jeditermfx-core 1.0.0 misparses into forms it reads right, drops the ones it would garble, bounds every
 * sequence it buffers, and reports OSC 8 hyperlinks; and the feed that puts it between the PTY and the emulator.
 */
package dev.holdfast.terminal.stream;
