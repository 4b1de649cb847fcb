/**
 * Inert replay: puts restored scrollback back into a terminal's emulator model so that it looks as it did,
 * and so that nothing in it can act.
 *
 * <p>"Inert" is enforced twice. {@link dev.holdfast.terminal.replay.ReplaySanitizer} keeps only printable
 * text, CR, LF, TAB and SGR; every query, mode change, clipboard write (OSC 52), title, palette change,
 * hyperlink and device control string is dropped whole, so the emulator never sees a sequence it would answer.
 * {@link dev.holdfast.terminal.replay.InertReplay} then feeds the text with a discarding output installed, so
 * even an answer the sanitizer missed would reach no process.
 *
 * <p>Replaying an export and exporting again gives the same text (colours, attributes, wide characters, wrapped
 * lines): that is the property the tests hold replay and export to.
 */
package dev.holdfast.terminal.replay;
