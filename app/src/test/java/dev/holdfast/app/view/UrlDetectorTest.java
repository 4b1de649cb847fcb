package dev.holdfast.app.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

class UrlDetectorTest {
    private static UrlDetector.Found at(String row, int column) {
        return UrlDetector.at(row.toCharArray(), column);
    }

    @Test
    void findsTheUrlUnderTheColumn() {
        UrlDetector.Found f = at("see https://example.com/a?b=c for more", 10);
        assertEquals("https://example.com/a?b=c", f.url());
        assertEquals(4, f.from());
        assertEquals(29, f.to());
        assertNull(at("see https://example.com/a?b=c for more", 2));
    }

    @Test
    void sentencePunctuationIsNotPartOfTheUrl() {
        assertEquals("https://example.com/x", at("Go to https://example.com/x.", 8).url());
        assertEquals("http://a.b/c", at("(http://a.b/c)", 3).url());
    }

    @Test
    void balancedBracketsStay() {
        assertEquals("https://en.wikipedia.org/wiki/Kelp_(disambiguation)",
                at("https://en.wikipedia.org/wiki/Kelp_(disambiguation)", 5).url());
    }

    @Test
    void onlyKnownSchemes() {
        assertNull(at("javascript://alert(1)", 3));
    }
}
