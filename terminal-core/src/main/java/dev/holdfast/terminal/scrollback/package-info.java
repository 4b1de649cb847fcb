/**
 * Scrollback that stays fast and small at any size: the library's text buffer with its history kept in a ring,
 * so a line scrolled off a full history costs O(1) instead of a copy of the whole history, and its lines kept
 * packed ({@link dev.holdfast.terminal.scrollback.CompactLines}), tens of bytes a line of {@code seq} instead of
 * hundreds, turned back into the library's lines only where a line object is asked for.
 */
package dev.holdfast.terminal.scrollback;
