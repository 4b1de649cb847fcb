package dev.holdfast.app.tabs;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class TitleTextTest {
    @Test
    void controlCharactersAreRemovedFromATitle() {
        assertEquals("vim notes.md", TitleText.clean("vim\u0007 notes.md\u001b"));
        assertEquals("make test", TitleText.clean("make\r\n test\u0000"));
        assertEquals("htop", TitleText.clean("\u0085htop\u007f\u009c"));
    }

    @Test
    void escapeSequencesAreRemovedWholeNotJustTheirEscape() {
        assertEquals("cargo build", TitleText.clean("cargo build\u0007\u001b[31m"));
        assertEquals("ab", TitleText.clean("a\u001b]0;inner\u0007b"));
        assertEquals("xy", TitleText.clean("x\u009b2Jy"));
    }

    @Test
    void bidirectionalControlsThatDisguiseATitleAreRemoved() {
        assertEquals("invoice.txt.exe", TitleText.clean("invoice\u202E.txt.exe"));
        assertEquals("ab", TitleText.clean("a\u2066\u200Fb\u2069\u2028"));
    }

    @Test
    void printableTextOfAnyScriptAndEmojiSequencesStay() {
        assertEquals("日本語 — café 👩‍💻", TitleText.clean("日本語 — café 👩‍💻"));
    }

    @Test
    void aTitleIsStrippedAndCutToItsLimit() {
        assertEquals("", TitleText.clean(null));
        assertEquals("", TitleText.clean(" \u0007 "));
        assertEquals("x", TitleText.clean("  x  "));
        String tooLong = "😀".repeat(TitleText.MAX_CODE_POINTS + 10);
        String cut = TitleText.clean(tooLong);
        assertEquals(TitleText.MAX_CODE_POINTS, cut.codePointCount(0, cut.length()));
    }
}
