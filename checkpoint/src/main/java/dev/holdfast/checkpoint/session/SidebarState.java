package dev.holdfast.checkpoint.session;

/**
 * The window's sidebar of tab cards as it was left: shown or not, its order and filter. Restored as the user left it;
 * a snapshot from before the sidebar has none, and the sidebar starts hidden.
 *
 * @param sort the order's name as the app knows it ({@code LAST_UPDATED}, {@code TAB_ORDER}), or null for the default
 * @param recentOnly the Recent filter is on
 */
public record SidebarState(boolean shown, String sort, boolean recentOnly) {
}
