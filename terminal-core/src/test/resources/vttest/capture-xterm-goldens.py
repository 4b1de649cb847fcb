#!/usr/bin/env python3
"""Captures the golden screens VttestTest compares with: vttest run in a real xterm, every screen of the given
menus printed by xterm itself.

    DISPLAY=:N capture-xterm-goldens.py OUT_DIR MENUS GEOMETRY [VTTEST ARGS...]
    e.g.  Xvfb :57 &  DISPLAY=:57 capture-xterm-goldens.py 80x24 1,2,8 80x24 24x80.80
          DISPLAY=:57 capture-xterm-goldens.py 132x24 1 132x24 24x132.132

How: xterm (Debian's, version 379) starts vttest at the given size; xdotool types the menu numbers and RETURN
between screens. xterm's print-immediate action, bound to F12, writes the screen as plain text (printAttributes
0) to a file: one line per physical row, trailing blanks trimmed. A screen is saved once it shows vttest's
"Push <RETURN>" and two prints in a row agree. F11 is bound to set-allow132(off), pressed once at the main menu:
vttest enables 80/132-column switching (DECSET 40) when it starts, and Holdfast, like most terminals in a
window, does not change the window's width when a program asks; vttest is told the width it has
("24x80.80"), as its manual says to do for such a terminal, and xterm is kept at that width too.
"""
import glob
import os
import shutil
import subprocess
import sys
import time

out_dir = sys.argv[1]
menus = sys.argv[2].split(',')
geometry = sys.argv[3]
vttest_args = sys.argv[4:]
spool = '/tmp/xterm-goldens-spool'
shutil.rmtree(spool, ignore_errors=True)
os.makedirs(spool)
os.makedirs(out_dir, exist_ok=True)

xterm = subprocess.Popen(['xterm', '-geometry', geometry,
                          '-xrm', 'XTerm*printFileImmediate: ' + spool + '/s',
                          '-xrm', 'XTerm*printOptsImmediate: 1',
                          '-xrm', 'XTerm*printAttributes: 0',
                          '-xrm', 'XTerm*VT100.translations: #override <Key>F12: print-immediate()\\n'
                                  '<Key>F11: set-allow132(off)',
                          '-e', 'vttest'] + vttest_args)


def window():
    for _ in range(100):
        found = subprocess.run(['xdotool', 'search', '--pid', str(xterm.pid)], capture_output=True, text=True)
        ids = found.stdout.split()
        if ids:
            return ids[-1]
        time.sleep(0.1)
    raise SystemExit('no xterm window')


win = window()
subprocess.run(['xdotool', 'windowfocus', '--sync', win])
time.sleep(0.5)


def key(*keys):
    subprocess.run(['xdotool', 'key'] + list(keys), check=True)


def snap():
    for f in glob.glob(spool + '/*'):
        os.remove(f)
    key('F12')
    for _ in range(100):
        files = glob.glob(spool + '/*')
        if files:
            time.sleep(0.05)
            with open(files[0]) as fh:
                return fh.read()
        time.sleep(0.05)
    raise SystemExit('xterm printed nothing')


def settled(done):
    last = None
    for _ in range(400):
        text = snap()
        if done(text) and text == last:
            return text
        last = text
        time.sleep(0.25)
    raise SystemExit('screen never settled:\n' + (last or ''))


def push(text):
    return 'Push <RETURN>' in text


def menu(text):
    return 'Enter choice number' in text


settled(menu)
key('F11')
for m in menus:
    for ch in m:
        key(ch)
    key('Return')
    n = 0
    while True:
        text = settled(lambda t: push(t) or menu(t))
        if menu(text) and not push(text):
            break
        n += 1
        with open(os.path.join(out_dir, 'menu%s-screen%02d.txt' % (m, n)), 'w') as fh:
            fh.write(text)
        key('Return')
    print('menu', m, 'screens', n)
key('0')
key('Return')
time.sleep(0.5)
xterm.terminate()
