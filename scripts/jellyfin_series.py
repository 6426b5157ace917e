"""The TV half of scripts/jellyfin-server.py: series_data.py's series as Jellyfin items, in the
shapes of Jellyfin's OpenAPI document (BaseItemDto of Type Series, Season and Episode,
UserItemDataDto with UnplayedItemCount, BaseItemDtoQueryResult), and the TvShows routes:

    GET /Items?IncludeItemTypes=Series|Episode&…   (as films: SearchTerm, paging, SortBy, …)
    GET /Shows/{id}/Seasons?userId=&Fields=
    GET /Shows/{id}/Episodes?userId=&SeasonId=&Season=&StartIndex=&Limit=&Fields=
        (404 for an unknown series or SeasonId; an empty list for a Season number it lacks)
    GET /Shows/NextUp?userId=&SeriesId=&StartIndex=&Limit=&Fields=&EnableResumable=
        (per user: the episode after the last one played, the first one if none was; none
        once all are played; EnableResumable=false leaves out one stopped part way)

Episodes carry SeriesId, SeriesName, SeasonId, ParentIndexNumber, IndexNumber, RunTimeTicks
and the user's UserData; they stream, and the session reports keep their state, as films.
Series 5's last episode is Virtual (no file: no stream). `--series-fault self-season` lists a
series as its own first season (its own Id), and answers its episodes with its seasons;
`wild-numbers` sends numbers, counts and ticks far out of range.
"""

import re
from datetime import timedelta

import jellyfin_people
from jellyfin_library import ADDED_EPOCH, ARTICLE, SERVER_ID, TICKS_PER_SECOND, guid, page_of
from series_data import ALL

SEASONS_PATH = re.compile(r"^/Shows/([0-9a-fA-F]{32})/Seasons$")
EPISODES_PATH = re.compile(r"^/Shows/([0-9a-fA-F]{32})/Episodes$")
HUGE = 10 ** 30


class TVItem:
    """What the library asks of any item: its DTO and its user data."""

    fault = None  # --series-fault, set by build()

    def dto(self, fields, user):
        return dto(self, fields, user, self.fault)


class Folder(TVItem):
    playable = False
    runtime_ticks = None

    def folder_data(self, user):
        return folder_data(user, self)


class SeriesItem(Folder):

    def __init__(self, data, tag_salt):
        self.data = data
        self.row = 50_000 + data.index  # for jellyfin_people's made-up cast
        self.id = guid(f"series-{data.index}")
        self.name = data.name
        self.sort_name = ARTICLE.sub("", self.name).casefold()
        self.year, self.rating, self.genres = data.year, data.rating, list(data.genres)
        self.minutes = data.minutes
        self.added = ADDED_EPOCH + timedelta(days=data.index * 11)
        self.image_tag = None if data.index % 7 == 6 else guid(f"{tag_salt}-series-{data.index}")
        self.overview = data.overview
        self.seasons = [SeasonItem(self, n, eps, tag_salt)
                        for n, eps in enumerate(data.seasons, start=1)]
        self.episodes = [e for s in self.seasons for e in s.episodes]


class SeasonItem(Folder):

    def __init__(self, series, number, episodes, tag_salt):
        self.series, self.number = series, number
        self.id = guid(f"season-{series.data.index}-{number}")
        self.name = f"Season {number}"
        self.image_tag = None
        self.episodes = [EpisodeItem(self, e, tag_salt) for e in episodes]


class EpisodeItem(TVItem):
    def __init__(self, season, data, tag_salt):
        self.season, self.series, self.data = season, season.series, data
        self.id = guid(f"episode-{self.series.data.index}-{data.season}-{data.number}")
        self.row = 60_000 + self.series.data.index * 1000 + data.season * 50 + data.number
        self.name = data.name
        self.playable = data.has_file
        self.image_tag = None if data.number % 5 == 0 else guid(f"{tag_salt}-still-{self.id}")
        self.order = self.series.data.episodes.index(data)
        # What /Items filters and sorts by, as for films.
        self.sort_name, self.year = self.name.casefold(), int(data.air_date[:4])
        self.rating, self.minutes, self.genres = None, data.minutes, self.series.genres
        self.added = self.series.added + timedelta(hours=self.row % 1000)

    @property
    def runtime_ticks(self):
        return self.data.minutes * 60 * TICKS_PER_SECOND

    def made_up_data(self, seed):
        """Seen in order: the first `seen` played, the next one stopped a third of the way for
        every third series."""
        series = self.series.data
        seen = series.seen(seed)
        played = self.order < seen
        position = self.runtime_ticks // 3 if (
            self.order == seen and series.stopped_part_way(seed)) else 0
        data = {"PlaybackPositionTicks": position, "PlayCount": 1 if played else 0,
                "IsFavorite": False, "Played": played, "Key": self.id, "ItemId": self.id}
        if played or position:
            # Later episodes watched later; the one stopped part way last of all.
            data["LastPlayedDate"] = (f"2025-0{1 + self.series.data.index % 9}-"
                                      f"{1 + min(self.order, 27):02d}T21:00:00.0000000Z")
        return data


