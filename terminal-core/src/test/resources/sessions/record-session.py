#!/usr/bin/env python3
"""Records a real program's terminal output through a PTY, for ParserDifferentialTest's recorded sessions.

    record-session.py OUT.bin COLUMNS ROWS STEPS.json -- COMMAND [ARGS...]

STEPS.json is a list of [seconds to wait, keys to type] (keys with \\r, \\u001b escapes as JSON allows); after the
last step the recorder waits for the program to exit (at most 10 s). The output is stored as the program wrote
it, read by read: each read as a 4-byte big-endian length and its bytes, so the test can replay the real read
boundaries as well as cut the stream anywhere.

The recorder answers the queries a real terminal would (device attributes, cursor position, xterm version), so
programs draw what they draw in a terminal, not their fallback for a terminal that never answers. The cursor
position it reports is a plausible fixed one: the recording is of the program, not of any terminal.
"""
import json
import os
import pty
import select
import signal
import struct
import sys
import termios
import fcntl
import time

out_path, columns, rows, steps_path = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
command = sys.argv[sys.argv.index('--') + 1:]
steps = json.load(open(steps_path))

pid, fd = pty.fork()
if pid == 0:
    fcntl.ioctl(sys.stdout.fileno(), termios.TIOCSWINSZ, struct.pack('HHHH', rows, columns, 0, 0))
    os.environ['TERM'] = 'xterm-256color'
    os.environ['COLORTERM'] = 'truecolor'
    os.environ['COLUMNS'] = str(columns)
    os.environ['LINES'] = str(rows)
    os.execvp(command[0], command)

fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack('HHHH', rows, columns, 0, 0))
reads = []
pending = b''

ANSWERS = [
    (b'\x1b[6n', b'\x1b[1;1R'),
    (b'\x1b[c', b'\x1b[?62;22c'),
    (b'\x1b[0c', b'\x1b[?62;22c'),
    (b'\x1b[>c', b'\x1b[>0;276;0c'),
    (b'\x1b[>0c', b'\x1b[>0;276;0c'),
    (b'\x1b[>q', b'\x1bP>|xterm(276)\x1b\\'),
    (b'\x1b[?u', b''),
    (b'\x1b[5n', b'\x1b[0n'),
]


def pump(seconds):
    global pending
    end = time.time() + seconds
    while True:
        left = end - time.time()
        if left <= 0:
            return True
        r, _, _ = select.select([fd], [], [], left)
        if not r:
            continue
        try:
            data = os.read(fd, 65536)
        except OSError:
            return False
        if not data:
            return False
        reads.append(data)
        pending = (pending + data)[-64:]
        for query, answer in ANSWERS:
            if query in pending:
                pending = pending.replace(query, b'')
                if answer:
                    os.write(fd, answer)


alive = pump(1.5)
for wait, keys in steps:
    if not alive:
        break
    os.write(fd, keys.encode('utf-8'))
    alive = pump(wait)
if alive:
    deadline = time.time() + 10
    while alive and time.time() < deadline:
        alive = pump(0.5)
        done, _ = os.waitpid(pid, os.WNOHANG)
        if done:
            pump(0.3)
            break
    else:
        os.kill(pid, signal.SIGKILL)
try:
    os.waitpid(pid, 0)
except ChildProcessError:
    pass
with open(out_path, 'wb') as f:
    for data in reads:
        f.write(struct.pack('>I', len(data)))
        f.write(data)
print(out_path, len(reads), 'reads,', sum(len(d) for d in reads), 'bytes')
