package dev.holdfast.terminal.export;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.EnumSet;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

class SgrFormatterTest {
    private static final String ESC = "\u001b";
    private final SgrFormatter sgr = new SgrFormatter();

    private static Rendition fg(SgrColor color, SgrAttribute... attributes) {
        return new Rendition(color, SgrColor.DEFAULT, attributes.length == 0
                ? EnumSet.noneOf(SgrAttribute.class) : EnumSet.of(attributes[0], attributes));
    }

    private static Rendition bg(SgrColor color) {
        return new Rendition(SgrColor.DEFAULT, color, Set.of());
    }

    @Test
    void coloursUseTheShortestExactForm() {
        assertEquals(ESC + "[33m", sgr.transition(Rendition.DEFAULT, fg(new SgrColor.Indexed(3))));
        assertEquals(ESC + "[91m", sgr.transition(Rendition.DEFAULT, fg(new SgrColor.Indexed(9))));
        assertEquals(ESC + "[38;5;200m", sgr.transition(Rendition.DEFAULT, fg(new SgrColor.Indexed(200))));
        assertEquals(ESC + "[38;2;1;2;3m", sgr.transition(Rendition.DEFAULT, fg(new SgrColor.Rgb(1, 2, 3))));
        assertEquals(ESC + "[44m", sgr.transition(Rendition.DEFAULT, bg(new SgrColor.Indexed(4))));
        assertEquals(ESC + "[107m", sgr.transition(Rendition.DEFAULT, bg(new SgrColor.Indexed(15))));
        assertEquals(ESC + "[48;5;17m", sgr.transition(Rendition.DEFAULT, bg(new SgrColor.Indexed(17))));
        assertEquals(ESC + "[48;2;255;0;9m", sgr.transition(Rendition.DEFAULT, bg(new SgrColor.Rgb(255, 0, 9))));
    }

    @Test
    void attributesUseTheirCodes() {
        assertEquals(ESC + "[1;2;3;4;5;7;8m", sgr.transition(Rendition.DEFAULT, fg(SgrColor.DEFAULT,
                SgrAttribute.BOLD, SgrAttribute.DIM, SgrAttribute.ITALIC, SgrAttribute.UNDERLINE,
                SgrAttribute.SLOW_BLINK, SgrAttribute.INVERSE, SgrAttribute.HIDDEN)));
    }

    @Test
    void equalRenditionsNeedNoSequence() {
        assertEquals("", sgr.transition(fg(new SgrColor.Indexed(1)), fg(new SgrColor.Indexed(1))));
    }

    @Test
    void turningOffBoldKeepsDim() {
        SgrColor red = new SgrColor.Indexed(1);
        assertEquals(ESC + "[22;2m", sgr.transition(fg(red, SgrAttribute.BOLD, SgrAttribute.DIM),
                fg(red, SgrAttribute.DIM)));
    }

    @Test
    void aResetIsChosenWhenItIsShorter() {
        Rendition busy = new Rendition(new SgrColor.Rgb(1, 2, 3), new SgrColor.Indexed(4),
                EnumSet.of(SgrAttribute.BOLD, SgrAttribute.ITALIC, SgrAttribute.UNDERLINE));
        assertEquals(ESC + "[0m", sgr.transition(busy, Rendition.DEFAULT));
        assertEquals(ESC + "[0;31m", sgr.transition(busy, fg(new SgrColor.Indexed(1))));
    }

    @Test
    void establishStartsWithAReset() {
        assertEquals(ESC + "[0m", sgr.establish(Rendition.DEFAULT));
        assertEquals(ESC + "[0;1;31m", sgr.establish(fg(new SgrColor.Indexed(1), SgrAttribute.BOLD)));
    }

    @Test
    void applyingWhatTransitionWritesGivesTheTarget() {
        long seed = 0x5EED_0001L;
        Random random = new Random(seed);
        Rendition from = Rendition.DEFAULT;
        for (int i = 0; i < 2_000; i++) {
            Rendition to = randomRendition(random);
            String sequence = sgr.transition(from, to);
            Rendition applied = sequence.isEmpty() ? from
                    : from.apply(sequence.substring(2, sequence.length() - 1));
            assertEquals(to, applied, "seed " + seed + ", step " + i + ": "
                    + (sequence.isEmpty() ? "(nothing written)" : sequence.substring(1)));
            from = to;
        }
    }

    @Test
    void applyUnderstandsColonForms() {
        assertEquals(new SgrColor.Rgb(1, 2, 3), Rendition.DEFAULT.apply("38:2::1:2:3").foreground());
        assertEquals(new SgrColor.Rgb(1, 2, 3), Rendition.DEFAULT.apply("48:2:1:2:3").background());
        assertEquals(new SgrColor.Indexed(100), Rendition.DEFAULT.apply("38:5:100").foreground());
        assertEquals(Rendition.DEFAULT, Rendition.DEFAULT.apply("4").apply("4:0"));
        assertEquals(Rendition.DEFAULT.apply("1"), Rendition.DEFAULT.apply("58;2;1;2;3;1"),
                "underline colour arguments are not codes");
    }

    private static Rendition randomRendition(Random random) {
        EnumSet<SgrAttribute> attributes = EnumSet.noneOf(SgrAttribute.class);
        for (SgrAttribute attribute : SgrAttribute.values()) {
            if (random.nextInt(4) == 0) {
                attributes.add(attribute);
            }
        }
        if (attributes.contains(SgrAttribute.SLOW_BLINK)) {
            attributes.remove(SgrAttribute.RAPID_BLINK); // one blink speed, as in the model
        }
        return new Rendition(randomColor(random), randomColor(random), attributes);
    }

    private static SgrColor randomColor(Random random) {
        return switch (random.nextInt(3)) {
            case 0 -> SgrColor.DEFAULT;
            case 1 -> new SgrColor.Indexed(random.nextInt(256));
            default -> new SgrColor.Rgb(random.nextInt(256), random.nextInt(256), random.nextInt(256));
        };
    }
}
