#!/usr/bin/env python3
"""Runs a program in a pseudo-terminal and plays a scripted conversation with it.

    python3 scripts/pty-session.py --transcript FILE [--term TERM] [--step STEP]... -- PROGRAM [ARGS...]

Steps run in order:

    send:TEXT             type TEXT (backslash escapes such as \\r, \\x03 for Ctrl-C, \\x04)
    now:TEXT              type TEXT at once, without a person's pause (keys typed, or a
                          terminal's answer, while the program is asking the terminal)
    expect:TEXT           wait until the output since the last expect contains TEXT
    wait-file:PATH:TEXT   wait until the file PATH contains TEXT
    end:TEXT              type TEXT (such as \x04) until the program exits, once a second
    exits-within:SECONDS  then wait at most SECONDS for the program to exit, typing nothing

Then it waits for the program to exit, writes everything it printed to FILE, and exits
with the program's exit status; 124 when a wait timed out (after killing the program).
Used by the end-to-end test of Ctrl-C, which needs a real terminal: a terminal's Ctrl-C
becomes SIGINT only when the program has a controlling terminal.
"""

import argparse
import codecs
import fcntl
import os
import pty
import select
import signal
import struct
import sys
import termios
import time

TIMEOUT = 30
# A pause before each key typed, as a person would leave: keys typed the very moment a prompt
# appears can race libedit's terminal setup (type-ahead), which is not what these tests test.
TYPING_PAUSE = 0.3


class Session:
    def __init__(self, argv, term="xterm"):
        pid, fd = pty.fork()
        if pid == 0:
            # The test runner may have blocked or ignored SIGINT; the program must see it.
            signal.pthread_sigmask(signal.SIG_SETMASK, [])
            signal.signal(signal.SIGINT, signal.SIG_DFL)
            os.environ["TERM"] = term
            os.environ.pop("COLUMNS", None)
            # A wide window, as a person's terminal has, so titles are not cut.
            fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", 50, 200, 0, 0))
            os.execvp(argv[0], argv)
        self.pid, self.fd = pid, fd
        self.output = b""
        self.mark = 0

    def read(self, wait):
        ready, _, _ = select.select([self.fd], [], [], wait)
        if not ready:
            return True
        try:
            chunk = os.read(self.fd, 65536)
        except OSError:
            return False
        if not chunk:
            return False
        self.output += chunk
        return True

    def wait_for(self, found):
        deadline = time.monotonic() + TIMEOUT
        while time.monotonic() < deadline:
            if found():
                return True
            if not self.read(0.05):
                return found()
        return False

    def expect(self, text):
        needle = text.encode()

        def found():
            index = self.output.find(needle, self.mark)
            if index < 0:
                return False
            self.mark = index + len(needle)
            return True

        return self.wait_for(found)

    def wait_file(self, path, text):
        def found():
            try:
                with open(path, encoding="utf-8", errors="replace") as f:
                    return text in f.read()
            except OSError:
                return False

        return self.wait_for(found)

    def finish(self, keys=b"", timeout=TIMEOUT):
        deadline = time.monotonic() + timeout
        next_keys = time.monotonic()
        while time.monotonic() < deadline:
            # A key typed between the prompt being printed and libedit switching the terminal
            # to raw mode can be lost, so the closing key is typed again until it takes.
            if keys and time.monotonic() >= next_keys:
                os.write(self.fd, keys)
                next_keys = time.monotonic() + 1
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                while self.read(0):
                    if not select.select([self.fd], [], [], 0)[0]:
                        break
                return os.waitstatus_to_exitcode(status)
            self.read(0.05)
        return None

    def kill(self):
        os.kill(self.pid, signal.SIGKILL)
        os.waitpid(self.pid, 0)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--transcript", required=True)
    ap.add_argument("--step", action="append", default=[])
    ap.add_argument("--term", default="xterm", help="the TERM the program sees (default xterm)")
    ap.add_argument("argv", nargs="+")
    args = ap.parse_args()

    session = Session(args.argv, term=args.term)
    status = None
    end_keys = b""
    exit_timeout = TIMEOUT
    for step in args.step:
        kind, _, value = step.partition(":")
        if kind in ("send", "end"):
            time.sleep(TYPING_PAUSE)
        if kind == "end":
            end_keys = codecs.decode(value, "unicode_escape").encode()
            ok = True
        elif kind in ("send", "now"):
            os.write(session.fd, codecs.decode(value, "unicode_escape").encode())
            ok = True
        elif kind == "exits-within":
            exit_timeout = float(value)
            ok = True
        elif kind == "expect":
            ok = session.expect(value)
        elif kind == "wait-file":
            path, _, text = value.partition(":")
            ok = session.wait_file(path, text)
        else:
            sys.exit(f"pty-session: unknown step {step!r}")
        if not ok:
            sys.stderr.write(f"pty-session: timed out at {step!r}\n")
            session.kill()
            status = 124
            break
    if status is None:
        status = session.finish(end_keys, exit_timeout)
        if status is None:
            sys.stderr.write("pty-session: the program did not exit\n")
            session.kill()
            status = 124
    with open(args.transcript, "wb") as f:
        f.write(session.output)
    sys.exit(status if status >= 0 else 128 - status)


if __name__ == "__main__":
    main()
