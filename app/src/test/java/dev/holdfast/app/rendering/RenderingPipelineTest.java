package dev.holdfast.app.rendering;

import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

class RenderingPipelineTest {
    private static final Supplier<Optional<Set<String>>> XVFB = () -> Optional.of(Set.of());
    private static final Supplier<Optional<Set<String>>> NOT_TO_BE_ASKED = () -> {
        fail("the display was asked");
        return Optional.empty();
    };

    private static RenderingPipeline.Choice choose(String os, Map<String, String> properties, List<String> devices,
                                                   Supplier<Optional<Set<String>>> display) {
        return RenderingPipeline.choose(new RenderingPipeline.Inputs(os, properties, devices, display));
    }

    @Test
    void softwareWhenNoGpuNodeIsVisibleAndTheDisplayOffersNoHardwareGl() {
        assertInstanceOf(RenderingPipeline.Software.class, choose("Linux", Map.of(), List.of(), XVFB));
    }

    @Test
    void aVisibleGpuKeepsPrismsOrderWithoutAskingTheDisplay() {
        assertInstanceOf(RenderingPipeline.PrismDefault.class,
                choose("Linux", Map.of(), List.of("/dev/dri/renderD128"), NOT_TO_BE_ASKED));
        assertInstanceOf(RenderingPipeline.PrismDefault.class,
                choose("Linux", Map.of(), List.of("/dev/nvidia0"), NOT_TO_BE_ASKED));
    }

    @Test
    void aDisplayThatHandsOutAGpuKeepsPrismsOrder() {
        // A container without /dev/dri whose X server passes it a DRI3 file descriptor still gets hardware GL.
        for (String extension : RenderingPipeline.HARDWARE_GL_EXTENSIONS) {
            assertInstanceOf(RenderingPipeline.PrismDefault.class,
                    choose("Linux", Map.of(), List.of(), () -> Optional.of(Set.of(extension))), extension);
        }
    }

    @Test
    void aDisplayThatCannotBeAskedKeepsPrismsOrder() {
        assertInstanceOf(RenderingPipeline.PrismDefault.class,
                choose("Linux", Map.of(), List.of(), Optional::empty));
    }

    @Test
    void anExplicitChoiceOfTheUsersIsKept() {
        assertInstanceOf(RenderingPipeline.PrismDefault.class,
                choose("Linux", Map.of("prism.order", "es2"), List.of(), NOT_TO_BE_ASKED));
        assertInstanceOf(RenderingPipeline.PrismDefault.class,
                choose("Linux", Map.of("prism.forceGPU", "true"), List.of(), NOT_TO_BE_ASKED));
    }

    @Test
    void onlyGtkOnLinuxIsConcerned() {
        assertInstanceOf(RenderingPipeline.PrismDefault.class,
                choose("Linux", Map.of("glass.platform", "Monocle"), List.of(), NOT_TO_BE_ASKED));
        assertInstanceOf(RenderingPipeline.PrismDefault.class, choose("Mac OS X", Map.of(), List.of(), NOT_TO_BE_ASKED));
        assertInstanceOf(RenderingPipeline.Software.class,
                choose("Linux", Map.of("glass.platform", "gtk"), List.of(), XVFB));
    }
}
