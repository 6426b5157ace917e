#!/usr/bin/env python3
"""A local stand-in for The Movie Database's API v3 over the IMDb CSV (stdlib only).

    python3 scripts/tmdb-server.py [--csv FILE] [--host 127.0.0.1] [--port 0] [--log FILE]
                                   [--limit N] [--repeat N] [--api-key KEY]
                                   [--access-token TOKEN] [--rate-limit N] [--latency MS]
                                   [--details-delay SECONDS]
                                   [--fail PATH --fail-status CODE --fail-message TEXT]

After binding it prints one line, `listening on http://HOST:PORT`, then serves, in the
shapes of TMDb's OpenAPI document (paths under /3, as the real service):

    GET /3/discover/movie     sort_by, with_genres, primary_release_year, vote_count.gte,
                              with_runtime.gte/.lte, with_watch_providers with watch_region
                              and with_watch_monetization_types, ...
    GET /3/search/movie       query, primary_release_year, year
    GET /3/genre/movie/list
    GET /3/configuration      images.base_url pointing at this server's /t/p/
    GET /3/movie/{id}        append_to_response: credits, videos, watch/providers,
                             recommendations (see tmdb_details.py)
    GET /3/movie/{id}/watch/providers, /credits, /videos, /recommendations
    GET /3/watch/providers/movie  watch_region: the services, with their ids
    GET /t/p/{size}/{file}    a generated PNG poster of the size's width
    GET /3/discover/tv, /3/tv/popular, /3/search/tv, /3/genre/tv/list, /3/tv/{id},
        /3/tv/{id}/season/{n}     the series of series_data.py (see tmdb_series.py)

Every /3 request needs `api_key=KEY` or `Authorization: Bearer TOKEN`, else 401 (status 7).
Pages are 20 rows; page 0 or past 500 is 400 (status 22) whatever total_pages says. More
than --rate-limit requests (default 40) within one second answer 429 (status 25) with
Retry-After. The log (--log) has one JSON line per request, with the Authorization header.
"""

import argparse
import collections
import csv
import json
import math
import struct
import threading
import time
import zlib
from pathlib import Path
from urllib.parse import parse_qsl, urlsplit

import tmdb_details
import tmdb_series
from local_server import LocalHandler, LocalServer, add_csv_arguments, add_listening_arguments, \
    number, serve

JSON_TYPE = "application/json;charset=utf-8"
PAGE_SIZE = 20
MAX_PAGE = 500

# TMDb's movie genres; the CSV's columns map onto the ones it shares ("Short" is not one).
GENRES = [(28, "Action"), (12, "Adventure"), (16, "Animation"), (35, "Comedy"), (80, "Crime"),
          (99, "Documentary"), (18, "Drama"), (10751, "Family"), (14, "Fantasy"),
          (36, "History"), (27, "Horror"), (10402, "Music"), (9648, "Mystery"),
          (10749, "Romance"), (878, "Science Fiction"), (10770, "TV Movie"), (53, "Thriller"),
          (10752, "War"), (37, "Western")]
CSV_GENRES = {"Action": 28, "Animation": 16, "Comedy": 35, "Drama": 18, "Documentary": 99,
              "Romance": 10749}
POSTER_SIZES = ["w92", "w154", "w185", "w342", "w500", "w780", "original"]
PROVIDERS = ["Netflix", "Amazon Prime Video", "Disney Plus", "Apple TV", "Google Play Movies",
             "Mubi", "Criterion Channel", "Rakuten TV"]
REGIONS = ["US", "GB", "DE", "FR", "KR", "JP", "CA", "AU"]

# Error bodies as TMDb documents them: (HTTP status, status_code, status_message).
INVALID_KEY = (401, 7, "Invalid API key: You must be granted a valid key.")
NOT_FOUND = (404, 34, "The resource you requested could not be found.")
INVALID_PAGE = (400, 22, "Invalid page: Pages start at 1 and max at 500. "
                         "They are expected to be an integer.")
OVER_LIMIT = (429, 25, "Your request count (#) is over the allowed limit of (40).")


