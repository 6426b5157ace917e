"""Tests for scripts/tmdb-server.py.

    python3 -m unittest discover -s scripts -p 'test_*.py'

Starts the server on a free loopback port over the first 45 films and checks it over HTTP
against the shapes of TMDb's API: pages of 20, the error bodies, auth, the page cap and the
rate limit.
"""

import json
import subprocess
import sys
import tempfile
import time
import unittest
import urllib.error
import urllib.request
from pathlib import Path

HERE = Path(__file__).resolve().parent
SERVER = HERE / "tmdb-server.py"
KEY = "k3y-for-tests"
TOKEN = "t0ken-for-tests"


def start(test, *args):
    """Starts a server; returns its base URL. Stopped when the test (or class) ends."""
    proc = subprocess.Popen(
        [sys.executable, str(SERVER), "--port", "0", "--api-key", KEY, "--access-token", TOKEN,
         *args], stdout=subprocess.PIPE, text=True)
    line = proc.stdout.readline().strip()
    if not line.startswith("listening on http://"):
        proc.kill()
        proc.wait()
        raise RuntimeError(f"server did not start: {line!r}")
    test.procs.append(proc)
    return line[len("listening on "):]


def stop(procs):
    for proc in procs:
        proc.kill()
        proc.wait()
        proc.stdout.close()


