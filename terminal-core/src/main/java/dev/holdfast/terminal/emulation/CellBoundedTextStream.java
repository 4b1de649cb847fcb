package dev.holdfast.terminal.emulation;

import com.techsenger.jeditermfx.core.ArrayTerminalDataStream;

/**
 * Text already in memory (replayed scrollback, Holdfast's own notes) for the emulator, handed over by cells
 * like PTY output: see {@link CellBoundedRun}. For replay it matters doubly: which characters the library
 * would lose depends on where SGR sequences split the text, so restored text could differ from the export.
 */
public final class CellBoundedTextStream extends ArrayTerminalDataStream {

    public CellBoundedTextStream(char[] chars, int offset, int length) {
        super(chars, offset, length);
    }

    @Override
    public String readNonControlCharacters(int maxCells) {
        int n = CellBoundedRun.length(myBuf, myOffset, myOffset + myLength, maxCells);
        String run = new String(myBuf, myOffset, n);
        myOffset += n;
        myLength -= n;
        return run;
    }
}
