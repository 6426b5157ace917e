"""Tests for scripts/install-deps: what `scripts/run` installs, and what `scripts/test` adds.

    python3 -m unittest discover -s scripts -p 'test_*.py'

Each script runs with a PATH of stand-ins on which nothing is installed: an `apt-get` that
records what it was asked to install, a `pkg-config` that finds nothing and a `swift` that
builds nothing, so no package is installed and nothing is built.
"""

import os
import shutil
import stat
import subprocess
import tempfile
import unittest
from pathlib import Path

HERE = Path(__file__).resolve().parent
# Packages only the tests need; running `movies` needs none of them.
TEST_ONLY = {
    "python3", "tmux", "mpv", "xvfb", "xterm", "x11-apps", "imagemagick", "xdotool",
    "libsixel-bin", "dpkg-dev", "lintian", "man-db", "bash-completion",
}
# A few that running needs.
RUNNING = {"libedit-dev", "libcurl4-openssl-dev", "libsqlite3-dev", "libchafa-dev", "fzf"}


class InstallDepsTest(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.addCleanup(self.tmp.cleanup)
        self.bin = Path(self.tmp.name) / "bin"
        self.bin.mkdir()
        self.log = Path(self.tmp.name) / "apt-get.log"
        for tool in ("bash", "dirname", "id"):
            found = shutil.which(tool)
            self.assertIsNotNone(found, tool)
            os.symlink(found, self.bin / tool)
        self.stub("apt-get", f'echo "$@" >> {self.log}')
        self.stub("sudo", 'exec "$@"')
        self.stub("pkg-config", "exit 1")
        self.stub("swift", 'case "$*" in *--show-bin-path*) echo /nonexistent ;; esac')

    def stub(self, name, body):
        path = self.bin / name
        path.write_text("#!/bin/sh\n" + body + "\n")
        path.chmod(path.stat().st_mode | stat.S_IXUSR)

    def installed(self, *command):
        subprocess.run(
            ["/bin/bash", *command], cwd=HERE.parent, env={"PATH": str(self.bin)},
            capture_output=True, timeout=60)
        lines = self.log.read_text().splitlines() if self.log.exists() else []
        installs = [line.split() for line in lines if line.split()[:1] == ["install"]]
        self.assertEqual(len(installs), 1, lines)
        return {word for word in installs[0] if not word.startswith("-")} - {"install"}

    def test_run_installs_what_running_needs_and_no_test_tool(self):
        packages = self.installed(str(HERE / "run"))
        self.assertTrue(RUNNING <= packages, packages)
        self.assertFalse(TEST_ONLY & packages, packages)

    def test_the_tests_get_everything(self):
        packages = self.installed(str(HERE / "install-deps"))
        # ImageMagick and bash-completion are looked for by path, which PATH does not hide.
        self.assertTrue(RUNNING | TEST_ONLY - {"imagemagick", "bash-completion"} <= packages,
                        packages)

    def test_an_unknown_option_is_refused(self):
        result = subprocess.run(
            ["/bin/bash", str(HERE / "install-deps"), "--tests"], env={"PATH": str(self.bin)},
            capture_output=True, text=True, timeout=60)
        self.assertEqual(result.returncode, 2)
        self.assertIn("usage: scripts/install-deps [--run]", result.stderr)
        self.assertFalse(self.log.exists())


if __name__ == "__main__":
    unittest.main()
