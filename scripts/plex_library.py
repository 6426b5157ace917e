"""The libraries that scripts/plex-server.py serves: the IMDb CSV as Plex metadata.

Shapes follow the Plex Media Server OpenAPI description and recorded Plex answers: a
`MediaContainer` holding `Directory` entries (sections, genres) or `Metadata` entries (films,
with `Media` > `Part`, and `Genre`, `Director`, `Role` tags). Everything a real server would
know that the CSV does not (when a film was added, its summary, tagline, cast, who watched
what) is made up deterministically from the row number, so every run serves the same library.
"""

import csv
import hashlib
import itertools
import re

import plex_series
import plex_tracks
from local_server import number

MACHINE_IDENTIFIER = "5f1b2c3d4e5f60718293a4b5c6d7e8f901234567"
SERVER_VERSION = "1.41.3.9314-a0bfb8370"
GENRE_COLUMNS = ("Action", "Animation", "Comedy", "Drama", "Documentary", "Romance", "Short")
# Plex's genre tag ids are small integers shared by the whole server.
GENRE_IDS = {name: 100 + index for index, name in enumerate(GENRE_COLUMNS)}
ADDED_EPOCH = 1609459200  # 2021-01-01T00:00:00Z
FIRST_RATING_KEY = 1000
# Plex's titleSort drops a leading article; sorting folds case.
ARTICLE = re.compile(r"^(the|a|an)\s+", re.IGNORECASE)
CAST = ("Ada Quill", "Bram Osei", "Cleo Marsh", "Dev Anand Rao", "Elin Varga", "Farid Noor",
        "Greta Lund", "Hiro Tanaka")
DIRECTORS = ("Ilse Brandt", "Jonas Mere", "Kemi Adeyemi", "Luis Ortega")


def _hash(text):
    return int(hashlib.md5(text.encode("utf-8")).hexdigest()[:8], 16)