# ---------------------------------------------------------------- data

def movie_from_csv(row):
    """One CSV row in TMDb's terms; dates, popularity and posters are derived from the row."""
    ident = int(row[""])
    year = number(row["year"], int) or 1900
    votes = number(row["votes"], int) or 0
    genres = [gid for name, gid in CSV_GENRES.items() if row.get(name) == "1"]
    return {
        "id": ident, "title": row["title"], "year": year, "votes": votes,
        "rating": number(row["rating"]) or 0.0, "runtime": number(row["length"], int),
        "budget": number(row["budget"], int) or 0, "genre_ids": genres,
    }


def load_movies(csv_path, limit, repeat):
    with open(csv_path, newline="", encoding="ascii") as f:
        movies = [movie_from_csv(row) for row in csv.DictReader(f)]
    if limit is not None:
        movies = movies[:limit]
    top = max((m["id"] for m in movies), default=0)
    # A larger list for the 500-page cap: each copy keeps its titles and takes new ids.
    movies = movies + [dict(m, id=m["id"] + copy * top) for copy in range(1, repeat)
                       for m in movies]
    for m in movies:
        ident = m["id"]
        m["release_date"] = "%04d-%02d-%02d" % (m["year"], ident % 12 + 1, ident % 28 + 1)
        m["popularity"] = round(m["votes"] / 100 + (m["year"] - 1880) / 10 + ident % 97 / 1000, 3)
        # Every seventh film has no poster, as many obscure ones on TMDb.
        m["poster_path"] = None if ident % 7 == 0 else "/p%d.png" % ident
    return movies


def list_item(m):
    return {
        "adult": False, "backdrop_path": None, "genre_ids": m["genre_ids"], "id": m["id"],
        "original_language": "en", "original_title": m["title"],
        "overview": overview(m), "popularity": m["popularity"], "poster_path": m["poster_path"],
        "release_date": m["release_date"], "title": m["title"], "video": False,
        "vote_average": m["rating"], "vote_count": m["votes"],
    }


def overview(m):
    names = [name for gid, name in GENRES if gid in m["genre_ids"]]
    kind = " and ".join(names).lower() or "feature"
    length = f", {m['runtime']} minutes long" if m["runtime"] else ""
    article = "An" if kind[0] in "aeiou" else "A"
    return f"{article} {kind} film from {m['year']}{length}, rated {m['rating']} by {m['votes']} voters."


def details(m):
    body = list_item(m)
    del body["genre_ids"]
    body.update({
        "belongs_to_collection": None, "budget": m["budget"],
        "genres": [{"id": gid, "name": name} for gid, name in GENRES if gid in m["genre_ids"]],
        "homepage": "", "imdb_id": "tt%07d" % m["id"], "origin_country": ["US"],
        "production_companies": [], "production_countries": [], "revenue": m["budget"] * 3,
        "runtime": m["runtime"] or 0, "spoken_languages": [], "status": "Released",
        "tagline": "" if m["id"] % 3 == 0 else f"The {m['year']} film everyone talked about.",
    })
    return body


def offers(m, r, kind):
    """The services (indices into PROVIDERS) a film is offered on in region `r` (an index
    into REGIONS) for `kind` (flatrate, rent, buy): made up from its id; none for every fifth
    film."""
    k = ["flatrate", "rent", "buy"].index(kind)
    if m["id"] % 5 == 0 or (m["id"] + r + k) % 4 == 0:
        return []
    return [(m["id"] + r + k * 3 + j) % len(PROVIDERS) for j in range(2)]


def providers(m, base):
    """Where a film streams, by region."""
    results = {}
    if m["id"] % 5 != 0:
        for r, region in enumerate(REGIONS):
            entry = {"link": f"{base}/movie/{m['id']}/watch?locale={region}"}
            for kind in ["flatrate", "rent", "buy"]:
                picks = offers(m, r, kind)
                if picks:
                    entry[kind] = [{"logo_path": "/logo%d.png" % p, "provider_id": p + 1,
                                    "provider_name": PROVIDERS[p], "display_priority": j}
                                   for j, p in enumerate(picks)]
            results[region] = entry
    return {"id": m["id"], "results": results}


