/**
 * VT export: turns a terminal's scrollback and screen into text that a fresh emulator can replay — printable
 * characters, CR LF between lines, and SGR (colours and attributes) only.
 *
 * <p>The work is split so that the terminal's lock is held for a copy, never for formatting:
 * {@link dev.holdfast.terminal.export.ScrollbackCapture} copies the styled cells under the buffer lock in
 * O(lines) into a {@link dev.holdfast.terminal.export.CapturedLines} value; {@link
 * dev.holdfast.terminal.export.VtExport} formats that copy on any thread; {@link
 * dev.holdfast.terminal.export.ScrollbackTail} keeps the last lines within {@link
 * dev.holdfast.terminal.export.ExportLimits} without cutting an escape sequence.
 *
 * <p>Exports always read the <em>primary</em> history and screen, even while a full-screen program has the
 * alternate screen up: JediTerm's public getters return the alternate buffers then, which would lose the real
 * scrollback ({@link dev.holdfast.terminal.export.PrimaryBuffers}).
 */
package dev.holdfast.terminal.export;
