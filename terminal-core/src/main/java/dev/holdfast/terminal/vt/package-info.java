/**
 * Holdfast's own VT parser and what drives JediTerm's model with it: {@link dev.holdfast.terminal.vt.VtParser}
 * (the DEC/ANSI state machine, input in, calls out), {@link dev.holdfast.terminal.vt.JediTerminalHandler} (those
 * calls applied to the library's {@code Terminal}, as the library's emulator applied them) and
 * {@link dev.holdfast.terminal.vt.CorrectedTerminal} (the library's terminal where it behaves as xterm does not).
 * Coloured text reaches the model a row of runs at a time ({@code DirectText}): the library's result, without
 * its cost per run.
 *
 * <p>Where this path differs from the one before it (the library's {@code JediEmulator} behind Holdfast's
 * {@code StreamNormalizer}), on purpose; every other difference would be a bug, and the differential test in
 * {@code dev.holdfast.terminal.emulation} compares the two after every chunk of recorded sessions, the
 * restore-fidelity corpus and millions of random chunks:
 * <ul>
 *   <li>Reading sequences ({@code JediTerminalHandler}, marked "Fix:"): an empty or zero position is the first row
 *       or column ({@code ESC[;5H}); every mode of one SM/RM is set ({@code ESC[?1000;1006h}); sequences with a
 *       private marker or intermediates the model does not know are ignored, not printed ({@code ESC[<1u},
 *       {@code ESC[?2026$p}); {@code CSI Ps SP q} sets the cursor shape and writes nothing, {@code CSI Ps q}
 *       (DECLL) does nothing; {@code CSI 8;…t} does not resize the model; a row below the screen is the last row;
 *       an OSC title keeps its {@code ;}; DEL and C1 controls are not printed; a delete or erase count past the
 *       screen's width is read as the width; a number's value stops at 65,535 instead of overflowing; SGR 9
 *       crosses text out and 29 ends it ({@code CrossedOutTextStyle}), where the library dropped both.</li>
 *   <li>The model's behaviour ({@code CorrectedTerminal}), as vttest menus 1, 2 and 8 show it in xterm: pending
 *       wrap, backspace at the left margin, ED 1, insert mode, text outside the scroll region, DECCOLM, DECOM.</li>
 * </ul>
 */
package dev.holdfast.terminal.vt;