def provider_list(region):
    """/watch/providers/movie: every service, with its priority in each region."""
    return {"results": [
        {"display_priorities": {name: (i + r) % len(PROVIDERS) for r, name in enumerate(REGIONS)},
         "display_priority": (i + REGIONS.index(region)) % len(PROVIDERS)
         if region in REGIONS else i,
         "logo_path": "/logo%d.png" % i, "provider_name": name, "provider_id": i + 1}
        for i, name in enumerate(PROVIDERS)]}


def on_services(movies, q):
    """with_watch_providers (a bar is or, a comma and) in watch_region, for the
    with_watch_monetization_types asked (a bar between them; default all)."""
    wanted = q.get("with_watch_providers", "")
    if not wanted:
        return movies
    region = q.get("watch_region", "")
    if region not in REGIONS:
        return []  # TMDb has no offers outside its regions
    r = REGIONS.index(region)
    kinds = [k for k in q.get("with_watch_monetization_types", "").split("|") if k]
    kinds = [k for k in kinds if k in ("flatrate", "rent", "buy")] or ["flatrate", "rent", "buy"]
    try:
        groups = [{int(p) - 1 for p in alt.split("|")} for alt in wanted.split(",")]
    except ValueError:
        raise BadRequest("with_watch_providers")

    def offered(m):
        have = {p for kind in kinds for p in offers(m, r, kind)}
        return all(group & have for group in groups)
    return [m for m in movies if offered(m)]


SORTS = {
    "popularity": lambda m: m["popularity"], "primary_release_date": lambda m: m["release_date"],
    "vote_average": lambda m: m["rating"], "vote_count": lambda m: m["votes"],
    "title": lambda m: m["title"].casefold(), "original_title": lambda m: m["title"].casefold(),
    "revenue": lambda m: m["budget"],
}


def sort_movies(movies, sort_by):
    field, _, direction = (sort_by or "popularity.desc").partition(".")
    key = SORTS.get(field, SORTS["popularity"])
    # Ties in id order either way, so pages never overlap.
    if direction == "asc":
        return sorted(movies, key=lambda m: (key(m), m["id"]))
    return sorted(sorted(movies, key=lambda m: m["id"]), key=key, reverse=True)


class BadRequest(Exception):
    pass


def discover(movies, q):
    genres = q.get("with_genres", "")
    if genres:
        wanted = [{int(g) for g in alt.split("|") if g.isdigit()} for alt in genres.split(",")]
        movies = [m for m in movies if all(alt & set(m["genre_ids"]) for alt in wanted)]
    checks = [("primary_release_year", lambda m, v: m["year"] == int(v)),
              ("year", lambda m, v: m["year"] == int(v)),
              ("primary_release_date.gte", lambda m, v: m["release_date"] >= v),
              ("primary_release_date.lte", lambda m, v: m["release_date"] <= v),
              ("vote_count.gte", lambda m, v: m["votes"] >= float(v)),
              ("vote_count.lte", lambda m, v: m["votes"] <= float(v)),
              ("vote_average.gte", lambda m, v: m["rating"] >= float(v)),
              ("vote_average.lte", lambda m, v: m["rating"] <= float(v)),
              ("with_runtime.gte", lambda m, v: (m["runtime"] or 0) >= int(v)),
              ("with_runtime.lte", lambda m, v: (m["runtime"] or 0) <= int(v))]
    for name, check in checks:
        value = q.get(name, "")
        if value:
            try:
                movies = [m for m in movies if check(m, value)]
            except ValueError:
                raise BadRequest(name)
    movies = on_services(movies, q)
    return sort_movies(movies, q.get("sort_by"))


def search(movies, q):
    words = q.get("query", "").casefold().split()
    if not words:
        return []
    found = [m for m in movies if all(w in m["title"].casefold() for w in words)]
    for name in ("primary_release_year", "year"):
        value = q.get(name, "")
        if value:
            if not value.isdigit():
                raise BadRequest(name)
            found = [m for m in found if m["year"] == int(value)]
    return sort_movies(found, "popularity.desc")


