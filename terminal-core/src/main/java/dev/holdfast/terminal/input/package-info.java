/**
 * What a key press sends to the shell: the xterm byte sequences for typed text and for the keys that have no
 * text (arrows, function keys, Enter, ...).
 *
 * <p>The encoding is a pure function of the key, the modifiers held and the keyboard modes the running program
 * asked for, so the JavaFX view only translates its own key events into {@link dev.holdfast.terminal.input.Key}
 * and {@link dev.holdfast.terminal.input.Modifiers} and writes whatever bytes come back. We do not use JediTerm's
 * widget for this because it sends a NUL byte for a modifier pressed alone and keeps Ctrl+L, Ctrl+F and
 * Ctrl+Up/Down for itself; here those reach the shell.
 */
package dev.holdfast.terminal.input;