class TMDbServerTest(unittest.TestCase):
    procs = []

    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        cls.log_path = Path(cls.tmp.name) / "requests.log"
        cls.base = start(cls, "--limit", "45", "--log", str(cls.log_path), "--rate-limit", "1000")

    @classmethod
    def tearDownClass(cls):
        stop(cls.procs)
        cls.tmp.cleanup()

    def get(self, path, key=KEY, headers=None):
        """(status, headers, parsed JSON or raw bytes)."""
        if key is not None:
            path += ("&" if "?" in path else "?") + "api_key=" + key
        request = urllib.request.Request(self.base + path, headers=headers or {})
        try:
            with urllib.request.urlopen(request, timeout=10) as r:
                status, head, body = r.status, r.headers, r.read()
        except urllib.error.HTTPError as e:
            with e:
                status, head, body = e.code, e.headers, e.read()
        if head.get("Content-Type", "").startswith("application/json"):
            body = json.loads(body)
        return status, head, body

    def test_discover_pages_of_twenty(self):
        status, _, first = self.get("/3/discover/movie?page=1")
        self.assertEqual(status, 200)
        self.assertEqual((first["page"], first["total_results"], first["total_pages"]), (1, 45, 3))
        self.assertEqual(len(first["results"]), 20)
        item = first["results"][0]
        for field in ("id", "title", "original_title", "overview", "release_date", "genre_ids",
                      "poster_path", "vote_average", "vote_count", "popularity", "adult"):
            self.assertIn(field, item)
        popularity = [m["popularity"] for m in first["results"]]
        self.assertEqual(popularity, sorted(popularity, reverse=True))
        _, _, third = self.get("/3/discover/movie?page=3")
        self.assertEqual(len(third["results"]), 5)
        ids = {m["id"] for p in (1, 2, 3) for m in self.get(f"/3/discover/movie?page={p}")[2]["results"]}
        self.assertEqual(len(ids), 45)

    def test_sorts_and_filters(self):
        _, _, page = self.get("/3/discover/movie?sort_by=primary_release_date.asc")
        dates = [m["release_date"] for m in page["results"]]
        self.assertEqual(dates, sorted(dates))
        _, _, page = self.get("/3/discover/movie?sort_by=vote_average.desc&vote_count.gte=100")
        self.assertTrue(all(m["vote_count"] >= 100 for m in page["results"]))
        ratings = [m["vote_average"] for m in page["results"]]
        self.assertEqual(ratings, sorted(ratings, reverse=True))
        _, _, page = self.get("/3/discover/movie?with_genres=35")
        self.assertTrue(page["results"])
        self.assertTrue(all(35 in m["genre_ids"] for m in page["results"]))

    def test_runtime_and_streaming_filters(self):
        _, _, page = self.get("/3/discover/movie?with_runtime.gte=80&with_runtime.lte=100")
        self.assertTrue(page["results"])
        for item in page["results"]:
            _, _, movie = self.get(f"/3/movie/{item['id']}")
            self.assertTrue(80 <= movie["runtime"] <= 100, movie)
        status, _, services = self.get("/3/watch/providers/movie?watch_region=DE")
        self.assertEqual(status, 200)
        netflix = [s for s in services["results"] if s["provider_name"] == "Netflix"][0]
        for field in ("provider_id", "logo_path", "display_priority", "display_priorities"):
            self.assertIn(field, netflix)
        query = (f"with_watch_providers={netflix['provider_id']}&watch_region=DE"
                 "&with_watch_monetization_types=flatrate")
        _, _, page = self.get("/3/discover/movie?" + query)
        self.assertTrue(page["results"])
        for item in page["results"]:
            _, _, where = self.get(f"/3/movie/{item['id']}/watch/providers")
            names = [p["provider_name"] for p in where["results"]["DE"].get("flatrate", [])]
            self.assertIn("Netflix", names)
        status, _, _ = self.get("/3/discover/movie?with_watch_providers=x&watch_region=DE")
        self.assertEqual(status, 422)

    def test_page_cap_and_bad_page(self):
        for page in ("0", "501", "x"):
            with self.subTest(page=page):
                status, _, body = self.get("/3/discover/movie?page=" + page)
                self.assertEqual(status, 400)
                self.assertEqual(body["status_code"], 22)
                self.assertIs(body["success"], False)
        self.assertEqual(self.get("/3/discover/movie?page=500")[0], 200)

    def test_auth(self):
        status, _, body = self.get("/3/discover/movie", key=None)
        self.assertEqual((status, body["status_code"]), (401, 7))
        self.assertEqual(self.get("/3/discover/movie", key="wrong")[0], 401)
        status, _, _ = self.get("/3/discover/movie", key=None,
                                headers={"Authorization": "Bearer " + TOKEN})
        self.assertEqual(status, 200)
        self.assertEqual(self.get("/3/genre/movie/list", key=None,
                                  headers={"Authorization": "Bearer nope"})[0], 401)

    def test_search(self):
        _, _, all_films = self.get("/3/discover/movie?page=1")
        title = all_films["results"][0]["title"]
        word = title.split()[0]
        _, _, found = self.get("/3/search/movie?query=" + urllib.parse.quote(word.lower()))
        self.assertIn(title, [m["title"] for m in found["results"]])
        self.assertTrue(all(word.casefold() in m["title"].casefold() for m in found["results"]))
        year = all_films["results"][0]["release_date"][:4]
        _, _, found = self.get(f"/3/search/movie?query={urllib.parse.quote(word)}"
                               f"&primary_release_year={year}")
        self.assertTrue(all(m["release_date"].startswith(year) for m in found["results"]))
        _, _, empty = self.get("/3/search/movie?query=")
        self.assertEqual(empty["results"], [])

    def test_genres_configuration_and_posters(self):
        _, _, genres = self.get("/3/genre/movie/list")
        self.assertIn({"id": 18, "name": "Drama"}, genres["genres"])
        _, _, config = self.get("/3/configuration")
        images = config["images"]
        self.assertEqual(images["secure_base_url"], self.base + "/t/p/")
        self.assertIn("w342", images["poster_sizes"])
        _, _, page = self.get("/3/discover/movie")
        with_poster = next(m for m in page["results"] if m["poster_path"])
        status, head, body = self.get("/t/p/w342" + with_poster["poster_path"], key=None)
        self.assertEqual((status, head["Content-Type"]), (200, "image/png"))
        self.assertTrue(body.startswith(b"\x89PNG"))
        self.assertEqual(int.from_bytes(body[16:20], "big"), 342)
        self.assertEqual(self.get("/t/p/w342/p999999.png", key=None)[0], 404)
        self.assertEqual(self.get("/t/p/w1/" + with_poster["poster_path"], key=None)[0], 404)

    def test_details_and_providers(self):
        _, _, page = self.get("/3/discover/movie")
        ident = page["results"][0]["id"]
        status, _, movie = self.get(f"/3/movie/{ident}")
        self.assertEqual(status, 200)
        for field in ("runtime", "tagline", "overview", "imdb_id", "budget", "revenue", "status"):
            self.assertIn(field, movie)
        _, _, where = self.get(f"/3/movie/{ident}/watch/providers")
        self.assertEqual(where["id"], ident)
        status, _, body = self.get("/3/movie/99999999")
        self.assertEqual((status, body["status_code"]), (404, 34))

    def test_details_append_credits_videos_providers_and_recommendations(self):
        _, _, page = self.get("/3/discover/movie")
        ident = next(m["id"] for m in page["results"] if m["id"] % 6 and m["genre_ids"])
        parts = "credits,videos,watch/providers,recommendations"
        _, _, movie = self.get(f"/3/movie/{ident}?append_to_response={parts}")
        directors = [c["name"] for c in movie["credits"]["crew"] if c["job"] == "Director"]
        self.assertTrue(directors)
        orders = [c["order"] for c in movie["credits"]["cast"]]
        self.assertEqual(sorted(orders), list(range(len(orders))))
        self.assertNotEqual(orders, sorted(orders), "listed out of billing order")
        kinds = [(v["type"], v["official"]) for v in movie["videos"]["results"]]
        self.assertIn(("Trailer", True), kinds)
        self.assertEqual(movie["watch/providers"]["id"], ident)
        liked = movie["recommendations"]["results"]
        self.assertTrue(liked and all(m["id"] != ident for m in liked))
        _, _, alone = self.get(f"/3/movie/{ident}/recommendations")
        self.assertEqual(alone["results"], liked)
        _, _, plain = self.get(f"/3/movie/{ident}")
        self.assertNotIn("credits", plain)
        status, _, _ = self.get(f"/3/movie/{ident}?append_to_response=" + ",".join(["videos"] * 21))
        self.assertEqual(status, 422)

    def test_log_has_the_query_and_the_header(self):
        self.get("/3/genre/movie/list?language=fr-FR")
        self.get("/3/configuration", key=None, headers={"Authorization": "Bearer " + TOKEN})
        deadline = time.monotonic() + 10
        while True:
            lines = self.log_path.read_text().split("\n")[:-1]
            entries = [json.loads(line) for line in lines]
            genre = [e for e in entries if e["query"].get("language") == "fr-FR"]
            bearer = [e for e in entries if e["authorization"] == "Bearer " + TOKEN
                      and e["path"] == "/3/configuration"]
            if (genre and bearer) or time.monotonic() > deadline:
                break
            time.sleep(0.01)
        self.assertEqual(genre[0]["path"], "/3/genre/movie/list")
        self.assertEqual(genre[0]["query"]["api_key"], KEY)
        self.assertNotIn("api_key", bearer[0]["query"])
        self.assertEqual(bearer[0]["status"], 200)


