"""The TV half of scripts/plex-server.py: series_data.py's series as the "TV Shows" section,
shaped after Plex's OpenAPI description and recorded answers: `show` entries with
`leafCount` (episodes), `viewedLeafCount` and `childCount` (seasons), `season` entries with
`index`, and `episode` entries with `index`, `parentIndex`, `grandparentTitle`, `duration`
in milliseconds, `viewOffset` and `viewCount`, each with its `Media` > `Part` stream.

    GET /library/sections/2/all?type=2 (shows; type=3 seasons, type=4 episodes), with title=,
        genre=, sort= and the X-Plex-Container-Start/Size paging of the film section
    GET /library/metadata/{show}/children     its seasons, after an "All episodes" entry
                                              (no ratingKey) unless excludeAllLeaves=1
    GET /library/metadata/{show}/allLeaves    GET /library/metadata/{season}/children
    GET /library/onDeck                       films and episodes stopped part way, and the
                                              next episode of each show being watched (paged)
    GET /library/metadata/{show}?includeOnDeck=1   the show with its `OnDeck` episode

Timeline and scrobble apply to episodes as to films. Series 5's last episode has no Media (a
missing file). `--series-fault self-season` lists a show among its own seasons (its own
ratingKey); `wild-numbers` sends indexes, counts and times far out of range.
"""

import hashlib

from series_data import ALL

SHOW_KEY, EPISODE_KEY = 50_000, 100_000
HUGE = 10 ** 30
ADDED_EPOCH = 1609459200


class Entry:
    """What the server asks of any entry: `metadata(section, details)` and `extras()`."""

    fault = None  # --series-fault, set by build()

    def extras(self):
        return {"size": 0}


class Show(Entry):
    def __init__(self, data):
        self.data = data
        self.rating_key = str(SHOW_KEY + data.index * 100)
        self.title = data.name
        self.title_sort = data.name[4:] if data.name.startswith("The ") else data.name
        self.year, self.audience_rating, self.genres = data.year, data.rating, data.genres
        self.duration_ms = data.minutes * 60_000
        self.added_at = ADDED_EPOCH + data.index * 86_400
        self.updated_at = self.added_at + 600
        self.has_thumb = data.index % 7 != 6
        self.seasons = [Season(self, n, eps) for n, eps in enumerate(data.seasons, start=1)]
        self.episodes = [e for s in self.seasons for e in s.episodes]

    def released(self):
        return self.data.first_air_date

    @property
    def view_count(self):
        """Plex's `unwatched` filter on a show: watched once every episode is."""
        return int(bool(self.episodes) and all(e.view_count for e in self.episodes))

    @property
    def view_offset(self):
        return 0

    @property
    def last_viewed_at(self):
        return max((e.last_viewed_at or 0 for e in self.episodes), default=0) or None

    def metadata(self, section, details=False):
        fault = self.fault
        viewed = sum(1 for e in self.episodes if e.view_count)
        entry = {
            "ratingKey": self.rating_key, "key": f"/library/metadata/{self.rating_key}/children",
            "guid": f"plex://show/{hashlib.md5(self.title.encode()).hexdigest()[:24]}",
            "type": "show", "title": self.title, "librarySectionID": int(section.key),
            "librarySectionTitle": section.title, "summary": self.data.overview,
            "year": self.year, "originallyAvailableAt": self.released(),
            "audienceRating": self.audience_rating, "contentRating": "TV-14",
            "duration": self.duration_ms, "studio": "HBO",
            "leafCount": len(self.episodes), "viewedLeafCount": viewed,
            "childCount": len(self.seasons), "addedAt": self.added_at,
            "updatedAt": self.updated_at, "Genre": [{"tag": g} for g in self.genres],
        }
        if self.title_sort != self.title:
            entry["titleSort"] = self.title_sort
        if self.has_thumb:
            entry["thumb"] = f"/library/metadata/{self.rating_key}/thumb/{self.updated_at}"
        if self.last_viewed_at:
            entry["lastViewedAt"] = self.last_viewed_at
        if details:
            entry["Role"] = [{"tag": name, "role": f"Character {i + 1}"}
                             for i, name in enumerate(["Ada Quill", "Bram Osei", "Cleo Marsh"])]
            entry["Director"] = [{"tag": c} for c in self.data.creators]
        if fault == "wild-numbers":
            entry.update({"leafCount": -HUGE, "viewedLeafCount": HUGE, "childCount": HUGE,
                          "duration": 1e300})
        return entry

