"""The TV half of scripts/tmdb-server.py: series_data.py's series in the shapes of TMDb's
OpenAPI document (TvSeriesDiscover/TvSeriesSearch list items, TvSeriesDetails with
`created_by`, `seasons`, `number_of_seasons`, `number_of_episodes`, TvSeasonDetails with
`episodes`). TV answers name a title `name` and its date `first_air_date`; ids overlap
films' (series 1399 and film 1399 are two titles).

    GET /3/discover/tv     sort_by, with_genres, first_air_date_year, first_air_date.gte/.lte,
                           vote_count.gte, vote_average.gte
    GET /3/tv/popular      GET /3/search/tv (query, first_air_date_year, year)
    GET /3/genre/tv/list   GET /3/tv/{id} (append_to_response: credits, videos,
                           watch/providers, aggregate_credits)
    GET /3/tv/{id}/credits, /videos, /watch/providers
    GET /3/tv/{id}/season/{n}   (404, status 34, for a season the series does not have)

`--series-fault self-season` lists a series as one of its own seasons (its own id and name,
season number 1 again, then every season again); `wild-numbers` sends episode and season
numbers, counts and running times far out of range.
"""

import tmdb_details
from series_data import ALL

# TMDb's TV genres; the series' genres map onto them.
TV_GENRES = [(10759, "Action & Adventure"), (16, "Animation"), (35, "Comedy"), (80, "Crime"),
             (99, "Documentary"), (18, "Drama"), (10751, "Family"), (10762, "Kids"),
             (9648, "Mystery"), (10763, "News"), (10764, "Reality"),
             (10765, "Sci-Fi & Fantasy"), (10766, "Soap"), (10767, "Talk"),
             (10768, "War & Politics"), (37, "Western")]
GENRE_IDS = {"Drama": 18, "Comedy": 35, "Action": 10759, "Animation": 16, "Documentary": 99,
             "Romance": 10766}
APPENDABLE = ("credits", "aggregate_credits", "videos", "watch/providers")
BY_ID = {s.tmdb_id: s for s in ALL}
HUGE = 10 ** 30


def genre_ids(series):
    return [GENRE_IDS[g] for g in series.genres]


def poster_path(series):
    # Every seventh series has no poster, as the films.
    return None if series.index % 7 == 6 else "/s%d.png" % series.tmdb_id


def episode_id(episode):
    return 5_000_000 + episode.series.tmdb_id * 1000 + episode.season * 50 + episode.number


def still_path(episode):
    return None if episode.number % 5 == 0 else "/e%d.png" % episode_id(episode)


def list_item(s):
    return {
        "adult": False, "backdrop_path": None, "genre_ids": genre_ids(s), "id": s.tmdb_id,
        "origin_country": ["US"], "original_language": "en", "original_name": s.name,
        "overview": s.overview, "popularity": s.popularity, "poster_path": poster_path(s),
        "first_air_date": s.first_air_date, "name": s.name, "vote_average": s.rating,
        "vote_count": s.votes,
    }


def season_summary(s, number, episodes):
    return {"air_date": episodes[0].air_date if episodes else None,
            "episode_count": len(episodes), "id": 60_000 + s.tmdb_id * 100 + number,
            "name": f"Season {number}", "overview": "", "poster_path": None,
            "season_number": number, "vote_average": 0.0}


def episode_item(e, fault=None):
    body = {
        "air_date": e.air_date, "episode_number": e.number, "episode_type": "standard",
        "id": episode_id(e), "name": e.name, "overview": f"{e.series.name} {e.code}.",
        "production_code": "", "runtime": e.minutes, "season_number": e.season,
        "show_id": e.series.tmdb_id, "still_path": still_path(e), "vote_average": 7.5,
        "vote_count": 10, "crew": [], "guest_stars": [],
    }
    if fault == "wild-numbers":
        body.update({"episode_number": -HUGE if e.number % 2 else HUGE,
                     "season_number": 2 ** 63 + e.number, "runtime": 1e300,
                     "air_date": "99999-99-99"})
    return body


def details(s, fault=None):
    seasons = [season_summary(s, n, eps) for n, eps in enumerate(s.seasons, start=1)]
    episodes = s.episodes
    body = list_item(s)
    del body["genre_ids"]
    body.update({
        "created_by": [{"id": 7000 + i, "credit_id": "cb%d%d" % (s.tmdb_id, i), "name": name,
                        "original_name": name, "gender": 0, "profile_path": None}
                       for i, name in enumerate(s.creators)],
        "episode_run_time": [s.minutes],
        "genres": [{"id": gid, "name": name} for gid, name in TV_GENRES if gid in genre_ids(s)],
        "homepage": "", "in_production": not s.ended, "languages": ["en"],
        "last_air_date": episodes[-1].air_date if episodes else None,
        "last_episode_to_air": episode_item(episodes[-1]) if episodes else None,
        "next_episode_to_air": None, "networks": [{"id": 49, "name": "HBO"}],
        "number_of_episodes": len(episodes), "number_of_seasons": len(s.seasons),
        "production_companies": [], "production_countries": [], "seasons": seasons,
        "spoken_languages": [], "status": "Ended" if s.ended else "Returning Series",
        "tagline": "", "type": "Scripted",
    })
    if fault == "self-season":
        itself = {**season_summary(s, 1, episodes), "id": s.tmdb_id, "name": s.name}
        body["seasons"] = [itself] + seasons + seasons
    elif fault == "wild-numbers":
        body.update({"number_of_episodes": HUGE, "number_of_seasons": -HUGE})
        for entry in body["seasons"]:
            entry["episode_count"] = HUGE
            entry["season_number"] = -entry["season_number"] * HUGE
    return body


