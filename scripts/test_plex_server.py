"""Tests for scripts/plex-server.py.

    python3 -m unittest discover -s scripts -p 'test_*.py'

Starts the server on a free loopback port over the first 60 movies of the IMDb CSV and checks
it over HTTP against what Plex's documents show: the token, XML or JSON, paging by the
container headers, sorts and filters, metadata, posters and the request log.
"""

import csv
import json
import tempfile
import unittest
import urllib.error
import urllib.request
import xml.etree.ElementTree as ET
from pathlib import Path

from local_server import start_for_test

HERE = Path(__file__).resolve().parent
CSV = HERE.parent / "Tests" / "Data" / "imdb-movies.csv"
LIMIT = 60
TOKEN = "test-plex-token"


def start_server(cleanups, *args):
    """Starts a server over the first LIMIT films; stopped by `cleanups`."""
    return start_for_test("plex-server.py", cleanups, "--csv", str(CSV), "--limit", str(LIMIT), *args)


def fetch(base, path, token=TOKEN, headers=None, accept="application/json"):
    """(status, headers, body); token None sends none."""
    request = urllib.request.Request(base + path, headers=headers or {})
    if token is not None:
        request.add_header("X-Plex-Token", token)
    if accept:
        request.add_header("Accept", accept)
    try:
        with urllib.request.urlopen(request, timeout=10) as r:
            return r.status, r.headers, r.read()
    except urllib.error.HTTPError as e:
        with e:
            return e.code, e.headers, e.read()


class PlexServerTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        cls.addClassCleanup(cls.tmp.cleanup)
        cls.log_path = Path(cls.tmp.name) / "requests.log"
        cls.base = start_server(cls.addClassCleanup, "--log", str(cls.log_path))
        with open(CSV, newline="", encoding="utf-8") as f:
            cls.rows = list(csv.DictReader(f))[:LIMIT]

    def container(self, path, headers=None):
        status, _, body = fetch(self.base, path, headers=headers)
        self.assertEqual(status, 200, body)
        return json.loads(body)["MediaContainer"]

    def page(self, query="", start=None, size=None, section="1"):
        headers = {}
        if start is not None:
            headers["X-Plex-Container-Start"] = str(start)
        if size is not None:
            headers["X-Plex-Container-Size"] = str(size)
        return self.container(f"/library/sections/{section}/all?type=1{query}", headers)

    def titles(self, container):
        return [m["title"] for m in container.get("Metadata", [])]

    def log(self):
        return [json.loads(line) for line in self.log_path.read_text().splitlines()]

    def test_every_route_needs_the_token(self):
        for path in ("/identity", "/library/sections", "/library/sections/1/all",
                     "/library/metadata/1001", "/:/timeline", "/library/metadata/1001/thumb/1"):
            with self.subTest(path=path):
                for token in (None, "wrong"):
                    status, headers, body = fetch(self.base, path, token=token)
                    self.assertEqual(status, 401)
                    self.assertIn(b"401 Unauthorized", body)
                    self.assertTrue(headers["Content-Type"].startswith("text/html"))

    def test_the_token_in_a_url_works_and_is_logged_as_such(self):
        status, _, _ = fetch(self.base, f"/identity?X-Plex-Token={TOKEN}&probe=url", token=None)
        self.assertEqual(status, 200)
        entry = next(e for e in self.log() if e["query"].get("probe") == "url")
        self.assertEqual(entry["tokenVia"], "url")
        self.assertNotIn("X-Plex-Token", entry["query"])
        fetch(self.base, "/identity?probe=header")
        entry = next(e for e in self.log() if e["query"].get("probe") == "header")
        self.assertEqual((entry["tokenVia"], entry["tokenValid"]), ("header", True))

    def test_xml_unless_json_is_asked_for(self):
        status, headers, body = fetch(self.base, "/identity", accept=None)
        self.assertEqual(status, 200)
        self.assertIn("xml", headers["Content-Type"])
        root = ET.fromstring(body)
        self.assertEqual(root.tag, "MediaContainer")
        self.assertEqual(len(root.get("machineIdentifier")), 40)
        _, _, body = fetch(self.base, "/library/sections/1/all?type=1", accept="application/xml")
        self.assertEqual([v.tag for v in ET.fromstring(body)][:1], ["Video"])
        self.assertIn("machineIdentifier", self.container("/identity"))

    def test_sections(self):
        dirs = self.container("/library/sections")["Directory"]
        self.assertEqual([(d["key"], d["type"], d["title"]) for d in dirs],
                         [("1", "movie", "Movies"), ("2", "show", "TV Shows"),
                          ("3", "movie", "Films 4K")])

    def test_paging_by_container_headers_and_parameters(self):
        first = self.page(start=0, size=25)
        self.assertEqual((first["size"], first["totalSize"], first["offset"]), (25, LIMIT, 0))
        self.assertEqual(self.titles(first), [r["title"] for r in self.rows[:25]])
        last = self.page(start=50, size=25)
        self.assertEqual(self.titles(last), [r["title"] for r in self.rows[50:]])
        self.assertEqual(self.page(start=60, size=25)["size"], 0)
        by_url = self.page("&X-Plex-Container-Start=3&X-Plex-Container-Size=2")
        self.assertEqual(self.titles(by_url), [r["title"] for r in self.rows[3:5]])
        self.assertNotIn("totalSize", self.page())  # Plex counts only a paged list
        self.assertEqual(fetch(self.base, "/library/sections/1/all",
                               headers={"X-Plex-Container-Size": "x"})[0], 400)

    def test_sorts(self):
        def check(sort, key, reverse):
            titles = self.titles(self.page(f"&sort={sort}"))
            ordered = [m for m in self.page()["Metadata"] if key(m) is not None]
            expected = [m["title"] for m in sorted(ordered, key=key, reverse=reverse)]
            self.assertEqual(titles[:len(expected)][:5], expected[:5], sort)
        check("addedAt:desc", lambda m: m["addedAt"], True)
        check("audienceRating:desc", lambda m: m.get("audienceRating"), True)
        check("originallyAvailableAt", lambda m: m.get("originallyAvailableAt"), False)
        check("originallyAvailableAt:desc", lambda m: m.get("originallyAvailableAt"), True)
        titles = self.titles(self.page("&sort=titleSort"))
        sorts = [m.get("titleSort", m["title"]).casefold() for m in self.page("&sort=titleSort")["Metadata"]]
        self.assertEqual(sorts, sorted(sorts))
        self.assertEqual(len(titles), LIMIT)
        self.assertEqual(fetch(self.base, "/library/sections/1/all?sort=nonsense")[0], 400)

    def test_filters(self):
        genres = self.container("/library/sections/1/genre")["Directory"]
        comedy = next(g for g in genres if g["title"] == "Comedy")
        found = self.page(f"&genre={comedy['key']}")
        self.assertEqual(self.titles(found), [r["title"] for r in self.rows if r["Comedy"] == "1"])
        self.assertEqual(self.titles(self.page("&title=LOVE")),
                         [r["title"] for r in self.rows if "love" in r["title"].casefold()])
        years = [m["year"] for m in self.page("&year>>=1990&year<<=2000")["Metadata"]]
        self.assertTrue(years and all(1990 <= y <= 2000 for y in years))
        rated = self.page("&audienceRating>>=7")["Metadata"]
        self.assertTrue(rated and all(m["audienceRating"] >= 7 for m in rated))
        self.assertTrue(all("viewCount" not in m for m in self.page("&unwatched=1")["Metadata"]))

    def test_metadata_details(self):
        film = self.container("/library/metadata/1003")["Metadata"][0]
        row = self.rows[2]
        self.assertEqual(film["title"], row["title"])
        self.assertEqual(film["duration"], int(row["length"]) * 60_000)
        for name in ("summary", "tagline", "year", "Genre", "Director", "Role", "Media"):
            self.assertIn(name, film)
        self.assertTrue(film["Media"][0]["Part"][0]["key"].startswith("/library/parts/1003/"))
        self.assertEqual(film["viewOffset"] % 1, 0)
        self.assertTrue(film["thumb"].startswith("/library/metadata/1003/thumb/"))
        self.assertEqual(fetch(self.base, "/library/metadata/999999")[0], 404)
        self.assertIn("size", self.container("/library/metadata/1003/similar"))
        deck = self.container("/library/sections/1/onDeck")["Metadata"]
        self.assertTrue(deck and all(m["viewOffset"] > 0 for m in deck))

    def test_extras_hold_the_trailer_when_asked(self):
        self.assertNotIn("Extras", self.container("/library/metadata/1001")["Metadata"][0])
        film = self.container("/library/metadata/1001?includeExtras=1")["Metadata"][0]
        kinds = [e["extraType"] for e in film["Extras"]["Metadata"]]
        self.assertEqual(kinds, [5, 1], "a clip first: only extraType says which is the trailer")
        trailer = film["Extras"]["Metadata"][1]["Media"][0]["Part"][0]["key"]
        status, _, body = fetch(self.base, trailer)
        self.assertEqual((status, body[:25]), (200, b"PLEX-TEST-STREAM trailer "))
        none = self.container("/library/metadata/1004?includeExtras=1")["Metadata"][0]
        self.assertEqual([e["extraType"] for e in none["Extras"]["Metadata"]], [5])

    def test_search_hub(self):
        hubs = self.container("/hubs/search?query=love")["Hub"]
        self.assertEqual(hubs[0]["type"], "movie")
        self.assertTrue(all("love" in m["title"].casefold() for m in hubs[0]["Metadata"]))

    def test_posters_stream_and_reports(self):
        thumb = self.container("/library/metadata/1001")["Metadata"][0]["thumb"]
        status, headers, body = fetch(self.base, thumb)
        self.assertEqual((status, headers["Content-Type"], body[:4]), (200, "image/png", b"\x89PNG"))
        status, _, small = fetch(self.base, f"/photo/:/transcode?url={thumb}&width=40&height=60")
        self.assertEqual(status, 200)
        self.assertLess(len(small), len(body))
        self.assertEqual(fetch(self.base, thumb[:-1] + "0")[0], 404)  # an old timestamp
        self.assertEqual(fetch(self.base, "/library/metadata/1007")[0], 200)
        self.assertNotIn("thumb", self.container("/library/metadata/1007")["Metadata"][0])
        part = self.container("/library/metadata/1001")["Metadata"][0]["Media"][0]["Part"][0]
        status, _, stream = fetch(self.base, part["key"])
        self.assertEqual((status, stream[:17]), (200, b"PLEX-TEST-STREAM "))
        for path in ("/:/timeline?ratingKey=1001&key=/library/metadata/1001&state=playing"
                     "&time=1000&duration=5000",
                     "/:/scrobble?key=1001&identifier=com.plexapp.plugins.library"):
            self.assertEqual(fetch(self.base, path)[0], 200)

    def test_the_timeline_and_scrobble_are_read_back(self):
        def film():
            return self.container("/library/metadata/1002")["Metadata"][0]
        views = film().get("viewCount", 0)
        timeline = ("/:/timeline?ratingKey=1002&key=%2Flibrary%2Fmetadata%2F1002&state=stopped"
                    "&time=61000&duration=6000000")
        self.assertEqual(fetch(self.base, timeline)[0], 200)
        self.assertEqual(film()["viewOffset"], 61000)
        scrobble = "/:/scrobble?key=1002&identifier=com.plexapp.plugins.library"
        self.assertEqual(fetch(self.base, scrobble)[0], 200)
        self.assertEqual((film().get("viewOffset"), film()["viewCount"]), (None, views + 1))
        unscrobble = "/:/unscrobble?key=1002&identifier=com.plexapp.plugins.library"
        self.assertEqual(fetch(self.base, unscrobble)[0], 200)
        self.assertEqual((film().get("viewOffset"), film().get("viewCount")), (None, None))
        self.assertEqual(fetch(self.base, "/:/unscrobble?key=1002")[0], 400)
        for bad in ("/:/timeline?ratingKey=1002&key=/library/metadata/1002&state=gone&time=1"
                    "&duration=1", "/:/timeline?ratingKey=9&key=/library/metadata/9"
                    "&state=playing&time=1&duration=1", "/:/scrobble?key=1002"):
            with self.subTest(path=bad):
                self.assertIn(fetch(self.base, bad)[0], (400, 404))

    # -- tracks (issue 40)

    def test_a_films_streams_and_its_external_subtitle(self):
        key = self.page(size=1)["Metadata"][0]["ratingKey"]
        listed = self.page(size=1)["Metadata"][0]["Media"][0]["Part"][0]
        self.assertNotIn("Stream", listed, "only the film's own metadata has them")
        entry = self.container(f"/library/metadata/{key}")["Metadata"][0]
        streams = entry["Media"][0]["Part"][0]["Stream"]
        self.assertEqual([(s["streamType"], s.get("languageCode")) for s in streams],
                         [(1, None), (2, "eng"), (2, "jpn"), (3, "eng"), (3, "fre")])
        external = streams[-1]
        status, _, body = fetch(self.base, external["key"])
        self.assertEqual(status, 200)
        self.assertIn(f"Sous-titres de {entry['title']}".encode(), body)
        self.assertEqual(fetch(self.base, external["key"], token=None)[0], 401)
        self.assertEqual(fetch(self.base, f"/library/streams/{key}4")[0], 404, "inside the file")