class Season(Entry):
    def __init__(self, show, number, episodes):
        self.show, self.number = show, number
        self.rating_key = str(int(show.rating_key) + number)
        self.episodes = [Episode(self, e) for e in episodes]
        self.has_thumb, self.updated_at = False, show.updated_at

    def metadata(self, section, details=False):
        fault = self.fault
        show = self.show
        entry = {
            "ratingKey": self.rating_key, "key": f"/library/metadata/{self.rating_key}/children",
            "parentRatingKey": show.rating_key, "parentKey": f"/library/metadata/{show.rating_key}",
            "parentTitle": show.title, "type": "season", "title": f"Season {self.number}",
            "index": self.number, "leafCount": len(self.episodes),
            "viewedLeafCount": sum(1 for e in self.episodes if e.view_count),
            "librarySectionID": int(section.key), "librarySectionTitle": section.title,
            "addedAt": show.added_at, "updatedAt": show.updated_at,
        }
        if fault == "wild-numbers":
            entry.update({"index": -HUGE, "leafCount": HUGE, "viewedLeafCount": -HUGE})
        return entry

class Episode(Entry):
    def __init__(self, season, data):
        self.season, self.show, self.data = season, season.show, data
        index = self.show.data.index
        self.rating_key = str(EPISODE_KEY + index * 1000 + data.season * 50 + data.number)
        self.title, self.genres = data.name, self.show.genres
        # What a section's filters and sorts read, as for films.
        self.title_sort, self.year, self.audience_rating = data.name, int(data.air_date[:4]), None
        self.duration_ms = data.minutes * 60_000
        self.added_at = self.show.added_at + data.season * 3600 + data.number
        self.updated_at = self.added_at + 60
        self.has_thumb = data.number % 5 != 0
        self.has_media = data.has_file
        order = self.show.data.episodes.index(data)
        seen = self.show.data.seen()
        self.view_count = 1 if order < seen else 0
        self.view_offset = 0
        self.last_viewed_at = None
        if self.view_count:
            self.last_viewed_at = ADDED_EPOCH + 30_000_000 + index * 86_400 + order * 3600
        elif order == seen and self.show.data.stopped_part_way():
            self.view_offset = self.duration_ms // 3
            self.last_viewed_at = ADDED_EPOCH + 30_000_000 + index * 86_400 + order * 3600

    @property
    def part_key(self):
        return f"/library/parts/{self.rating_key}/{self.added_at}/file.mkv"

    def released(self):
        return self.data.air_date

    def metadata(self, section, details=False):
        fault = self.fault
        show, e = self.show, self.data
        entry = {
            "ratingKey": self.rating_key, "key": f"/library/metadata/{self.rating_key}",
            "parentRatingKey": self.season.rating_key,
            "grandparentRatingKey": show.rating_key,
            "parentKey": f"/library/metadata/{self.season.rating_key}",
            "grandparentKey": f"/library/metadata/{show.rating_key}",
            "type": "episode", "title": self.title, "grandparentTitle": show.title,
            "parentTitle": f"Season {e.season}", "parentIndex": e.season, "index": e.number,
            "summary": f"{show.title} {e.code}.", "year": int(e.air_date[:4]),
            "originallyAvailableAt": e.air_date, "duration": self.duration_ms,
            "librarySectionID": int(section.key), "librarySectionTitle": section.title,
            "addedAt": self.added_at, "updatedAt": self.updated_at,
        }
        if self.has_thumb:
            entry["thumb"] = f"/library/metadata/{self.rating_key}/thumb/{self.updated_at}"
        if show.has_thumb:
            entry["grandparentThumb"] = f"/library/metadata/{show.rating_key}/thumb/{show.updated_at}"
        optional = {"viewCount": self.view_count or None, "viewOffset": self.view_offset or None,
                    "lastViewedAt": self.last_viewed_at}
        entry.update({k: v for k, v in optional.items() if v is not None})
        if self.has_media:
            entry["Media"] = [{
                "id": int(self.rating_key), "duration": self.duration_ms, "container": "mkv",
                "videoCodec": "h264", "audioCodec": "aac", "videoResolution": "1080",
                "Part": [{"id": int(self.rating_key), "key": self.part_key,
                          "duration": self.duration_ms, "container": "mkv",
                          "file": f"/data/TV/{show.title}/{e.code}.mkv", "size": 16_384}]}]
        if fault == "wild-numbers":
            entry.update({"index": HUGE, "parentIndex": -HUGE, "duration": 1e300,
                          "viewOffset": HUGE * HUGE, "viewCount": -HUGE})
        return entry