def season(s, number, fault=None):
    """/tv/{id}/season/{n}, or None for a season the series does not have."""
    if not 1 <= number <= len(s.seasons):
        return None
    episodes = s.seasons[number - 1]
    body = {"_id": "%024x" % (s.tmdb_id * 100 + number),
            **season_summary(s, number, episodes),
            "episodes": [episode_item(e, fault) for e in episodes]}
    del body["episode_count"]
    if fault == "self-season":
        # The season lists the series itself among its episodes, then its episodes twice.
        itself = {**episode_item(episodes[0]), "id": s.tmdb_id, "name": s.name} if episodes else None
        body["episodes"] = ([itself] if itself else []) + body["episodes"] * 2
    return body


def part(s, name, providers):
    """One `append_to_response` part of a series, or alone under /tv/{id}/."""
    fake = {"id": s.tmdb_id}
    if name in ("credits", "aggregate_credits"):
        credits = tmdb_details.credits(fake)
        credits["crew"] = [c for c in credits["crew"] if c["job"] != "Director"]
        return credits
    if name == "videos":
        return tmdb_details.videos(fake)
    found = providers(fake, "https://www.themoviedb.org")
    for entry in found["results"].values():
        entry["link"] = entry["link"].replace("/movie/", "/tv/")
    return found


SORTS = {
    "popularity": lambda s: s.popularity, "first_air_date": lambda s: s.first_air_date,
    "vote_average": lambda s: s.rating, "vote_count": lambda s: s.votes,
    "name": lambda s: s.name.casefold(), "original_name": lambda s: s.name.casefold(),
}


def sort_series(found, sort_by):
    field, _, direction = (sort_by or "popularity.desc").partition(".")
    key = SORTS.get(field, SORTS["popularity"])
    if direction == "asc":
        return sorted(found, key=lambda s: (key(s), s.tmdb_id))
    return sorted(sorted(found, key=lambda s: s.tmdb_id), key=key, reverse=True)


def discover(q, bad_request):
    found = list(ALL)
    genres = q.get("with_genres", "")
    if genres:
        wanted = [{int(g) for g in alt.split("|") if g.isdigit()} for alt in genres.split(",")]
        found = [s for s in found if all(alt & set(genre_ids(s)) for alt in wanted)]
    checks = [("first_air_date_year", lambda s, v: s.year == int(v)),
              ("first_air_date.gte", lambda s, v: s.first_air_date >= v),
              ("first_air_date.lte", lambda s, v: s.first_air_date <= v),
              ("vote_count.gte", lambda s, v: s.votes >= float(v)),
              ("vote_average.gte", lambda s, v: s.rating >= float(v)),
              ("vote_average.lte", lambda s, v: s.rating <= float(v))]
    for name, check in checks:
        value = q.get(name, "")
        if value:
            try:
                found = [s for s in found if check(s, value)]
            except ValueError:
                raise bad_request(name)
    return sort_series(found, q.get("sort_by"))


def search(q, bad_request):
    words = q.get("query", "").casefold().split()
    if not words:
        return []
    found = [s for s in ALL if all(w in s.name.casefold() for w in words)]
    for name in ("first_air_date_year", "year"):
        value = q.get(name, "")
        if value:
            if not value.isdigit():
                raise bad_request(name)
            found = [s for s in found if s.year == int(value)]
    return sort_series(found, "popularity.desc")


def image_key(name):
    """The number a series poster (`s{id}.png`) or an episode still (`e{id}.png`) is drawn
    from, or None for a file that does not exist."""
    if name.startswith("s") and name.endswith(".png") and name[1:-4].isdigit():
        s = BY_ID.get(int(name[1:-4]))
        return 7_000_000 + s.tmdb_id if s is not None and poster_path(s) == "/" + name else None
    if name.startswith("e") and name.endswith(".png") and name[1:-4].isdigit():
        ident = int(name[1:-4])
        s = BY_ID.get((ident - 5_000_000) // 1000)
        known = s is not None and any(episode_id(e) == ident and still_path(e) == "/" + name
                                      for e in s.episodes)
        return ident if known else None
    return None