# ---------------------------------------------------------------- posters

def png(width, height, rgb):
    """A solid PNG with a lighter band, so each poster is a picture and not one colour."""
    light = bytes(min(255, c + 60) for c in rgb)
    rows = b"".join(b"\x00" + (light if height // 3 <= y < height // 2 else bytes(rgb)) * width
                    for y in range(height))

    def chunk(kind, data):
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows))
            + chunk(b"IEND", b""))


def colour(ident):
    return ((ident * 67) % 200 + 30, (ident * 131) % 200 + 30, (ident * 29) % 200 + 30)


def poster(ident, size):
    width = 500 if size == "original" else int(size[1:])
    return png(width, width * 3 // 2, colour(ident))


# ---------------------------------------------------------------- HTTP

class TMDbHandler(LocalHandler):
    server_version = "tmdb-test-server/1"
    name = "tmdb-server"

    def do_GET(self):
        options = self.server.options
        if options.latency:
            time.sleep(options.latency / 1000)
        parts = urlsplit(self.path)
        self.req_path = parts.path
        self.req_query = dict(parse_qsl(parts.query, keep_blank_values=True))
        if not self.server.admit():
            return self.send_error_body(OVER_LIMIT, {"Retry-After": str(options.retry_after)})
        if parts.path.startswith("/t/p/"):
            if options.fail and parts.path.startswith(options.fail):
                return self.send_error_body((options.fail_status, 0, options.fail_message))
            return self.route_poster(parts.path[len("/t/p/"):])
        if not parts.path.startswith("/3/"):
            return self.send_error_body(NOT_FOUND)
        if not self.authorized():
            return self.send_error_body(INVALID_KEY)
        if options.fail and parts.path.startswith(options.fail):
            return self.send_error_body((options.fail_status, 0, options.fail_message))
        try:
            self.route(parts.path[len("/3"):])
        except BadRequest:
            self.send_error_body((422, 18, "Validation failed."))

    def authorized(self):
        options = self.server.options
        header = self.headers.get("Authorization", "")
        if header.startswith("Bearer ") and header[len("Bearer "):] == options.access_token:
            return True
        return self.req_query.get("api_key") == options.api_key

    def route(self, path):
        catalogue = self.server.catalogue
        parts = path.strip("/").split("/")
        if path in ("/discover/movie", "/search/movie", "/discover/tv", "/search/tv",
                    "/tv/popular"):
            return self.route_list(path)
        if path == "/genre/tv/list":
            return self.send_json({"genres": [{"id": i, "name": n} for i, n in tmdb_series.TV_GENRES]})
        if len(parts) >= 2 and parts[0] == "tv" and parts[1].isdigit():
            return self.route_tv(parts[1:])
        if path == "/watch/providers/movie":
            return self.send_json(provider_list(self.req_query.get("watch_region", "")))
        if path == "/genre/movie/list":
            return self.send_json({"genres": [{"id": i, "name": n} for i, n in GENRES]})
        if path == "/configuration":
            return self.send_json({"images": {
                "base_url": self.base_url() + "/t/p/", "secure_base_url": self.base_url() + "/t/p/",
                "backdrop_sizes": ["w300", "w780", "w1280", "original"],
                "logo_sizes": ["w45", "w92", "w154", "w185", "w300", "w500", "original"],
                "poster_sizes": POSTER_SIZES,
                "profile_sizes": ["w45", "w185", "h632", "original"],
                "still_sizes": ["w92", "w185", "w300", "original"]}, "change_keys": []})
        if len(parts) in (2, 3, 4) and parts[0] == "movie" and parts[1].isdigit():
            if len(parts) == 2 and self.server.options.details_delay:
                time.sleep(self.server.options.details_delay)  # a slow /movie/{id} alone
            movie = catalogue.by_id.get(int(parts[1]))
            if movie is not None and len(parts) == 2:
                return self.send_json(self.movie_details(movie))
            part = "/".join(parts[2:])
            if movie is not None and part in tmdb_details.APPENDABLE:
                return self.send_json(self.movie_part(movie, part))
        self.send_error_body(NOT_FOUND)

    def movie_details(self, movie):
        """/movie/{id}, with each part `append_to_response` names under its own key."""
        try:
            parts = tmdb_details.appended(self.req_query.get("append_to_response", ""))
        except ValueError:
            raise BadRequest("append_to_response")
        body = details(movie)
        for part in parts:
            body[part] = self.movie_part(movie, part)
        return body

    def movie_part(self, movie, part):
        if part == "credits":
            return tmdb_details.credits(movie)
        if part == "videos":
            return tmdb_details.videos(movie)
        if part == "recommendations":
            raw = self.req_query.get("page", "1")
            page = int(raw) if raw.isdigit() and int(raw) >= 1 else 1
            return tmdb_details.recommendations(self.server.catalogue, movie, page, list_item)
        return providers(movie, "https://www.themoviedb.org")

    def route_tv(self, parts):
        """/tv/{id}, its parts alone, and /tv/{id}/season/{n}."""
        fault = self.server.options.series_fault
        series = tmdb_series.BY_ID.get(int(parts[0]))
        rest = "/".join(parts[1:])
        if series is None:
            return self.send_error_body(NOT_FOUND)
        if not rest:
            asked = self.req_query.get("append_to_response", "")
            try:
                tmdb_details.appended(asked)  # TMDb's limit on the number of parts
            except ValueError:
                raise BadRequest("append_to_response")
            appended = [name for name in asked.split(",") if name]
            body = tmdb_series.details(series, fault)
            for name in appended:
                if name in tmdb_series.APPENDABLE:
                    body[name] = tmdb_series.part(series, name, providers)
            return self.send_json(body)
        if rest in tmdb_series.APPENDABLE:
            return self.send_json(tmdb_series.part(series, rest, providers))
        if len(parts) == 3 and parts[1] == "season" and parts[2].isdigit():
            season = tmdb_series.season(series, int(parts[2]), fault)
            if season is not None:
                return self.send_json(season)
        self.send_error_body(NOT_FOUND)

    def route_list(self, path):
        q = self.req_query
        raw = q.get("page", "1") or "1"
        page = int(raw) if raw.isdigit() else 0
        if not 1 <= page <= MAX_PAGE:
            return self.send_error_body(INVALID_PAGE)
        if path.endswith("/tv") or path == "/tv/popular":
            found = (tmdb_series.search(q, BadRequest) if path == "/search/tv"
                     else tmdb_series.discover({} if path == "/tv/popular" else q, BadRequest))
            item = tmdb_series.list_item
        else:
            found, item = self.server.catalogue.matching(path, q), list_item
        start = (page - 1) * PAGE_SIZE
        results = found[start:start + PAGE_SIZE]
        pages, total = math.ceil(len(found) / PAGE_SIZE), len(found)
        claimed = self.server.options.claimed_pages
        if claimed is not None and path.startswith("/search/"):
            # A search that claims far more than it has, and past its end sends its first
            # page again: the same films, never a new one.
            pages, total = claimed, claimed * PAGE_SIZE
            results = results or found[:PAGE_SIZE]
        self.send_json({"page": page, "results": [item(m) for m in results],
                        "total_pages": pages, "total_results": total})

    def route_poster(self, rest):
        size, _, name = rest.partition("/")
        key = tmdb_series.image_key(name)
        if key is not None and size in POSTER_SIZES + ["w300"]:
            # A series poster, or an episode's still (16:9, as TMDb's stills are).
            width = 500 if size == "original" else int(size[1:])
            still = name.startswith("e")
            return self.send_body(200, "image/png", png(width, width * 9 // 16 if still
                                                        else width * 3 // 2, colour(key)))
        ident = name[1:-4] if name.startswith("p") and name.endswith(".png") else ""
        movie = self.server.catalogue.by_id.get(int(ident)) if ident.isdigit() else None
        if size not in POSTER_SIZES or movie is None or movie["poster_path"] != "/" + name:
            return self.send_body(404, "text/plain", b"Not Found")
        self.send_body(200, "image/png", poster(movie["id"], size))

    # -- plumbing

    def send_json(self, document):
        self.send_body(200, JSON_TYPE, json.dumps(document, separators=(",", ":")).encode())

    def send_error_body(self, error, headers=None):
        status, code, message = error
        body = {"status_code": code, "status_message": message, "success": False}
        self.send_body(status, JSON_TYPE, json.dumps(body).encode(), headers)

    def log_entry(self, status, nbytes):
        return {**super().log_entry(status, nbytes),
                "authorization": self.headers.get("Authorization")}


class Catalogue:
    """The films, with each list a query selects made once: pages only slice it."""

    # Parameters that do not change which films a list holds, or their order.
    NOT_SELECTING = {"page", "api_key", "language", "region", "include_adult", "include_video"}

    def __init__(self, movies):
        self.movies = movies
        self.by_id = {m["id"]: m for m in movies}
        self._lists = collections.OrderedDict()
        self._lock = threading.Lock()

    def matching(self, path, q):
        key = (path,) + tuple(sorted((k, v) for k, v in q.items() if k not in self.NOT_SELECTING))
        with self._lock:
            found = self._lists.get(key)
        if found is None:
            found = discover(self.movies, q) if path == "/discover/movie" else search(self.movies, q)
            with self._lock:
                self._lists[key] = found
                while len(self._lists) > 64:
                    self._lists.popitem(last=False)
        return found


class TMDbServer(LocalServer):
    handler = TMDbHandler

    def __init__(self, options, catalogue):
        super().__init__(options)
        self.catalogue = catalogue
        self._recent = collections.deque()
        self._lock = threading.Lock()

    def admit(self):
        """False for a request past the limit within the last second (counted when refused
        too, as a client that does not wait is not let through by hammering)."""
        now = time.monotonic()
        with self._lock:
            while self._recent and now - self._recent[0] >= 1.0:
                self._recent.popleft()
            self._recent.append(now)
            return len(self._recent) <= self.options.rate_limit


def parse_args(argv=None):
    ap = argparse.ArgumentParser(description="A local TMDb API v3 for tests.")
    add_csv_arguments(ap)
    add_listening_arguments(ap)
    ap.add_argument("--repeat", type=int, default=1, metavar="N",
                    help="serve the films N times over, with new ids (default 1)")
    ap.add_argument("--api-key", default="test-api-key", help="the v3 key it accepts")
    ap.add_argument("--access-token", default="test-access-token",
                    help="the v4 read token it accepts as a bearer")
    ap.add_argument("--rate-limit", type=int, default=40, metavar="N",
                    help="requests allowed within one second (default 40)")
    ap.add_argument("--retry-after", type=int, default=1, metavar="SECONDS",
                    help="the Retry-After of a 429 (default 1)")
    ap.add_argument("--latency", type=float, default=0, metavar="MS",
                    help="wait this long before each answer (default 0)")
    ap.add_argument("--details-delay", type=float, default=0, metavar="SECONDS",
                    help="answer /movie/{id} this much later than the rest (default 0)")
    ap.add_argument("--fail", metavar="PATH", help="answer requests under PATH with an error")
    ap.add_argument("--fail-status", type=int, default=500)
    ap.add_argument("--claimed-pages", type=int, metavar="N",
                    help="searches claim N pages, and past their end send their first page again")
    ap.add_argument("--fail-message", default="Internal error: Something went wrong.")
    ap.add_argument("--series-fault", choices=["self-season", "wild-numbers"],
                    help="a series lists itself as its own season, or sends numbers far out "
                    "of range (see tmdb_series.py)")
    return ap.parse_args(argv)


def main(argv=None):
    options = parse_args(argv)
    catalogue = Catalogue(load_movies(Path(options.csv), options.limit, max(1, options.repeat)))
    catalogue.matching("/discover/movie", {})  # the default list, before the first request
    serve(TMDbServer(options, catalogue))


if __name__ == "__main__":
    main()