class Film:
    """One film: what the CSV says and what a Plex server would add."""

    def __init__(self, row, fields, tag_salt):
        self.row = row
        self.rating_key = str(FIRST_RATING_KEY + row)
        self.title = fields["title"]
        self.title_sort = ARTICLE.sub("", self.title)
        self.year = number(fields["year"], int)
        minutes = number(fields["length"], int)
        self.duration_ms = minutes * 60_000 if minutes else None
        self.audience_rating = number(fields["rating"], float)
        self.content_rating = fields["mpaa"] or None
        self.genres = [g for g in GENRE_COLUMNS if fields.get(g) == "1"]
        # Added in an order unrelated to the file's: a fixed shuffle by a hash of the row.
        self.added_at = ADDED_EPOCH + _hash(f"added-{row}") % (4 * 365 * 24 * 3600)
        # The poster's timestamp changes with the salt, as Plex's does when the art changes.
        self.updated_at = self.added_at + _hash(f"{tag_salt}-poster-{row}") % 100_000
        # One film in seven has no poster, so the client's "no image" line is reachable.
        self.has_thumb = row % 7 != 0
        kinds = " and ".join(self.genres).lower() or "film"
        when = f" from {self.year}" if self.year else ""
        self.summary = f"{self.title}: a {kinds}{when}, number {row} in the test library."
        self.tagline = f"Number {row}, as you have never seen it."
        # Every fifth film watched, every third of the rest stopped part way.
        self.view_count = 1 if row % 5 == 0 else 0
        self.view_offset = 0
        self.last_viewed_at = None
        if not self.view_count and row % 3 == 0 and self.duration_ms:
            self.view_offset = self.duration_ms * ((row % 7) + 1) // 9
            # Watched at a time the row picks, so On Deck has an order of its own.
            self.last_viewed_at = ADDED_EPOCH + _hash(f"viewed-{row}") % (365 * 24 * 3600)

    @property
    def thumb(self):
        return f"/library/metadata/{self.rating_key}/thumb/{self.updated_at}" if self.has_thumb else None

    @property
    def part_key(self):
        return f"/library/parts/{self.rating_key}/{self.added_at}/file.mkv"

    @property
    def trailer_key(self):
        """The trailer extra's part; every fourth film has none."""
        return None if self.row % 4 == 0 else f"/library/parts/{self.rating_key}/{self.added_at}/trailer.mp4"

    def extras(self):
        """`Extras` as `includeExtras=1` adds it: a behind-the-scenes clip (extraType 5), then
        the trailer (extraType 1) where there is one."""
        def clip(n, title, extra_type, subtype, key):
            return {"ratingKey": str(900000 + int(self.rating_key) * 10 + n),
                    "key": f"/library/metadata/{900000 + int(self.rating_key) * 10 + n}",
                    "type": "clip", "title": title, "extraType": extra_type, "subtype": subtype,
                    "duration": 90_000, "Media": [{"id": n, "duration": 90_000,
                                                   "container": "mp4",
                                                   "Part": [{"id": n, "key": key,
                                                             "duration": 90_000}]}]}
        clips = [clip(1, "Making of", 5, "behindTheScenes",
                      f"/library/parts/{self.rating_key}/{self.added_at}/making.mp4")]
        if self.trailer_key:
            clips.append(clip(2, "Trailer", 1, "trailer", self.trailer_key))
        return {"size": len(clips), "Metadata": clips}

    def released(self):
        return f"{self.year:04d}-{1 + self.row % 12:02d}-{1 + self.row % 28:02d}" if self.year else None

    def metadata(self, section, details=False):
        """A `Metadata` entry as `/all` lists it; `details` adds what `/library/metadata/{id}`
        gives beyond that (tag ids and filters, the whole cast, the tagline)."""
        entry = {
            "ratingKey": self.rating_key, "key": f"/library/metadata/{self.rating_key}",
            "guid": f"plex://movie/{hashlib.md5(self.title.encode()).hexdigest()[:24]}",
            "type": "movie", "title": self.title, "librarySectionID": int(section.key),
            "librarySectionTitle": section.title, "summary": self.summary,
            "addedAt": self.added_at, "updatedAt": self.updated_at,
        }
        if self.title_sort != self.title:
            entry["titleSort"] = self.title_sort
        optional = {
            "year": self.year, "originallyAvailableAt": self.released(),
            "contentRating": self.content_rating, "audienceRating": self.audience_rating,
            "audienceRatingImage": "imdb://image.rating" if self.audience_rating else None,
            "rating": round(self.audience_rating * 0.9, 1) if self.audience_rating else None,
            "duration": self.duration_ms, "thumb": self.thumb,
            "viewCount": self.view_count or None, "viewOffset": self.view_offset or None,
            "lastViewedAt": self.last_viewed_at,
        }
        entry.update({k: v for k, v in optional.items() if v is not None})
        if details:
            entry["tagline"] = self.tagline
        entry["Media"] = [{
            "id": int(self.rating_key), "duration": self.duration_ms or 0, "container": "mkv",
            "videoCodec": "h264", "audioCodec": "aac", "videoResolution": "1080",
            "Part": [{"id": int(self.rating_key), "key": self.part_key,
                      "duration": self.duration_ms or 0, "container": "mkv",
                      "file": f"/data/Movies/{self.title} ({self.year}).mkv", "size": 16_384}],
        }]
        if details:
            entry["Media"][0]["Part"][0]["Stream"] = plex_tracks.streams(self)
        entry["Genre"] = [self._tag(g, GENRE_IDS[g], "genre", details) for g in self.genres]
        director = DIRECTORS[self.row % len(DIRECTORS)]
        entry["Director"] = [self._tag(director, 500 + self.row % len(DIRECTORS), "director", details)]
        cast = [CAST[(self.row + i) % len(CAST)] for i in range(5 if details else 3)]
        entry["Role"] = [self._tag(name, 600 + CAST.index(name), "actor", details) for name in cast]
        if details:
            for i, role in enumerate(entry["Role"]):
                role["role"] = f"Character {i + 1}"
        return entry

    @staticmethod
    def _tag(name, tag_id, kind, details):
        # The list gives bare tags; one film's metadata gives their ids and filters too.
        return {"id": tag_id, "filter": f"{kind}={tag_id}", "tag": name} if details else {"tag": name}


