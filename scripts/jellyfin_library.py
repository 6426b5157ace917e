"""The movie library that scripts/jellyfin-server.py serves: the IMDb CSV as Jellyfin items.

Shapes follow Jellyfin's OpenAPI document (BaseItemDto, UserItemDataDto, UserDto,
BaseItemDtoQueryResult). Everything a real library would know that the CSV does not (when a
film was added, its overview, its poster, who watched what) is made up deterministically from
the row number, so every run serves the same library.
"""

import csv
import hashlib
import itertools
import re
from datetime import datetime, timedelta, timezone

import jellyfin_people
import jellyfin_tracks
from local_server import number

SERVER_ID = "f0e1d2c3b4a5968778695a4b3c2d1e0f"
SERVER_NAME = "movies-test-jellyfin"
GENRE_COLUMNS = ("Action", "Animation", "Comedy", "Drama", "Documentary", "Romance", "Short")
TICKS_PER_SECOND = 10_000_000
ADDED_EPOCH = datetime(2021, 1, 1, tzinfo=timezone.utc)
# Jellyfin's sort names drop a leading article and fold case.
ARTICLE = re.compile(r"^(the|a|an)\s+", re.IGNORECASE)


def guid(text):
    """A Jellyfin item id: a GUID written as 32 lower-case hex digits."""
    return hashlib.md5(text.encode("utf-8")).hexdigest()


class Item:
    """One film: what the CSV says and what a server would add."""

    __slots__ = ("row", "id", "name", "sort_name", "year", "minutes", "rating", "mpaa",
                 "genres", "added", "image_tag", "overview")

    def __init__(self, row, fields, tag_salt):
        self.row = row
        self.id = guid(f"movie-{row}")
        self.name = fields["title"]
        self.sort_name = ARTICLE.sub("", self.name).casefold()
        self.year = number(fields["year"], int)
        self.minutes = number(fields["length"], int)
        self.rating = number(fields["rating"], float)
        self.mpaa = fields["mpaa"] or None
        self.genres = [g for g in GENRE_COLUMNS if fields.get(g) == "1"]
        # Added in an order unrelated to the file's: a fixed shuffle by the id's hash.
        self.added = ADDED_EPOCH + timedelta(minutes=int(self.id[:8], 16) % (4 * 365 * 24 * 60))
        # One film in seven has no poster, so the client's "no image" line is reachable.
        self.image_tag = None if row % 7 == 0 else guid(f"{tag_salt}-poster-{row}")
        kinds = " and ".join(self.genres).lower() or "film"
        when = f" from {self.year}" if self.year else ""
        self.overview = f"{self.name}: a {kinds}{when}, number {row} in the test library."

    @property
    def runtime_ticks(self):
        return self.minutes * 60 * TICKS_PER_SECOND if self.minutes else None

    def premiere_date(self):
        return f"{self.year:04d}-01-01T00:00:00.0000000Z" if self.year else None

    def made_up_data(self, seed):
        """Every fifth film played, every third of the rest stopped part way."""
        key = (self.row + seed)
        played = key % 5 == 0
        position = 0
        if not played and key % 3 == 0 and self.runtime_ticks:
            position = self.runtime_ticks * ((key % 7) + 1) // 9
        data = {
            "PlaybackPositionTicks": position, "PlayCount": 1 if played else 0,
            "IsFavorite": key % 11 == 0, "Played": played, "Key": self.id, "ItemId": self.id,
        }
        if played:
            data["LastPlayedDate"] = "2025-06-01T20:00:00.0000000Z"
        elif position:
            # Stopped part way on a day of May 2025 that the row picks, so the films to
            # continue have an order of their own, neither the file's nor by title.
            day = 1 + (self.row * 7 + seed) % 28
            data["LastPlayedDate"] = f"2025-05-{day:02d}T{self.row % 24:02d}:00:00.0000000Z"
        return data


class User:
    """A Jellyfin user with a token of their own and their own watched state."""

    def __init__(self, name, token, is_admin, seed):
        self.name = name
        self.id = guid(f"user-{name}")
        self.token = token
        self.is_admin = is_admin
        self.seed = seed
        # What clients wrote (jellyfin_playstate), by item id, over what is made up.
        self.changed = {}

    def dto(self):
        return {
            "Name": self.name, "ServerId": SERVER_ID, "ServerName": SERVER_NAME, "Id": self.id,
            "HasPassword": True, "HasConfiguredPassword": True,
            "HasConfiguredEasyPassword": False, "EnableAutoLogin": False,
            "Policy": {"IsAdministrator": self.is_admin, "IsDisabled": False, "IsHidden": False},
        }

    def user_data(self, item):
        """UserItemDataDto: what the library made up for the item, under what clients wrote;
        a series' or a season's counts its episodes (jellyfin_series.py)."""
        if hasattr(item, "folder_data"):
            return item.folder_data(self)
        data = item.made_up_data(self.seed)
        data.update(self.changed.get(item.id, {}))
        if data.get("LastPlayedDate") is None:
            data.pop("LastPlayedDate", None)  # marked unplayed: Jellyfin leaves it out
        position = data["PlaybackPositionTicks"]
        if position and item.runtime_ticks:
            data["PlayedPercentage"] = 100.0 * position / item.runtime_ticks
        return data


