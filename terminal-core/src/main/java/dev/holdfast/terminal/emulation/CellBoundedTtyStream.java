package dev.holdfast.terminal.emulation;

import com.techsenger.jeditermfx.core.TtyBasedArrayDataStream;
import com.techsenger.jeditermfx.core.TtyConnector;
import java.io.IOException;

/** The live PTY stream, handing printable runs to the emulator by cells, not chars: see {@link CellBoundedRun}. */
final class CellBoundedTtyStream extends TtyBasedArrayDataStream {

    CellBoundedTtyStream(TtyConnector connector) {
        super(connector);
    }

    @Override
    public String readNonControlCharacters(int maxCells) throws IOException {
        if (myLength == 0) {
            // Let the library refill its buffer from the PTY (this is where a read blocks), then put it back.
            pushChar(getChar());
        }
        int n = CellBoundedRun.length(myBuf, myOffset, myOffset + myLength, maxCells);
        String run = new String(myBuf, myOffset, n);
        myOffset += n;
        myLength -= n;
        return run;
    }
}