class Section:
    """A library section: a `Directory` of `/library/sections`."""

    def __init__(self, key, kind, title, films):
        self.key, self.kind, self.title, self.films = key, kind, title, films
        self.uuid = hashlib.md5(f"section-{key}".encode()).hexdigest()

    def directory(self):
        return {
            "allowSync": True, "art": "/:/resources/movie-fanart.jpg", "composite":
            f"/library/sections/{self.key}/composite/{FIRST_RATING_KEY}", "filters": True,
            "refreshing": False, "thumb": "/:/resources/movie.png", "key": self.key,
            "type": self.kind, "title": self.title,
            "agent": "tv.plex.agents.movie" if self.kind == "movie" else "tv.plex.agents.series",
            "scanner": "Plex Movie" if self.kind == "movie" else "Plex TV Series",
            "language": "en-US", "uuid": self.uuid, "updatedAt": ADDED_EPOCH,
            "createdAt": ADDED_EPOCH, "scannedAt": ADDED_EPOCH, "content": True,
            "directory": True, "contentChangedAt": 1, "hidden": 0,
            "Location": [{"id": int(self.key), "path": f"/data/{self.title}"}],
        }

    def genres(self):
        names = sorted({g for film in self.films for g in film.genres})
        return [{"fastKey": f"/library/sections/{self.key}/all?genre={GENRE_IDS[n]}",
                 "key": str(GENRE_IDS[n]), "title": n, "type": "genre"} for n in names]


class Library:
    def __init__(self, csv_path, limit=None, tag_salt="v1", series_fault=None):
        with open(csv_path, newline="", encoding="utf-8") as f:
            rows = list(itertools.islice(csv.DictReader(f), limit))
        films = [Film(int(r[""]), r, tag_salt) for r in rows]
        shows, tv_entries = plex_series.build(series_fault)
        self.sections = [
            Section("1", "movie", "Movies", films),
            Section("2", "show", "TV Shows", shows),
            # A second movie library, so choosing one by name matters: every tenth film.
            Section("3", "movie", "Films 4K", [f for f in films if f.row % 10 == 0]),
        ]
        self.by_key = {s.key: s for s in self.sections}
        # Every entry by rating key: films, and shows, seasons and episodes.
        self.films = {film.rating_key: film for film in films}
        self.films.update(tv_entries)

    def section_of(self, entry):
        """The section an entry belongs to."""
        return self.sections[0] if isinstance(entry, Film) else self.by_key["2"]


SORT_KEYS = {
    "addedat": lambda f: f.added_at,
    "originallyavailableat": lambda f: f.released() or "",
    "audiencerating": lambda f: f.audience_rating,
    "year": lambda f: f.year,
    "titlesort": lambda f: f.title_sort.casefold(),
    "title": lambda f: f.title.casefold(),
    "duration": lambda f: f.duration_ms,
}


def sort_films(films, sort):
    """`sort` is Plex's `field[:desc]` (several joined by commas); unknown fields raise
    KeyError. Ties go by titleSort and ratingKey, so pages never overlap."""
    result = sorted(films, key=lambda f: (f.title_sort.casefold(), int(f.rating_key)))
    for part in reversed([p for p in sort.split(",") if p]):
        field, _, direction = part.partition(":")
        key = SORT_KEYS[field.casefold()]
        descending = direction.casefold() == "desc"
        present = [f for f in result if key(f) not in (None, "")]
        missing = [f for f in result if key(f) in (None, "")]
        present.sort(key=key, reverse=descending)
        result = present + missing
    return result
