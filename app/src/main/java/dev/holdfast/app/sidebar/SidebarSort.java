package dev.holdfast.app.sidebar;

/** How the sidebar orders its cards. */
public enum SidebarSort {
    /** The tab whose screen changed most recently first (the default). */
    LAST_UPDATED("Last updated"),
    /** As the tabs stand in the tab strip. */
    TAB_ORDER("Tab order");

    private final String label;

    SidebarSort(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    /** The sort named {@code name} ({@link #name()}), or the default. */
    public static SidebarSort parse(String name) {
        for (SidebarSort sort : values()) {
            if (sort.name().equalsIgnoreCase(name)) {
                return sort;
            }
        }
        return LAST_UPDATED;
    }
}