class PlexFaultTest(unittest.TestCase):
    def test_unavailable_answers_503_with_retry_after_then_recovers(self):
        base = start_server(self.addCleanup, "--fault", "unavailable", "--fault-times", "1")
        status, headers, _ = fetch(base, "/library/sections/1/all")
        self.assertEqual((status, headers["Retry-After"]), (503, "1"))
        self.assertEqual(fetch(base, "/library/sections/1/all")[0], 200)

    def test_lying_total_claims_more_than_there_is(self):
        base = start_server(self.addCleanup, "--fault", "lying-total")
        _, _, body = fetch(base, "/library/sections/1/all",
                           headers={"X-Plex-Container-Start": "0", "X-Plex-Container-Size": "5"})
        self.assertEqual(json.loads(body)["MediaContainer"]["totalSize"], LIMIT + 1000)

    def test_claimed_total_makes_a_search_endless(self):
        base = start_server(self.addCleanup, "--claimed-total", "20000200")
        paging = {"X-Plex-Container-Start": "5000", "X-Plex-Container-Size": "5"}
        _, _, body = fetch(base, "/library/sections/1/all?title=e", headers=paging)
        container = json.loads(body)["MediaContainer"]
        self.assertEqual(container["totalSize"], 20000200)
        self.assertEqual(container["size"], 5, "past its end, its first page again")
        _, _, body = fetch(base, "/library/sections/1/all", headers=paging)
        self.assertEqual(json.loads(body)["MediaContainer"]["totalSize"], LIMIT, "not a search")


if __name__ == "__main__":
    unittest.main()
