"""Tests for scripts/jellyfin-server.py.

    python3 -m unittest discover -s scripts -p 'test_*.py'

Starts the server on a free loopback port over the first 60 movies of the IMDb CSV and checks
it over HTTP against what Jellyfin's OpenAPI document promises.
"""

import csv
import http.client
import json
import socket
import tempfile
import time
import unittest
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

import jellyfin_library

from local_server import start_for_test

HERE = Path(__file__).resolve().parent
CSV = HERE.parent / "Tests" / "Data" / "imdb-movies.csv"
LIMIT = 60
API_KEY = "test-api-key"


def header(token, client="movies"):
    return (f'MediaBrowser Client="{client}", Device="test", DeviceId="dev-1", '
            f'Version="1.0", Token="{token}"')


def start_server(cleanups, *args):
    """Starts a server over the first LIMIT films; stopped by `cleanups`."""
    return start_for_test("jellyfin-server.py", cleanups, "--csv", str(CSV), "--limit", str(LIMIT), *args)


class JellyfinServerTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        cls.addClassCleanup(cls.tmp.cleanup)
        cls.log_path = Path(cls.tmp.name) / "requests.log"
        cls.base = start_server(cls.addClassCleanup, "--log", str(cls.log_path))
        with open(CSV, newline="", encoding="utf-8") as f:
            cls.rows = list(csv.DictReader(f))[:LIMIT]

    def get(self, path, token=API_KEY, headers=None):
        """(status, content type, body) for a GET; token None sends no Authorization."""
        request = urllib.request.Request(self.base + path, headers=headers or {})
        if token is not None:
            request.add_header("Authorization", header(token))
        try:
            with urllib.request.urlopen(request, timeout=10) as r:
                return r.status, r.headers.get("Content-Type"), r.read()
        except urllib.error.HTTPError as e:
            with e:
                return e.code, e.headers.get("Content-Type"), e.read()

    def json(self, path, token=API_KEY):
        status, _, body = self.get(path, token)
        self.assertEqual(status, 200, body)
        return json.loads(body)

    def user_id(self, name):
        return next(u["Id"] for u in self.json("/Users") if u["Name"] == name)

    def movies(self, query, token=API_KEY):
        return self.json("/Items?IncludeItemTypes=Movie&Recursive=true&" + query, token)

    def names(self, doc):
        return [i["Name"] for i in doc["Items"]]

    # -- authorization

    def test_every_api_route_needs_the_mediabrowser_header(self):
        for path in ("/Items?Recursive=true", "/Users", "/Users/Me", "/Genres"):
            with self.subTest(path=path):
                self.assertEqual(self.get(path, token=None)[0], 401)
                self.assertEqual(self.get(path, token="wrong")[0], 401)

    def test_legacy_token_forms_are_refused(self):
        self.assertEqual(self.get("/Users", None, {"X-Emby-Token": API_KEY})[0], 401)
        self.assertEqual(self.get(f"/Users?api_key={API_KEY}", None)[0], 401)
        self.assertEqual(self.get("/Users", None, {"Authorization": f"Bearer {API_KEY}"})[0], 401)

    def test_users_me_needs_a_user_token(self):
        self.assertEqual(self.json("/Users/Me", "bob-token")["Name"], "bob")
        status, _, body = self.get("/Users/Me")
        self.assertEqual(status, 400)
        self.assertIn("not owned by a user", json.loads(body)["title"])

    # -- browsing

    def test_paging_and_total(self):
        first = self.movies("StartIndex=0&Limit=25")
        self.assertEqual(first["TotalRecordCount"], LIMIT)
        self.assertEqual(first["StartIndex"], 0)
        self.assertEqual(self.names(first), [r["title"] for r in self.rows[:25]])
        last = self.movies("StartIndex=50&Limit=25")
        self.assertEqual(self.names(last), [r["title"] for r in self.rows[50:]])
        self.assertEqual(self.movies("StartIndex=60&Limit=25")["Items"], [])

    def test_total_is_only_counted_when_asked(self):
        self.assertEqual(self.movies("Limit=5&EnableTotalRecordCount=false")["TotalRecordCount"], 5)

    def test_not_recursive_or_other_types_list_no_movies(self):
        self.assertEqual(self.json("/Items?IncludeItemTypes=Movie")["Items"], [])
        self.assertEqual(self.json("/Items?IncludeItemTypes=Trailer&Recursive=true")["Items"], [])
        series = self.json("/Items?IncludeItemTypes=Series&Recursive=true")["Items"]
        self.assertEqual({i["Type"] for i in series}, {"Series"})

    def test_query_names_are_case_insensitive(self):
        self.assertEqual(self.names(self.movies("startindex=3&LIMIT=2")),
                         [r["title"] for r in self.rows[3:5]])

    def test_optional_fields_only_when_asked(self):
        bare = self.movies("Limit=1")["Items"][0]
        for name in ("Overview", "Genres", "DateCreated", "SortName"):
            self.assertNotIn(name, bare)
        for name in ("Name", "Id", "Type", "ImageTags"):
            self.assertIn(name, bare)
        full = self.movies("Limit=1&Fields=Overview,Genres&Fields=DateCreated")["Items"][0]
        for name in ("Overview", "Genres", "DateCreated"):
            self.assertIn(name, full)
        row = self.rows[0]
        self.assertEqual(full["RunTimeTicks"], int(row["length"]) * 60 * 10_000_000)
        self.assertEqual(full["ProductionYear"], int(row["year"]))
        self.assertEqual(full["CommunityRating"], float(row["rating"]))

    def test_people_trailers_and_similar_items(self):
        asked = "Fields=People,RemoteTrailers,Taglines,ProviderIds"
        items = self.movies("Limit=10&" + asked)["Items"]
        kinds = {p["Type"] for p in items[0]["People"]}
        self.assertEqual(kinds, {"Director", "Producer", "Actor"})
        self.assertTrue(any(i["RemoteTrailers"] for i in items))
        self.assertTrue(any(not i["RemoteTrailers"] for i in items), "one in five has none")
        self.assertTrue(items[0]["ProviderIds"]["Imdb"].startswith("tt"))
        self.assertNotIn("People", self.movies("Limit=1")["Items"][0])
        first = next(i for i in self.movies("Limit=20&Fields=Genres")["Items"] if i["Genres"])
        similar = self.json(f"/Items/{first['Id']}/Similar?Limit=5&Fields=Genres")
        self.assertEqual(len(similar["Items"]), 5)
        for other in similar["Items"]:
            self.assertNotEqual(other["Id"], first["Id"])
            self.assertTrue(set(other["Genres"]) & set(first["Genres"]))
        self.assertEqual(self.get("/Items/" + "0" * 32 + "/Similar")[0], 404)

    def test_orders(self):
        items = [jellyfin_library.Item(int(r[""]), r, "v1") for r in self.rows]
        cases = {
            "SortBy=DateCreated&SortOrder=Descending": sorted(items, key=lambda i: i.added,
                                                              reverse=True),
            "SortBy=SortName": sorted(items, key=lambda i: (i.sort_name, i.id)),
            "SortBy=CommunityRating,SortName&SortOrder=Descending,Ascending":
                sorted(items, key=lambda i: (-(i.rating or 0), i.sort_name, i.id)),
        }
        for query, expected in cases.items():
            with self.subTest(query=query):
                self.assertEqual(self.names(self.movies(query + "&Limit=100")),
                                 [i.name for i in expected])
        self.assertEqual(self.get("/Items?Recursive=true&SortBy=Bogus")[0], 400)

    def test_search_term(self):
        doc = self.movies("SearchTerm=GATOR")
        expected = [r["title"] for r in self.rows if "gator" in r["title"].casefold()]
        self.assertTrue(expected)
        self.assertEqual(self.names(doc), expected)
        self.assertEqual(doc["TotalRecordCount"], len(expected))

    def test_years(self):
        expected = [r["title"] for r in self.rows if r["year"] in ("1971", "2000")]
        self.assertTrue(expected)
        self.assertEqual(self.names(self.movies("Years=1971,2000&Limit=100")), expected)
        self.assertEqual(self.get("/Items?Recursive=true&Years=x")[0], 400)

    def test_genres_list_and_filters(self):
        genres = self.json("/Genres")
        comedy = next(g for g in genres["Items"] if g["Name"] == "Comedy")
        self.assertEqual(genres["TotalRecordCount"], len(genres["Items"]))
        expected = [r["title"] for r in self.rows if r["Comedy"] == "1"]
        self.assertEqual(self.names(self.movies(f"GenreIds={comedy['Id']}&Limit=100")), expected)
        self.assertEqual(self.names(self.movies("Genres=Comedy&Limit=100")), expected)
        self.assertEqual(self.movies("GenreIds=00000000000000000000000000000000")["Items"], [])

    def test_user_data_is_per_user(self):
        alice, bob = self.user_id("alice"), self.user_id("bob")
        no_user = self.movies("Limit=30")["Items"]
        self.assertTrue(all("UserData" not in i for i in no_user))
        for_alice = self.movies(f"userId={alice}&Limit=30")["Items"]
        for_bob = self.movies("Limit=30", token="bob-token")["Items"]
        self.assertNotEqual([i["UserData"] for i in for_alice], [i["UserData"] for i in for_bob])
        self.assertTrue(any(i["UserData"]["Played"] for i in for_bob))
        stopped = [i for i in for_bob if i["UserData"]["PlaybackPositionTicks"] > 0]
        self.assertTrue(stopped)
        self.assertTrue(all(i["UserData"]["PlaybackPositionTicks"] < i["RunTimeTicks"]
                            for i in stopped))
        # A user's own token cannot read another user's library; an administrator's can.
        self.assertEqual(self.get(f"/Items?Recursive=true&userId={alice}", "bob-token")[0], 403)
        self.assertEqual(self.get(f"/Items?Recursive=true&userId={bob}", "alice-token")[0], 200)

    # -- what was played

    def post(self, path, body=None, token=API_KEY, method="POST"):
        data = json.dumps(body).encode() if body is not None else b""
        request = urllib.request.Request(self.base + path, data=data, method=method,
                                         headers={"Authorization": header(token),
                                                  "Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=10) as r:
                return r.status
        except urllib.error.HTTPError as e:
            with e:
                return e.code

    def test_a_stopped_session_is_kept_as_jellyfin_keeps_it(self):
        item = self.movies("Limit=1&StartIndex=40", token="bob-token")["Items"][0]
        runtime, path = item["RunTimeTicks"], f"/Items/{item['Id']}"
        for share, expected in ((0.5, runtime // 2), (0.02, 0), (0.95, 0)):
            ticks = int(runtime * share)
            self.assertEqual(self.post("/Sessions/Playing/Stopped",
                                       {"ItemId": item["Id"], "PositionTicks": ticks},
                                       "bob-token"), 204)
            data = self.json(path, "bob-token")["UserData"]
            self.assertEqual(data["PlaybackPositionTicks"], expected, share)
        self.assertTrue(data["Played"])
        # An API key's session has no user: taken, and nothing kept for anyone.
        other = self.movies("Limit=1&StartIndex=41", token="bob-token")["Items"][0]
        self.assertEqual(self.post("/Sessions/Playing/Stopped",
                                   {"ItemId": other["Id"], "PositionTicks": 1}), 204)
        self.assertEqual(self.json(f"/Items/{other['Id']}", "bob-token")["UserData"],
                         other["UserData"])
        self.assertEqual(self.post("/Sessions/Playing", {"PositionTicks": 1}, "bob-token"), 400)

    def test_user_data_and_played_are_written_for_a_user(self):
        alice = self.user_id("alice")
        item = self.movies(f"userId={alice}&Limit=1&StartIndex=42")["Items"][0]
        path = f"/Items/{item['Id']}?userId={alice}"
        self.assertEqual(self.post(f"/UserItems/{item['Id']}/UserData?userId={alice}",
                                   {"PlaybackPositionTicks": 123}), 200)
        self.assertEqual(self.json(path)["UserData"]["PlaybackPositionTicks"], 123)
        self.assertEqual(self.post(f"/UserPlayedItems/{item['Id']}?userId={alice}"), 200)
        data = self.json(path)["UserData"]
        self.assertEqual((data["Played"], data["PlaybackPositionTicks"]), (True, 0))
        self.assertEqual(self.post(f"/UserPlayedItems/{item['Id']}"), 400)  # whose?
        self.assertEqual(self.post(f"/UserItems/{item['Id']}/UserData?userId={alice}",
                                   {"PlaybackPositionTicks": 1}, "bob-token"), 403)

    def test_a_played_item_is_marked_unplayed_with_delete(self):
        alice = self.user_id("alice")
        item = self.movies(f"userId={alice}&Limit=1&StartIndex=43")["Items"][0]
        path = f"/Items/{item['Id']}?userId={alice}"
        played = f"/UserPlayedItems/{item['Id']}?userId={alice}"
        self.assertEqual(self.post(played), 200)
        self.assertTrue(self.json(path)["UserData"]["Played"])
        self.assertEqual(self.post(played, method="DELETE"), 200)
        data = self.json(path)["UserData"]
        self.assertEqual((data["Played"], data["PlayCount"], data["PlaybackPositionTicks"]),
                         (False, 0, 0))
        self.assertNotIn("LastPlayedDate", data)
        self.assertEqual(self.post(f"/UserPlayedItems/{item['Id']}", method="DELETE"), 400)
        self.assertEqual(self.post(f"/UserPlayedItems/{'0' * 32}?userId={alice}",
                                   method="DELETE"), 404)

    def test_before_10_9_only_the_older_paths_serve_a_users_items(self):
        old = start_server(self.addCleanup, "--before-10-9", "--refuse-reports")
        alice = self.user_id("alice")
        item = self.movies("Limit=1")["Items"][0]["Id"]

        def call(path, body=None, method="GET"):
            data = None if method == "GET" else json.dumps(body or {}).encode()
            request = urllib.request.Request(old + path, data=data, method=method,
                                             headers={"Authorization": header(API_KEY)})
            try:
                with urllib.request.urlopen(request, timeout=10) as r:
                    return r.status, r.read()
            except urllib.error.HTTPError as e:
                with e:
                    return e.code, e.read()
        self.assertEqual(call(f"/Items/{item}?userId={alice}")[0], 404)
        self.assertEqual(call(f"/UserItems/{item}/UserData?userId={alice}", {}, "POST")[0], 404)
        self.assertEqual(call(f"/Users/{alice}/Items/{item}/UserData",
                              {"PlaybackPositionTicks": 77}, "POST")[0], 200)
        status, body = call(f"/Users/{alice}/Items/{item}")
        self.assertEqual((status, json.loads(body)["UserData"]["PlaybackPositionTicks"]),
                         (200, 77))
        self.assertEqual(call(f"/Users/{alice}/PlayedItems/{item}", None, "POST")[0], 200)
        self.assertTrue(json.loads(call(f"/Users/{alice}/Items/{item}")[1])["UserData"]["Played"])
        self.assertEqual(call(f"/UserPlayedItems/{item}?userId={alice}", None, "DELETE")[0], 404)
        self.assertEqual(call(f"/Users/{alice}/PlayedItems/{item}", None, "DELETE")[0], 200)
        self.assertFalse(json.loads(call(f"/Users/{alice}/Items/{item}")[1])["UserData"]["Played"])
        self.assertEqual(call("/Sessions/Playing", {"ItemId": item}, "POST")[0], 500)

    # -- images and the stream

    def test_poster_honours_width_and_tag(self):
        item = self.movies("Limit=1")["Items"][0]
        tag = item["ImageTags"]["Primary"]
        status, ctype, body = self.get(f"/Items/{item['Id']}/Images/Primary?fillWidth=40&tag={tag}",
                                       token=None)
        self.assertEqual((status, ctype), (200, "image/png"))
        self.assertEqual(body[:8], b"\x89PNG\r\n\x1a\n")
        self.assertEqual(int.from_bytes(body[16:20], "big"), 40)
        self.assertEqual(int.from_bytes(body[20:24], "big"), 60)
        other = start_server(self.addCleanup, "--tag-salt", "v2")
        request = urllib.request.Request(other + "/Items?Recursive=true&Limit=1",
                                         headers={"Authorization": header(API_KEY)})
        with urllib.request.urlopen(request, timeout=10) as r:
            changed = json.loads(r.read())["Items"][0]
        self.assertNotEqual(changed["ImageTags"]["Primary"], tag)
        with urllib.request.urlopen(f"{other}/Items/{item['Id']}/Images/Primary?fillWidth=40",
                                    timeout=10) as r:
            self.assertNotEqual(r.read(), body)

    def test_a_film_without_a_poster_is_404(self):
        items = self.movies("Limit=100")["Items"]
        bare = [i for i in items if "Primary" not in i["ImageTags"]]
        self.assertTrue(bare)
        self.assertEqual(self.get(f"/Items/{bare[0]['Id']}/Images/Primary", None)[0], 404)

    def test_stream(self):
        item = self.movies("Limit=1")["Items"][0]
        status, ctype, body = self.get(f"/Videos/{item['Id']}/stream?static=true", None)
        self.assertEqual((status, ctype), (200, "video/mp4"))
        self.assertTrue(body.startswith(b"JELLYFIN-TEST-STREAM " + item["Id"].encode()))
        self.assertEqual(self.get("/Videos/" + "0" * 32 + "/stream", None)[0], 404)

    # -- the log

    def log_entries(self, wanted, timeout=10):
        deadline = time.monotonic() + timeout
        while True:
            text = self.log_path.read_text(encoding="utf-8") if self.log_path.exists() else ""
            match = [e for e in map(json.loads, text.split("\n")[:-1]) if wanted(e)]
            if match or time.monotonic() > deadline:
                return match
            time.sleep(0.01)

    def test_log_has_the_parsed_header_without_the_token(self):
        self.movies("StartIndex=7&Limit=3")
        self.get("/Users?refused=1", token=None)
        entries = self.log_entries(lambda e: e["query"].get("StartIndex") == "7")
        items = entries[0]
        self.assertEqual(items["query"]["StartIndex"], "7")
        self.assertEqual(items["auth"], {"Client": "movies", "Device": "test",
                                         "DeviceId": "dev-1", "Version": "1.0"})
        self.assertEqual(items["token"], "api-key")
        self.assertNotIn(API_KEY, json.dumps(items))
        refused = self.log_entries(lambda e: e["query"].get("refused") == "1")
        self.assertEqual((refused[0]["status"], refused[0]["token"]), (401, "missing"))

    # -- tracks (issue 40)

    def test_a_films_media_streams_and_its_external_subtitle(self):
        item = self.movies("Limit=1")["Items"][0]
        self.assertNotIn("MediaStreams", item, "only when asked for in a list")
        full = self.json(f"/Items/{item['Id']}", "bob-token")
        streams = full["MediaSources"][0]["MediaStreams"]
        self.assertEqual([(s["Type"], s.get("Language")) for s in streams],
                         [("Video", None), ("Audio", "eng"), ("Audio", "jpn"),
                          ("Subtitle", "eng"), ("Subtitle", "fre")])
        self.assertEqual(full["MediaStreams"], streams)
        external = streams[-1]
        self.assertTrue(external["IsExternal"])
        path = f"/Videos/{item['Id']}/{item['Id']}/Subtitles/{external['Index']}/Stream.srt"
        status, _, body = self.get(path, "bob-token")
        self.assertEqual(status, 200)
        self.assertIn(f"Sous-titres de {item['Name']}".encode(), body)
        self.assertEqual(self.get(path, None)[0], 401, "the header's token is needed")
        self.assertEqual(self.get(path + f"?api_key=bob-token", None)[0], 401, "not in the URL")
        self.assertEqual(self.get(path.replace("/4/", "/3/"), "bob-token")[0], 404, "inside the file")


class JellyfinFaultTest(unittest.TestCase):
    """--stream-fault and --hang-search, each on a server of its own."""

    def first_id(self, base):
        request = urllib.request.Request(base + "/Items?Recursive=true&Limit=1",
                                         headers={"Authorization": header(API_KEY)})
        with urllib.request.urlopen(request, timeout=10) as r:
            return json.load(r)["Items"][0]["Id"]

    def test_a_short_body_is_cut_only_for_a_range(self):
        base = start_server(self.addCleanup, "--stream-fault", "short-body")
        stream = base + f"/Videos/{self.first_id(base)}/stream?static=true"
        with urllib.request.urlopen(stream, timeout=10) as r:
            self.assertEqual(r.status, 200)  # the probe's request, without a Range, is whole
            r.read()
        request = urllib.request.Request(stream, headers={"Range": "bytes=0-"})
        with urllib.request.urlopen(request, timeout=10) as r:
            with self.assertRaises(http.client.IncompleteRead):
                r.read()

    def test_a_trickle_sends_a_byte_a_second(self):
        base = start_server(self.addCleanup, "--stream-fault", "trickle")
        host, port = urllib.parse.urlsplit(base).hostname, urllib.parse.urlsplit(base).port
        with socket.create_connection((host, port), timeout=5) as connection:
            connection.sendall(f"GET /Videos/{self.first_id(base)}/stream HTTP/1.1\r\n"
                               "Host: x\r\nRange: bytes=0-\r\n\r\n".encode())
            started, got = time.monotonic(), b""
            while len(got) < 3:
                got += connection.recv(10)
            self.assertEqual(got, b"HTT")  # the status line itself, a byte at a time
            self.assertGreater(time.monotonic() - started, 1.5)

    def test_a_hanging_search_answers_nothing(self):
        base = start_server(self.addCleanup, "--hang-search")
        self.first_id(base)  # a list without a search answers
        request = urllib.request.Request(base + "/Items?Recursive=true&SearchTerm=the",
                                         headers={"Authorization": header(API_KEY)})
        with self.assertRaises(OSError):
            urllib.request.urlopen(request, timeout=1)


if __name__ == "__main__":
    unittest.main()
