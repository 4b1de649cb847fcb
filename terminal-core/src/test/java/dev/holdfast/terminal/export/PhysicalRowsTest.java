package dev.holdfast.terminal.export;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.holdfast.terminal.scrollback.HeadlessModel;
import java.util.List;
import org.junit.jupiter.api.Test;

class PhysicalRowsTest {
    @Test
    void aWrappedLineStaysTheTwoRowsItIsShownAs() {
        HeadlessModel model = HeadlessModel.fast(10, 3, 100).feed("0123456789abcdef\r\nnext");
        assertTrue(model.buffer().getLine(0).isWrapped(), "the model keeps it as one wrapped line");
        assertEquals(List.of("0123456789", "abcdef", "next"), PhysicalRows.of(model.buffer(), false));
    }

    @Test
    void wideCharactersAreWrittenOnceAndGapsAreSpacesButTrailingBlanksGo() {
        HeadlessModel model = HeadlessModel.fast(12, 3, 100).feed("\u4E2D\u6587 x\u001b[8Gy   \r\n\u001b[5X");
        assertEquals(List.of("\u4E2D\u6587 x y", "", ""), PhysicalRows.of(model.buffer(), false));
    }

    @Test
    void theHistoryComesFirstWhenAskedFor() {
        HeadlessModel model = HeadlessModel.fast(10, 2, 100).feed("one\r\ntwo\r\nthree\r\nfour");
        assertEquals(List.of("three", "four"), PhysicalRows.of(model.buffer(), false));
        assertEquals(List.of("one", "two", "three", "four"), PhysicalRows.of(model.buffer(), true));
    }
}