def build(tag_salt, fault=None):
    """The series items, and every series, season and episode by id."""
    TVItem.fault = fault
    series = [SeriesItem(s, tag_salt) for s in ALL]
    by_id = {}
    for s in series:
        by_id[s.id] = s
        for season in s.seasons:
            by_id[season.id] = season
            by_id.update((e.id, e) for e in season.episodes)
    return series, by_id


def folder_data(user, folder):
    """UserItemDataDto of a series or a season: its episodes' counts."""
    episodes = folder.episodes
    unplayed = sum(1 for e in episodes if not user.user_data(e)["Played"])
    data = {"UnplayedItemCount": unplayed, "PlaybackPositionTicks": 0, "PlayCount": 0,
            "IsFavorite": False, "Played": bool(episodes) and unplayed == 0,
            "Key": folder.id, "ItemId": folder.id}
    if episodes:
        data["PlayedPercentage"] = 100.0 * (len(episodes) - unplayed) / len(episodes)
    return data


def dto(item, fields, user, fault=None):
    """BaseItemDto of a series, a season or an episode."""
    base = {"Name": item.name, "ServerId": SERVER_ID, "Id": item.id, "LocationType": "FileSystem",
            "ImageTags": {"Primary": item.image_tag} if item.image_tag else {},
            "BackdropImageTags": []}
    if isinstance(item, SeriesItem):
        s = item.data
        base.update({"Type": "Series", "IsFolder": True, "ProductionYear": s.year,
                     "PremiereDate": s.first_air_date + "T00:00:00.0000000Z",
                     "CommunityRating": s.rating, "Status": "Ended" if s.ended else "Continuing",
                     "RunTimeTicks": s.minutes * 60 * TICKS_PER_SECOND})
        if s.ended and s.episodes:
            base["EndDate"] = s.episodes[-1].air_date + "T00:00:00.0000000Z"
        counts = {"childcount": ("ChildCount", len(item.seasons)),
                  "recursiveitemcount": ("RecursiveItemCount", len(item.episodes))}
        base.update(dict(v for k, v in counts.items() if k in fields))
        if "genres" in fields:
            base["Genres"] = list(item.genres)
            base["GenreItems"] = [{"Name": g, "Id": guid(f"genre-{g}")} for g in item.genres]
        if "overview" in fields:
            base["Overview"] = item.overview
        if "sortname" in fields:
            base["SortName"] = item.sort_name
        if "datecreated" in fields:
            base["DateCreated"] = item.added.strftime("%Y-%m-%dT%H:%M:%S.0000000Z")
        base.update(jellyfin_people.extra_fields(item.row, s.year, fields - {"remotetrailers"}))
    elif isinstance(item, SeasonItem):
        base.update({"Type": "Season", "IsFolder": True, "IndexNumber": item.number,
                     "SeriesId": item.series.id, "SeriesName": item.series.name,
                     "ParentId": item.series.id})
        if "childcount" in fields:
            base["ChildCount"] = len(item.episodes)
    else:
        e = item.data
        base.update({"Type": "Episode", "IsFolder": False, "MediaType": "Video",
                     "VideoType": "VideoFile", "Container": "mkv",
                     "SeriesId": item.series.id, "SeriesName": item.series.name,
                     "SeasonId": item.season.id, "SeasonName": item.season.name,
                     "ParentIndexNumber": e.season, "IndexNumber": e.number,
                     "RunTimeTicks": item.runtime_ticks, "ProductionYear": int(e.air_date[:4]),
                     "PremiereDate": e.air_date + "T00:00:00.0000000Z"})
        if item.series.image_tag:
            base["SeriesPrimaryImageTag"] = item.series.image_tag
        if not item.playable:
            # A missing episode: known to the series, with no file behind it.
            base.update({"LocationType": "Virtual", "MediaType": "Unknown"})
            del base["VideoType"], base["Container"]
        if "overview" in fields:
            base["Overview"] = f"{item.series.name} {e.code}."
    if user is not None:
        base["UserData"] = user.user_data(item)
    if fault == "wild-numbers":
        wild(base)
    return base


