/**
 * Scrollback that stays fast at any size: the library's text buffer with its history kept in a ring, so a
 * line scrolled off a full history costs O(1) instead of a copy of the whole history.
 */
package dev.holdfast.terminal.scrollback;
