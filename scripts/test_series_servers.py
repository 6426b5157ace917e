"""Tests for the TV series of the local TMDb, Jellyfin and Plex (series_data.py, tmdb_series.py,
jellyfin_series.py, plex_series.py).

    python3 -m unittest discover -s scripts -p 'test_*.py'

Each server is started on a free loopback port and checked over HTTP against the shapes of
its API: lists and paging, seasons and episodes, next up and continue, the error answers, the
play state of an episode, and the hostile modes (--series-fault).
"""

import json
import tempfile
import unittest
import urllib.error
import urllib.request
from pathlib import Path

from local_server import start_for_test
from series_data import ALL

JELLYFIN_AUTH = ('MediaBrowser Client="tests", Device="d", DeviceId="1", Version="1", '
                 'Token="alice-token"')


def fetch(url, headers=None):
    """(status, parsed JSON or the raw bytes)."""
    request = urllib.request.Request(url, headers=headers or {}, method="GET")
    try:
        with urllib.request.urlopen(request, timeout=10) as r:
            status, body, kind = r.status, r.read(), r.headers.get("Content-Type", "")
    except urllib.error.HTTPError as e:
        with e:
            status, body, kind = e.code, e.read(), e.headers.get("Content-Type", "")
    return status, json.loads(body) if "json" in kind and body else body


class TMDbSeriesTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.base = start_for_test("tmdb-server.py", cls.addClassCleanup, "--limit", "1500",
                                  "--rate-limit", "1000")

    def get(self, path, base=None):
        sep = "&" if "?" in path else "?"
        return fetch(f"{base or self.base}/3{path}{sep}api_key=test-api-key")

    def test_lists_name_and_first_air_date_in_pages_of_twenty(self):
        status, first = self.get("/discover/tv")
        self.assertEqual(status, 200)
        self.assertEqual((first["total_results"], first["total_pages"]), (len(ALL), 2))
        top = first["results"][0]
        self.assertEqual((top["id"], top["name"]), (1399, "Thrones of Ash"))
        self.assertIn("first_air_date", top)
        self.assertNotIn("title", top)
        self.assertEqual(len(self.get("/discover/tv?page=2")[1]["results"]), len(ALL) - 20)
        self.assertEqual(self.get("/tv/popular")[1]["results"], first["results"])
        self.assertEqual(self.get("/discover/tv?page=501")[0], 400)

    def test_genres_filters_and_search(self):
        genres = dict((g["id"], g["name"]) for g in self.get("/genre/tv/list")[1]["genres"])
        self.assertEqual(genres[10759], "Action & Adventure")
        comedies = self.get("/discover/tv?with_genres=35")[1]["results"]
        self.assertTrue(comedies and all(35 in s["genre_ids"] for s in comedies))
        by_name = [s["name"] for s in self.get("/discover/tv?sort_by=name.asc")[1]["results"]]
        self.assertEqual(by_name, sorted(by_name, key=str.casefold))
        found = self.get("/search/tv?query=thrones")[1]["results"]
        self.assertEqual([s["id"] for s in found], [1399])

    def test_series_and_film_share_an_id(self):
        film, series = self.get("/movie/1399")[1], self.get("/tv/1399")[1]
        self.assertIn("title", film)
        self.assertEqual(series["name"], "Thrones of Ash")
        self.assertNotEqual(film["title"], series["name"])

    def test_details_with_seasons_creators_and_appended_parts(self):
        status, body = self.get("/tv/1399?append_to_response=credits,videos,watch/providers")
        self.assertEqual(status, 200)
        self.assertEqual((body["number_of_seasons"], body["number_of_episodes"]), (5, 50))
        self.assertEqual([s["season_number"] for s in body["seasons"]], [1, 2, 3, 4, 5])
        self.assertEqual(body["seasons"][0]["episode_count"], 10)
        self.assertTrue(body["created_by"][0]["name"])
        self.assertTrue(body["credits"]["cast"] and body["videos"]["results"])
        self.assertIn("results", body["watch/providers"])

    def test_season_episodes_and_a_missing_season(self):
        status, season = self.get("/tv/1399/season/2")
        self.assertEqual(status, 200)
        first = season["episodes"][0]
        self.assertEqual((first["season_number"], first["episode_number"]), (2, 1))
        for name in ("air_date", "runtime", "still_path", "name", "id"):
            self.assertIn(name, first)
        self.assertEqual(self.get("/tv/1399/season/6"),
                         (404, {"status_code": 34, "success": False, "status_message":
                                "The resource you requested could not be found."}))
        self.assertEqual(self.get("/tv/4/season/1")[1]["episodes"], [])  # Empty Nest
        still = fetch(self.base + "/t/p/w300" + first["still_path"])
        self.assertEqual((still[0], still[1][:4]), (200, b"\x89PNG"))

    def test_hostile_modes(self):
        base = start_for_test("tmdb-server.py", self.addCleanup, "--limit", "10",
                              "--series-fault", "self-season")
        seasons = self.get("/tv/1399", base)[1]["seasons"]
        self.assertEqual(seasons[0]["id"], 1399)
        self.assertEqual(len(seasons), 11)
        wild = start_for_test("tmdb-server.py", self.addCleanup, "--limit", "10",
                              "--series-fault", "wild-numbers")
        episode = self.get("/tv/1399/season/1", wild)[1]["episodes"][0]
        self.assertGreater(abs(episode["episode_number"]), 2 ** 64)
        self.assertGreater(episode["season_number"], 2 ** 63)


class JellyfinSeriesTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        cls.addClassCleanup(cls.tmp.cleanup)
        cls.base = start_for_test("jellyfin-server.py", cls.addClassCleanup, "--limit", "30")

    def get(self, path, base=None, token="alice-token"):
        auth = JELLYFIN_AUTH.replace("alice-token", token)
        return fetch((base or self.base) + path, {"Authorization": auth})

    def series(self, name, base=None):
        found = self.get("/Items?IncludeItemTypes=Series&Recursive=true&SearchTerm=" + name,
                         base)[1]["Items"]
        return found[0]

    def test_series_list_pages_sorts_and_counts(self):
        status, page = self.get("/Items?IncludeItemTypes=Series&Recursive=true&StartIndex=20"
                                "&Limit=10&SortBy=SortName&SortOrder=Ascending"
                                "&Fields=ChildCount,RecursiveItemCount")
        self.assertEqual((status, page["TotalRecordCount"], len(page["Items"])), (200, 24, 4))
        item = page["Items"][0]
        self.assertEqual(item["Type"], "Series")
        self.assertIn("ChildCount", item)
        self.assertIn("UnplayedItemCount", item["UserData"])
        bare = self.get("/Items?IncludeItemTypes=Series&Recursive=true&Limit=1")[1]["Items"][0]
        self.assertNotIn("ChildCount", bare)

    def test_seasons_episodes_and_errors(self):
        series = self.series("thrones")
        seasons = self.get(f"/Shows/{series['Id']}/Seasons")[1]["Items"]
        self.assertEqual([s["IndexNumber"] for s in seasons], [1, 2, 3, 4, 5])
        episodes = self.get(f"/Shows/{series['Id']}/Episodes?SeasonId={seasons[1]['Id']}")[1]
        first = episodes["Items"][0]
        self.assertEqual((first["SeriesId"], first["SeriesName"], first["ParentIndexNumber"],
                          first["IndexNumber"]), (series["Id"], "Thrones of Ash", 2, 1))
        self.assertGreater(first["RunTimeTicks"], 0)
        self.assertIn("Played", first["UserData"])
        self.assertEqual(self.get(f"/Shows/{series['Id']}/Episodes?Season=9")[1]["Items"], [])
        self.assertEqual(self.get(f"/Shows/{series['Id']}/Episodes?SeasonId={'0' * 32}")[0], 404)
        self.assertEqual(self.get(f"/Shows/{'0' * 32}/Seasons")[0], 404)

    def test_next_up_is_per_user_and_follows_what_was_played(self):
        series = self.series("lanterns")
        alice = self.get(f"/Shows/NextUp?SeriesId={series['Id']}")[1]["Items"]
        bob = self.get(f"/Shows/NextUp?SeriesId={series['Id']}", token="bob-token")[1]["Items"]
        seen = ALL[1].seen(0)
        self.assertEqual(alice[0]["IndexNumber"], seen + 1)
        self.assertNotEqual(bob[0]["Id"], alice[0]["Id"])
        # Reported played past 90 %: next up moves on.
        ticks = alice[0]["RunTimeTicks"]
        for path in ("/Sessions/Playing", "/Sessions/Playing/Stopped"):
            request = urllib.request.Request(
                self.base + path, method="POST", data=json.dumps(
                    {"ItemId": alice[0]["Id"], "PositionTicks": ticks * 95 // 100}).encode(),
                headers={"Authorization": JELLYFIN_AUTH, "Content-Type": "application/json"})
            urllib.request.urlopen(request, timeout=10).close()
        after = self.get(f"/Shows/NextUp?SeriesId={series['Id']}")[1]["Items"]
        self.assertEqual(after[0]["IndexNumber"], seen + 2)

    def test_resume_holds_episodes_and_streams(self):
        items = self.get("/UserItems/Resume?IncludeItemTypes=Episode")[1]["Items"]
        self.assertTrue(items)
        self.assertTrue(all(i["Type"] == "Episode" and i["UserData"]["PlaybackPositionTicks"] > 0
                            for i in items))
        films = self.get("/UserItems/Resume?IncludeItemTypes=Movie")[1]["Items"]
        self.assertEqual({i["Type"] for i in films}, {"Movie"})
        self.assertEqual(self.get(f"/Videos/{items[0]['Id']}/stream?static=true")[0], 200)
        series = self.series("salt")  # series 5: its last episode has no file
        last = self.get(f"/Shows/{series['Id']}/Episodes")[1]["Items"][-1]
        self.assertEqual(last["LocationType"], "Virtual")
        self.assertEqual(self.get(f"/Videos/{last['Id']}/stream?static=true")[0], 404)

    def test_hostile_modes(self):
        base = start_for_test("jellyfin-server.py", self.addCleanup, "--limit", "5",
                              "--series-fault", "self-season")
        series = self.series("thrones", base)
        seasons = self.get(f"/Shows/{series['Id']}/Seasons", base)[1]["Items"]
        self.assertEqual(seasons[0]["Id"], series["Id"])
        inside = self.get(f"/Shows/{series['Id']}/Episodes?SeasonId={series['Id']}", base)[1]
        self.assertEqual(inside["Items"][0]["Id"], series["Id"])
        wild = start_for_test("jellyfin-server.py", self.addCleanup, "--limit", "5",
                              "--series-fault", "wild-numbers")
        series = self.series("thrones", wild)
        episode = self.get(f"/Shows/{series['Id']}/Episodes", wild)[1]["Items"][0]
        self.assertGreater(episode["IndexNumber"], 2 ** 64)
        self.assertLess(episode["ParentIndexNumber"], -2 ** 64)


class PlexSeriesTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.base = start_for_test("plex-server.py", cls.addClassCleanup, "--limit", "30")

    def get(self, path, base=None, start=None, size=None):
        headers = {"X-Plex-Token": "test-plex-token", "Accept": "application/json"}
        if start is not None:
            headers.update({"X-Plex-Container-Start": str(start),
                            "X-Plex-Container-Size": str(size)})
        status, body = fetch((base or self.base) + path, headers)
        return status, body["MediaContainer"] if isinstance(body, dict) else body

    def test_show_section_pages_and_filters(self):
        sections = self.get("/library/sections")[1]["Directory"]
        self.assertIn(("2", "show"), [(d["key"], d["type"]) for d in sections])
        page = self.get("/library/sections/2/all?type=2", start=20, size=10)[1]
        self.assertEqual((page["offset"], page["totalSize"], page["size"]), (20, 24, 4))
        show = page["Metadata"][0]
        self.assertEqual(show["type"], "show")
        for name in ("leafCount", "viewedLeafCount", "childCount"):
            self.assertIn(name, show)
        found = self.get("/library/sections/2/all?type=2&title=thrones")[1]["Metadata"]
        self.assertEqual([s["title"] for s in found], ["Thrones of Ash"])
        self.assertEqual(self.get("/library/sections/1/all?type=2")[1]["size"], 0)

    def test_seasons_episodes_and_play_state(self):
        seasons = self.get("/library/metadata/50100/children")[1]["Metadata"]
        self.assertEqual(seasons[0]["title"], "All episodes")
        self.assertNotIn("ratingKey", seasons[0])
        season = seasons[2]
        self.assertEqual((season["type"], season["index"]), ("season", 2))
        episodes = self.get(f"/library/metadata/{season['ratingKey']}/children")[1]["Metadata"]
        first = episodes[0]
        self.assertEqual((first["type"], first["parentIndex"], first["index"],
                          first["grandparentTitle"]), ("episode", 2, 1, "The 100 Lanterns"))
        self.assertEqual(first["duration"] % 60_000, 0)  # milliseconds
        key = first["ratingKey"]
        status, _ = self.get(f"/:/timeline?ratingKey={key}&key=/library/metadata/{key}"
                             "&state=stopped&time=90000&duration=100000")
        self.assertEqual(status, 200)
        self.assertEqual(self.get(f"/library/metadata/{key}")[1]["Metadata"][0]["viewOffset"],
                         90000)
        self.get(f"/:/scrobble?key={key}&identifier=com.plexapp.plugins.library")
        again = self.get(f"/library/metadata/{season['ratingKey']}/children")[1]["Metadata"][0]
        self.assertEqual(again.get("viewCount"), 1)
        part = first["Media"][0]["Part"][0]["key"]
        self.assertEqual(self.get(part)[0], 200)
        self.assertEqual(self.get("/:/timeline?ratingKey=50100&key=/library/metadata/50100"
                                  "&state=stopped&time=1&duration=2")[0], 400)

    def test_on_deck_holds_episodes_and_missing_files_have_no_media(self):
        deck = self.get("/library/onDeck")[1]["Metadata"]
        self.assertIn("episode", {m["type"] for m in deck})
        last = self.get("/library/metadata/50502/children")[1]["Metadata"][-1]  # series 5
        self.assertNotIn("Media", last)
        empty = self.get("/library/metadata/50301/children")[1]
        self.assertEqual(empty["size"], 0)

    def test_hostile_modes(self):
        base = start_for_test("plex-server.py", self.addCleanup, "--limit", "5",
                              "--series-fault", "self-season")
        seasons = self.get("/library/metadata/50000/children", base)[1]["Metadata"]
        self.assertEqual(seasons[0]["ratingKey"], "50000")
        wild = start_for_test("plex-server.py", self.addCleanup, "--limit", "5",
                              "--series-fault", "wild-numbers")
        episode = self.get("/library/metadata/50001/children", wild)[1]["Metadata"][0]
        self.assertGreater(episode["index"], 2 ** 64)


if __name__ == "__main__":
    unittest.main()