def build(fault=None):
    """The shows, and every show, season and episode by rating key."""
    Entry.fault = fault
    shows = [Show(s) for s in ALL]
    by_key = {}
    for show in shows:
        by_key[show.rating_key] = show
        for season in show.seasons:
            by_key[season.rating_key] = season
            by_key.update((e.rating_key, e) for e in season.episodes)
    return shows, by_key


def children(item, section, query, fault):
    """(container fields, entries) of /children: a show's seasons or a season's episodes;
    None for an item without children."""
    if isinstance(item, Show):
        entries = [s.metadata(section) for s in item.seasons]
        if len(item.seasons) > 1 and query.get("excludeAllLeaves") != "1":
            # Plex lists every episode first, as a folder without a ratingKey.
            entries.insert(0, {"key": f"/library/metadata/{item.rating_key}/allLeaves",
                               "title": "All episodes", "leafCount": len(item.episodes),
                               "viewedLeafCount": sum(1 for e in item.episodes if e.view_count)})
        if fault == "self-season":
            itself = item.seasons[0].metadata(section) if item.seasons else {}
            itself.update({"ratingKey": item.rating_key, "title": item.title,
                           "key": f"/library/metadata/{item.rating_key}/children"})
            entries.insert(0, itself)
        head = {"key": item.rating_key, "title1": section.title, "title2": item.title,
                "parentTitle": item.title, "parentYear": item.year, "viewGroup": "season"}
        return head, entries
    if isinstance(item, Season):
        head = {"key": item.rating_key, "grandparentTitle": item.show.title,
                "parentIndex": item.number, "parentTitle": item.show.title,
                "title1": item.show.title, "title2": f"Season {item.number}",
                "viewGroup": "episode"}
        return head, [e.metadata(section) for e in item.episodes]
    return None


def show_on_deck(show):
    """The episode a show's metadata puts `OnDeck` (`includeOnDeck=1`): the one stopped part
    way, else the one after the last watched; None when nothing was watched, or everything."""
    if not isinstance(show, Show):
        return None
    found = on_deck([], [show])
    return found[0] if found else None


def on_deck(films, shows):
    """/library/onDeck: what to go on with: films and episodes stopped part way, the most
    recently watched first, then the next unwatched episode of each show being watched (by
    when its show was last watched)."""
    going = [f for f in films if f.view_offset]
    following = []
    for show in shows:
        episodes = [e for e in show.episodes if e.has_media]
        stopped = [e for e in episodes if e.view_offset]
        watched = [i for i, e in enumerate(episodes) if e.view_count]
        if stopped:
            going.append(stopped[0])
        elif watched and watched[-1] + 1 < len(episodes):
            following.append((episodes[watched[-1]].last_viewed_at, episodes[watched[-1] + 1]))
    going.sort(key=lambda x: x.last_viewed_at or 0, reverse=True)
    following.sort(key=lambda pair: pair[0] or 0, reverse=True)
    return going + [e for _, e in following]