class RateLimitTest(unittest.TestCase):
    procs = []

    def tearDown(self):
        stop(self.procs)
        self.procs.clear()

    def test_over_the_limit_is_429_with_retry_after(self):
        base = start(self, "--limit", "45", "--rate-limit", "5", "--retry-after", "2")
        statuses = []
        for _ in range(8):
            try:
                with urllib.request.urlopen(base + "/3/genre/movie/list?api_key=" + KEY) as r:
                    statuses.append(r.status)
            except urllib.error.HTTPError as e:
                with e:
                    statuses.append(e.code)
                    retry_after, body = e.headers.get("Retry-After"), json.loads(e.read())
        self.assertEqual(statuses[:5], [200] * 5)
        self.assertIn(429, statuses[5:])
        self.assertEqual(retry_after, "2")
        self.assertEqual(body["status_code"], 25)

    def test_fail_option_quotes_the_message(self):
        base = start(self, "--limit", "45", "--fail", "/3/movie/", "--fail-status", "503",
                     "--fail-message", "Down \x1b[31m for maintenance")
        try:
            urllib.request.urlopen(base + "/3/movie/2?api_key=" + KEY)
            self.fail("no error")
        except urllib.error.HTTPError as e:
            with e:
                self.assertEqual(e.code, 503)
                self.assertEqual(json.loads(e.read())["status_message"],
                                 "Down \x1b[31m for maintenance")

    def test_details_delay_slows_movie_details_alone(self):
        base = start(self, "--limit", "45", "--details-delay", "1.5")

        def timed(path):
            started = time.monotonic()
            with urllib.request.urlopen(base + path + "?api_key=" + KEY, timeout=10) as r:
                body = json.loads(r.read())
            return time.monotonic() - started, body

        quick, page = timed("/3/discover/movie")
        ident = page["results"][0]["id"]
        slow, movie = timed(f"/3/movie/{ident}")
        providers, _ = timed(f"/3/movie/{ident}/watch/providers")
        self.assertLess(quick, 1.0)
        self.assertGreaterEqual(slow, 1.5)
        self.assertEqual(movie["id"], ident)
        self.assertLess(providers, 1.0)


class ClaimedPagesTest(unittest.TestCase):
    def test_claimed_pages_make_a_search_endless(self):
        self.procs = []
        base = start(self, "--limit", "40", "--claimed-pages", "100001")
        self.addCleanup(stop, self.procs)
        request = urllib.request.Request(base + "/3/search/movie?query=e&page=400&api_key=" + KEY)
        with urllib.request.urlopen(request, timeout=10) as r:
            found = json.load(r)
        self.assertEqual(found["total_pages"], 100001)
        self.assertTrue(found["results"], "past its end, its first page again")


if __name__ == "__main__":
    unittest.main()