def wild(base):
    """Numbers far out of range where a client reads numbers."""
    for name in ("IndexNumber", "ChildCount", "RecursiveItemCount"):
        if name in base:
            base[name] = HUGE
    if "ParentIndexNumber" in base:
        base["ParentIndexNumber"] = -HUGE
    if "RunTimeTicks" in base:
        base["RunTimeTicks"] = 1e300
    data = base.get("UserData")
    if data is not None:
        data["PlaybackPositionTicks"] = HUGE * HUGE
        if "UnplayedItemCount" in data:
            data["UnplayedItemCount"] = -HUGE


def next_up(user, series):
    """The episode after the last one played (skipping ones without a file), the first if
    none was played, None once all are."""
    episodes = [e for e in series.episodes if e.playable]
    played = [i for i, e in enumerate(episodes) if user.user_data(e)["Played"]]
    start = played[-1] + 1 if played else 0
    return episodes[start] if start < len(episodes) else None


def route(handler, problem):
    """Answers a /Shows route; False for another path."""
    path = handler.req_path
    if path == "/Shows/NextUp":
        route_next_up(handler, problem)
    elif SEASONS_PATH.match(path):
        route_seasons(handler, problem, SEASONS_PATH.match(path).group(1).lower())
    elif EPISODES_PATH.match(path):
        route_episodes(handler, problem, EPISODES_PATH.match(path).group(1).lower())
    else:
        return False
    return True


def series_of(handler, problem, raw):
    series = handler.server.library.by_id.get(raw)
    if not isinstance(series, SeriesItem):
        raise problem(404, "Series not found")
    return series


def send_page(handler, items, user):
    q = handler.query
    page, start, total = page_of(q, items)
    fields = {f.casefold() for f in q.array("fields")}
    if not q.boolean("enableUserData", True):
        user = None
    fault = handler.server.options.series_fault
    handler.send_json(200, {"Items": [dto(i, fields, user, fault) if not isinstance(i, dict)
                                      else i for i in page],
                            "TotalRecordCount": total, "StartIndex": start})


def route_seasons(handler, problem, raw):
    user = handler.user_for_query(handler.authorize())
    series = series_of(handler, problem, raw)
    items = list(series.seasons)
    if handler.server.options.series_fault == "self-season":
        fields = {f.casefold() for f in handler.query.array("fields")}
        itself = dto(series.seasons[0], fields, user) if series.seasons else {}
        itself.update({"Id": series.id, "Name": series.name})
        items = [itself] + items
    send_page(handler, items, user)


def route_episodes(handler, problem, raw):
    user = handler.user_for_query(handler.authorize())
    series = series_of(handler, problem, raw)
    q = handler.query
    season_id = (q.get("seasonId") or "").replace("-", "").lower()
    if season_id:
        if season_id == series.id and handler.server.options.series_fault == "self-season":
            return route_seasons(handler, problem, raw)  # the series' "season" holds seasons
        season = handler.server.library.by_id.get(season_id)
        if not isinstance(season, SeasonItem) or season.series is not series:
            raise problem(404, f"No season exists with Id {q.get('seasonId')}")
        items = season.episodes
    elif q.get("season") not in (None, ""):
        number = q.integer("season", 0)
        items = next((s.episodes for s in series.seasons if s.number == number), [])
    else:
        items = series.episodes
    send_page(handler, items, user)


def route_next_up(handler, problem):
    user = handler.user_for_query(handler.authorize())
    if user is None:
        raise problem(400, "A user is needed: pass userId.")
    lib, q = handler.server.library, handler.query
    raw = (q.get("seriesId") or "").replace("-", "").lower()
    if raw:
        series = lib.by_id.get(raw)
        chosen = [series] if isinstance(series, SeriesItem) else []
    else:
        # Across series only those the user has started, the most recently watched first.
        chosen = [s for s in lib.series if any(user.user_data(e)["Played"] for e in s.episodes)]
        chosen.sort(key=lambda s: max(user.user_data(e).get("LastPlayedDate", "")
                                      for e in s.episodes), reverse=True)
    found = [e for e in (next_up(user, s) for s in chosen) if e is not None]
    if not q.boolean("enableResumable", True):
        # Without the episodes stopped part way (a client lists those from Resume).
        found = [e for e in found if not user.user_data(e)["PlaybackPositionTicks"]]
    send_page(handler, found, user)
