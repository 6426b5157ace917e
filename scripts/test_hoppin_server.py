"""Tests for scripts/hoppin-server.py.

    python3 -m unittest discover -s scripts -p 'test_*.py'

Starts the server on a free loopback port over the first 25 movies of
sample-data/catalogue.json and checks it over HTTP.
"""

import json
import os
import subprocess
import sys
import tempfile
import time
import unittest
import urllib.error
import urllib.request
from pathlib import Path

HERE = Path(__file__).resolve().parent
SERVER = HERE / "hoppin-server.py"
CATALOGUE = HERE.parent / "sample-data"
LIMIT = 25


class HoppinServerTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        cls.log_path = Path(cls.tmp.name) / "requests.log"
        cls.proc = subprocess.Popen(
            [sys.executable, str(SERVER), "--catalogue", str(CATALOGUE), "--port", "0",
             "--limit", str(LIMIT), "--log", str(cls.log_path)],
            stdout=subprocess.PIPE, text=True,
        )
        line = cls.proc.stdout.readline().strip()
        if not line.startswith("listening on http://"):
            cls.proc.kill()
            cls.proc.wait()
            raise RuntimeError(f"server did not start: {line!r}")
        cls.base = line[len("listening on "):]
        doc = json.loads((CATALOGUE / "catalogue.json").read_text(encoding="utf-8"))
        cls.movies = doc["hoppin"]["movies"]["movie"][:LIMIT]

    @classmethod
    def tearDownClass(cls):
        cls.proc.terminate()
        try:
            cls.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            cls.proc.kill()
            cls.proc.wait()
        cls.proc.stdout.close()
        cls.tmp.cleanup()

    # -- helpers

    def get(self, path):
        """(status, content type, body bytes) for a GET."""
        try:
            with urllib.request.urlopen(self.base + path, timeout=5) as r:
                return r.status, r.headers.get("Content-Type"), r.read()
        except urllib.error.HTTPError as e:
            with e:
                return e.code, e.headers.get("Content-Type"), e.read()

    def page(self, query):
        status, _, body = self.get("/hoppin/movies?version=1&" + query)
        self.assertEqual(status, 200, body)
        doc = json.loads(body)["hoppin"]
        return doc["movies"]["movie"], doc["totalCount"]

    def ids(self, movies):
        return [m["movieId"] for m in movies]

    def expected_ids(self, key, genre=None):
        pool = [(i, m) for i, m in enumerate(self.movies)
                if genre is None or genre in m["genreIds"].split(",")]
        return [m["movieId"] for i, m in sorted(pool, key=lambda p: (key(p[1]), p[0]))]

    # -- tests

    def test_paging(self):
        by_year = self.expected_ids(lambda m: int(m["releaseDate"]))
        first, total = self.page("page=1&count=10")
        self.assertEqual(total, str(LIMIT))
        self.assertEqual(self.ids(first), by_year[:10])
        second, _ = self.page("page=2&count=10")
        self.assertEqual(self.ids(second), by_year[10:20])
        default, _ = self.page("")
        self.assertEqual(self.ids(default), by_year[:10])

    def test_single_movie_page_is_bare_object(self):
        movie, total = self.page("page=3&count=12")  # 25 = 12 + 12 + 1
        self.assertIsInstance(movie, dict)
        self.assertEqual(total, str(LIMIT))
        self.assertTrue(movie["thumbnailImage"].startswith(self.base + "/posters/"))

    def test_past_the_end_is_empty_array(self):
        movies, total = self.page("page=4&count=10")
        self.assertEqual(movies, [])
        self.assertEqual(total, str(LIMIT))

    def test_genre_filter(self):
        movies, total = self.page("genreId=4&count=100")
        expected = self.expected_ids(lambda m: int(m["releaseDate"]), genre="4")
        self.assertTrue(expected)
        self.assertEqual(total, str(len(expected)))
        movies = movies if isinstance(movies, list) else [movies]
        self.assertEqual(self.ids(movies), expected)
        self.assertEqual(self.page("genreId=99"), ([], "0"))

    def test_orders(self):
        year = lambda m: int(m["releaseDate"])
        rating = lambda m: float(m["ratingAverage"])
        cases = {
            "releasedateasc": year,
            "releasedatedesc": lambda m: -year(m),
            "ratingasc": rating,
            "ratingdesc": lambda m: -rating(m),
            "titleasc": lambda m: m["title"].casefold(),
        }
        for order, key in cases.items():
            with self.subTest(order=order):
                movies, _ = self.page(f"order={order}&count=100")
                self.assertEqual(self.ids(movies), self.expected_ids(key))

    def test_bad_requests(self):
        status, ctype, body = self.get("/hoppin/movies?order=bogus")
        self.assertEqual(status, 400)
        self.assertIn("unknown order", json.loads(body)["error"])
        self.assertEqual(self.get("/hoppin/movies?count=0")[0], 400)
        self.assertEqual(self.get("/hoppin/movies?count=1001")[0], 400)
        self.assertEqual(self.get("/nowhere")[0], 404)

    def test_poster_bytes(self):
        movie = self.movies[0]
        name = movie["thumbnailImage"].rsplit("/", 1)[1]
        status, ctype, body = self.get("/posters/" + name)
        self.assertEqual(status, 200)
        self.assertEqual(ctype, "image/png" if name.endswith(".png") else "image/jpeg")
        self.assertEqual(body, (CATALOGUE / "posters" / name).read_bytes())

    def test_path_traversal_refused(self):
        # urllib does not normalise "..", so these reach the server as written.
        for path in ("/posters/../catalogue.json", "/posters/..%2fcatalogue.json",
                     "/posters/%2e%2e%2fgenres.json", "/posters/.", "/posters/"):
            with self.subTest(path=path):
                self.assertEqual(self.get(path)[0], 404)

    def log_entries(self, wanted, timeout=10):
        """The log's entries that `wanted` accepts, once there are any: the server writes
        the log from its own thread, so the test waits for the line, with a deadline."""
        deadline = time.monotonic() + timeout
        while True:
            text = self.log_path.read_text(encoding="utf-8") if self.log_path.exists() else ""
            # A line still being written has no newline yet; it is read on the next round.
            lines = text.split("\n")[:-1]
            match = [e for e in map(json.loads, lines) if wanted(e)]
            if match or time.monotonic() > deadline:
                return match
            time.sleep(0.01)

    def test_log(self):
        self.page("page=2&count=5&genreId=&order=ratingdesc&count=7")
        match = self.log_entries(lambda e: e["query"].get("order") == "ratingdesc"
                                 and e["query"].get("page") == "2")
        self.assertEqual(len(match), 1)
        e = match[0]
        self.assertEqual(e["method"], "GET")
        self.assertEqual(e["path"], "/hoppin/movies")
        self.assertEqual(e["query"], {"version": "1", "page": "2", "count": "7",
                                      "genreId": "", "order": "ratingdesc"})
        self.assertEqual(e["status"], 200)
        self.assertIsInstance(e["bytes"], int)
        self.assertGreater(e["bytes"], 0)


