package dev.holdfast.terminal.agent.live;

import dev.holdfast.terminal.agent.binding.ScreenText;

/** A tab's text, for matching: a bounded copy of its last lines. */
public interface TabScreen {
    ScreenText lastLines(int count);
}
