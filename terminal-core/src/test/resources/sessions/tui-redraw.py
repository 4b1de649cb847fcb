#!/usr/bin/env python3
"""A stand-in for a coding agent's terminal UI (Codex, Claude Code), for recording: it draws inline, below the
shell prompt, the way those UIs do (ratatui/crossterm, Ink): raw mode, bracketed paste, focus events, keyboard
enhancement flags, synchronized-output brackets, a hidden cursor, a rounded input box and a status line redrawn
many times a second with a spinner, truecolour, dim and italic text, and transcript lines inserted above the
box through a scroll region. Runs for a few seconds, echoing what is typed into the box, then restores the
terminal.
"""
import os
import sys
import termios
import time
import tty

out = sys.stdout
fd = sys.stdin.fileno()
saved = termios.tcgetattr(fd)
tty.setraw(fd)
os.set_blocking(fd, False)
columns, rows = os.get_terminal_size()
width = columns - 2
spinner = "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏"
box_top = rows - 6


def w(s):
    out.write(s)


def frame(n, typed, status):
    w("\x1b[?2026h")
    w("\x1b[%d;1H" % box_top)
    # Rows as wide as the screen, with no erase after them: at a pending wrap EL would erase the last column.
    w("\x1b[38;2;95;95;95m╭" + "─" * width + "╮\x1b[0m\r\n")
    text = ("› " + typed)[: width - 2]
    w("\x1b[38;2;95;95;95m│\x1b[0m \x1b[1m%s\x1b[0m%s\x1b[38;2;95;95;95m│\x1b[0m\r\n" % (text, " " * (width - 1 - len(text))))
    w("\x1b[38;2;95;95;95m╰" + "─" * width + "╯\x1b[0m\r\n")
    line = " %s \x1b[1;38;2;215;119;87m%s\x1b[0m \x1b[2m(%ds • \x1b[3mesc to interrupt\x1b[23m)\x1b[0m" % (
        spinner[n % len(spinner)], status, n // 10)
    w(line + "\x1b[K\r\n")
    w("\x1b[2m  ⏎ send   ⇧⏎ newline   ctrl+c quit   \x1b[22m\x1b[38;5;244m%d%% context left\x1b[0m\x1b[K" % (100 - n % 100))
    w("\x1b[%d;%dH" % (box_top + 1, 4 + len(typed)))
    w("\x1b[?2026l")
    out.flush()


def insert_history(lines):
    # Like an inline TUI adding transcript lines above its viewport: scroll the region above the box up.
    w("\x1b[?2026h\x1b[1;%dr\x1b[%d;1H" % (box_top - 1, box_top - 1))
    for text in lines:
        w("\r\n" + text + "\x1b[K")
    w("\x1b[r\x1b[?2026l")
    out.flush()


w("\x1b[?2004h\x1b[?1004h\x1b[>7u\x1b[?25l")
w("\r\n" * 6)
out.flush()
typed = ""
statuses = ["Thinking", "Reading files", "Running tests", "Editing src/main.rs", "Working"]
start = time.time()
n = 0
try:
    while time.time() - start < 4.0:
        try:
            data = os.read(fd, 1024).decode("utf-8", "replace")
        except BlockingIOError:
            data = ""
        for ch in data:
            if ch in "\r\n":
                insert_history(["\x1b[1;36m›\x1b[0m " + typed, ""])
                typed = ""
            elif ch == "\x7f":
                typed = typed[:-1]
            elif ch >= " ":
                typed += ch
        if n % 7 == 3:
            insert_history([
                "\x1b[38;2;152;195;121m•\x1b[0m Ran \x1b[1mcargo test\x1b[0m \x1b[2m(%d passed)\x1b[0m" % n,
                "  \x1b[2m└\x1b[0m \x1b[32m+\x1b[0m added line %d   \x1b[31m-\x1b[0m removed 中文 %d" % (n, n),
                "  \x1b]8;;https://example.com/pr/%d\x1b\\PR #%d\x1b]8;;\x1b\\ \x1b[4:3munderlined\x1b[4:0m" % (n, n),
            ])
        frame(n, typed, statuses[(n // 12) % len(statuses)])
        n += 1
        time.sleep(0.03)
finally:
    w("\x1b[<1u\x1b[?1004l\x1b[?2004l\x1b[?25h\x1b[%d;1H\x1b[J" % box_top)
    out.flush()
    termios.tcsetattr(fd, termios.TCSADRAIN, saved)