class Library:
    def __init__(self, csv_path, limit=None, tag_salt="v1"):
        with open(csv_path, newline="", encoding="utf-8") as f:
            rows = list(itertools.islice(csv.DictReader(f), limit))
        self.items = [Item(int(r[""]), r, tag_salt) for r in rows]
        self.by_id = {item.id: item for item in self.items}
        names = sorted({g for item in self.items for g in item.genres})
        self.genres = [{"Name": n, "Id": guid(f"genre-{n}")} for n in names]
        self.genre_names_by_id = {g["Id"]: g["Name"] for g in self.genres}
        # The TV series, seasons and episodes (jellyfin_series.py adds them).
        self.series = []

    def similar(self, item, limit):
        """Films sharing a genre with `item`, the most genres first, then by name; itself out."""
        others = [o for o in self.items if o is not item and set(o.genres) & set(item.genres)]
        others.sort(key=lambda o: (-len(set(o.genres) & set(item.genres)), o.sort_name, o.row))
        return others if limit is None else others[:limit]

    def genre_dto(self, genre):
        return {"Name": genre["Name"], "ServerId": SERVER_ID, "Id": genre["Id"],
                "Type": "Genre", "IsFolder": True, "ImageTags": {}, "LocationType": "FileSystem"}

    def item_dto(self, item, fields, user):
        """BaseItemDto as Jellyfin sends it: the base fields always, the rest only if asked."""
        if not isinstance(item, Item):
            return item.dto(fields, user)  # a series, a season or an episode
        dto = {
            "Name": item.name, "ServerId": SERVER_ID, "Id": item.id,
            "Type": "Movie", "IsFolder": False, "MediaType": "Video",
            "LocationType": "FileSystem", "VideoType": "VideoFile", "Container": "mp4",
            "ImageTags": {"Primary": item.image_tag} if item.image_tag else {},
            "BackdropImageTags": [],
        }
        optional = {
            "RunTimeTicks": item.runtime_ticks, "ProductionYear": item.year,
            "PremiereDate": item.premiere_date(), "CommunityRating": item.rating,
            "OfficialRating": item.mpaa,
        }
        dto.update({k: v for k, v in optional.items() if v is not None})
        if "genres" in fields:
            dto["Genres"] = list(item.genres)
            dto["GenreItems"] = [{"Name": g, "Id": guid(f"genre-{g}")} for g in item.genres]
        if "overview" in fields:
            dto["Overview"] = item.overview
        if "datecreated" in fields:
            dto["DateCreated"] = item.added.strftime("%Y-%m-%dT%H:%M:%S.0000000Z")
        if "sortname" in fields:
            dto["SortName"] = item.sort_name
        dto.update(jellyfin_people.extra_fields(item.row, item.year, fields))
        dto.update(jellyfin_tracks.item_fields(item, fields))
        if user is not None:
            dto["UserData"] = user.user_data(item)
        return dto


# SortBy name (folded) -> key; Jellyfin puts items without the value first when ascending.
def _missing_first(value):
    return (value is not None, value if value is not None else 0)


SORT_KEYS = {
    "datecreated": lambda item: item.added,
    "premieredate": lambda item: _missing_first(item.year),
    "productionyear": lambda item: _missing_first(item.year),
    "communityrating": lambda item: _missing_first(item.rating),
    "sortname": lambda item: item.sort_name,
    "name": lambda item: item.name.casefold(),
    "runtime": lambda item: _missing_first(item.minutes),
}


def page_of(query, items):
    """The items `startIndex` and `limit` ask for, where they start, and the total the answer
    gives: without EnableTotalRecordCount Jellyfin does not count, and it is the page's size."""
    start = query.integer("startIndex", 0)
    limit = query.integer("limit", None)
    page = items[start:] if limit is None else items[start:start + limit]
    total = len(items) if query.boolean("enableTotalRecordCount", True) else len(page)
    return page, start, total


def sort_items(items, sort_by, sort_order):
    """Sorts by each SortBy in turn, each with its own SortOrder (the last one repeats, as in
    Jellyfin), and then by sort name and id so pages never overlap."""
    result = sorted(items, key=lambda item: (item.sort_name, item.id))
    keys = list(zip(sort_by, sort_order + [sort_order[-1] if sort_order else "ascending"]
                    * (len(sort_by) - len(sort_order))))
    for name, order in reversed(keys):
        result.sort(key=SORT_KEYS[name], reverse=order == "descending")
    return result