if __name__ == "__main__":
    unittest.main()


class ServerOptionsTest(unittest.TestCase):
    """--repeat and --latency, which the benchmark uses, each on a server of its own."""

    def start(self, *args):
        proc = subprocess.Popen(
            [sys.executable, str(SERVER), "--catalogue", str(CATALOGUE), "--port", "0",
             "--limit", str(LIMIT), *args],
            stdout=subprocess.PIPE, text=True,
        )
        self.addCleanup(proc.stdout.close)
        self.addCleanup(proc.wait)
        self.addCleanup(proc.kill)
        line = proc.stdout.readline().strip()
        self.assertTrue(line.startswith("listening on http://"), line)
        return line[len("listening on "):]

    def fetch(self, base, query):
        with urllib.request.urlopen(base + "/hoppin/movies?version=1&" + query, timeout=10) as r:
            return json.loads(r.read())["hoppin"]

    def test_repeat_serves_copies_with_new_ids(self):
        base = self.start("--repeat", "3")
        doc = self.fetch(base, f"page=1&count={3 * LIMIT}&order=titleasc")
        movies = doc["movies"]["movie"]
        self.assertEqual(doc["totalCount"], str(3 * LIMIT))
        ids = [m["movieId"] for m in movies]
        self.assertEqual(len(set(ids)), 3 * LIMIT)
        titles = [m["title"] for m in movies]
        for title in set(titles):
            self.assertEqual(titles.count(title) % 3, 0, title)

    def test_latency_delays_every_answer(self):
        base = self.start("--latency", "200")
        started = time.monotonic()
        self.fetch(base, "page=1&count=1")
        self.assertGreaterEqual(time.monotonic() - started, 0.2)
