#!/usr/bin/env python3
"""A small Hoppin-compatible HTTP server over an offline catalogue (stdlib only).

    python3 scripts/hoppin-server.py [--catalogue DIR] [--host 127.0.0.1] [--port 0]
                                     [--log FILE] [--limit N] [--content-type TYPE]
                                     [--latency MS] [--repeat N]
                                     [--fault KIND [--fault-on ...] ...]

After binding it prints one line, `listening on http://HOST:PORT`, then serves:

    GET /hoppin/movies?version=1&page=N&count=C&genreId=G&order=O
    GET /posters/<file>
    GET /hoppin/genres
    GET /moved/posters/<file>   (where --fault redirect sends poster requests)

--fault injects one kind of failure; see hoppin_faults.py for the kinds and their options.
Used by the end-to-end tests and to try `movies --api` without the real service.
"""

import argparse
import json
import threading
import time
from pathlib import Path
from urllib.parse import parse_qsl, unquote, urlsplit

import hoppin_faults
from local_server import REPO_ROOT, LocalHandler, LocalServer, add_listening_arguments, \
    check_limit, serve

DEFAULT_CATALOGUE = REPO_ROOT / "sample-data"
DEFAULT_CONTENT_TYPE = "application/json; charset=utf-8"
JSON_TYPE = "application/json; charset=utf-8"
POSTER_TYPES = {".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg"}
MAX_COUNT = 1000


# ---------------------------------------------------------------- sort keys

def year_key(movie):
    s = str(movie.get("releaseDate", ""))[:4]
    return int(s) if s.isdigit() else 0


def rating_key(movie):
    try:
        return float(movie.get("ratingAverage", ""))
    except ValueError:
        return 0.0


def title_key(movie):
    return str(movie.get("title", "")).casefold()


# order name -> (key function, descending?)
ORDERS = {
    "releasedateasc": (year_key, False),
    "releasedatedesc": (year_key, True),
    "ratingasc": (rating_key, False),
    "ratingdesc": (rating_key, True),
    "titleasc": (title_key, False),
}
DEFAULT_ORDER = "releasedateasc"


def sorted_indices(movies, key, descending):
    """Indices of `movies` sorted by key; ties always in file order.

    Descending orders sort stably on the negated rank of the key (not reverse=True),
    so equal keys keep their file order.
    """
    asc = sorted(range(len(movies)), key=lambda i: key(movies[i]))
    if not descending:
        return asc
    rank = [0] * len(movies)
    r, prev = -1, object()
    for i in asc:
        k = key(movies[i])
        if k != prev:
            r, prev = r + 1, k
        rank[i] = r
    return sorted(range(len(movies)), key=lambda i: -rank[i])


# ---------------------------------------------------------------- catalogue

class Catalogue:
    """The movies, loaded and pre-sorted once; page requests only slice lists."""

    def __init__(self, folder, limit=None, repeat=1):
        self.folder = Path(folder)
        self.posters = self.folder / "posters"
        doc = json.loads((self.folder / "catalogue.json").read_text(encoding="utf-8"))
        movies = doc["hoppin"]["movies"]["movie"]
        if isinstance(movies, dict):
            movies = [movies]
        if limit is not None:
            movies = movies[:limit]
        if repeat > 1:
            # A larger catalogue for scale benchmarks: each copy keeps its titles and takes new IDs.
            movies = movies + [dict(m, movieId=f"{m.get('movieId', '')}-{copy}")
                               for copy in range(1, repeat) for m in movies]
        self.movies = movies
        self.genres_body = (self.folder / "genres.json").read_bytes()

        self._genre_ids = set()
        for m in movies:
            self._genre_ids.update(g for g in str(m.get("genreIds", "")).split(",") if g)
        # (order, genreId or "") -> list of movie indices; a genre's list is made on first use.
        self.index = {(order, ""): sorted_indices(movies, key, desc)
                      for order, (key, desc) in ORDERS.items()}
        self._serialized = {}  # base URL -> list of per-movie JSON strings
        self._lock = threading.Lock()

    def serialized(self, base_url):
        """Per-movie JSON text with thumbnailImage made absolute under base_url."""
        cached = self._serialized.get(base_url)
        if cached is not None:
            return cached
        out = []
        for m in self.movies:
            thumb = m.get("thumbnailImage")
            if isinstance(thumb, str) and thumb and "://" not in thumb:
                m = dict(m, thumbnailImage=base_url + "/" + thumb.lstrip("/"))
            out.append(json.dumps(m, ensure_ascii=False, separators=(",", ":")))
        with self._lock:
            self._serialized.setdefault(base_url, out)
        return self._serialized[base_url]

    def select(self, order, genre_id):
        key = (order, genre_id)
        if key not in self.index:
            if genre_id not in self._genre_ids or (order, "") not in self.index:
                return []
            movies = self.movies
            selected = [i for i in self.index[(order, "")]
                        if genre_id in str(movies[i].get("genreIds", "")).split(",")]
            with self._lock:
                self.index.setdefault(key, selected)
        return self.index[key]


def build_page_body(movie_texts, total):
    """The Hoppin page document, with its quirks: one movie is a bare object."""
    if len(movie_texts) == 1:
        movie = movie_texts[0]
    else:
        movie = "[" + ",".join(movie_texts) + "]"
    return ('{"hoppin":{"movies":{"movie":' + movie + '},"totalCount":"' + str(total) + '"}}').encode("utf-8")


def error_body(message):
    return json.dumps({"error": message}).encode("utf-8")


class BadRequest(Exception):
    pass


def int_param(query, name, default, low, high):
    raw = query.get(name, "")
    if raw == "":
        return default
    try:
        value = int(raw)
    except ValueError:
        raise BadRequest(f"{name} must be an integer, got {raw!r}")
    if not low <= value <= high:
        raise BadRequest(f"{name} must be between {low} and {high}, got {value}")
    return value


# ---------------------------------------------------------------- HTTP

class HoppinHandler(LocalHandler):
    server_version = "hoppin-test-server/1"
    name = "hoppin-server"

    # route path -> method name; /posters/<name> is matched by prefix
    ROUTES = {
        "/hoppin/movies": "route_movies",
        "/hoppin/genres": "route_genres",
    }
    POSTERS_PREFIX = "/posters/"
    MOVED_POSTERS_PREFIX = "/moved/posters/"

    def do_GET(self):
        if self.server.options.latency:
            time.sleep(self.server.options.latency / 1000)
        parts = urlsplit(self.path)
        self.req_path = parts.path
        self.req_query = dict(parse_qsl(parts.query, keep_blank_values=True))  # last value wins
        name = self.ROUTES.get(parts.path)
        if name is not None:
            getattr(self, name)()
        elif parts.path.startswith(self.POSTERS_PREFIX):
            self.route_poster(parts.path[len(self.POSTERS_PREFIX):])
        elif parts.path.startswith(self.MOVED_POSTERS_PREFIX):
            self.route_poster(parts.path[len(self.MOVED_POSTERS_PREFIX):], faulty=False)
        else:
            self.send_body(404, JSON_TYPE, error_body(f"not found: {parts.path}"))

    # -- routes

    def route_movies(self):
        opts, cat = self.server.options, self.server.catalogue
        q = self.req_query
        try:
            page = int_param(q, "page", 1, 1, 10**9)
            count = int_param(q, "count", 10, 1, MAX_COUNT)
            order = q.get("order", "") or DEFAULT_ORDER
            if order not in ORDERS:
                raise BadRequest(f"unknown order {order!r}, expected one of {', '.join(ORDERS)}")
        except BadRequest as e:
            self.send_body(400, JSON_TYPE, error_body(str(e)))
            return
        selected = cat.select(order, q.get("genreId", ""))
        texts = cat.serialized(self.base_url())
        faults = self.server.faults
        hit = faults.hits("pages", page)
        start = (page - 1) * count
        total = len(selected)
        if hit and page > 1 and faults.kind == "shift":
            start -= hoppin_faults.SHIFT_ROWS
        if hit and page > 1 and faults.kind == "total-change":
            total += hoppin_faults.TOTAL_CHANGE
        if hit and page > 1 and faults.kind == "total-shrink":
            # The first rows of the list were deleted between two requests: every later row
            # moves up, so the rows at the start of this page were on the previous one.
            start += hoppin_faults.SHIFT_ROWS
            total -= hoppin_faults.SHIFT_ROWS
        page_texts = [texts[i] for i in selected[start:start + count]]
        lie = hoppin_faults.lying_list(faults.kind, page, count,
                                       [texts[i] for i in selected[:count]]) if hit else None
        if lie is not None:
            page_texts, total = lie
        body = build_page_body(page_texts, total)
        if hit:
            lie = hoppin_faults.page_body(faults.kind, body)
            if lie is not None:
                self.send_body(200, opts.content_type, lie)
                return
            if hoppin_faults.respond(self, faults, body, opts.content_type):
                return
        self.send_body(200, opts.content_type, body)

    def route_genres(self):
        self.send_body(200, JSON_TYPE, self.server.catalogue.genres_body)

    def route_poster(self, raw_name, faulty=True):
        name = unquote(raw_name)
        posters = self.server.catalogue.posters
        ctype = POSTER_TYPES.get(Path(name).suffix.lower())
        ok = (
            ctype is not None
            and name not in ("", ".", "..")
            and not name.startswith(".")
            and "/" not in name
            and "\\" not in name
            and "\0" not in name
            and (posters / name).is_file()
        )
        if not ok:
            self.send_body(404, JSON_TYPE, error_body(f"no such poster: {raw_name}"))
            return
        body = (posters / name).read_bytes()
        faults = self.server.faults
        if faulty and faults.hits("posters"):
            if faults.kind == "not-image":
                self.send_body(200, ctype, b"<html>this is not an image</html>")
            elif faults.kind == "content-disposition":
                header = 'attachment; filename="../../escaped.png"'
                self.send_body(200, ctype, body, {"Content-Disposition": header})
            elif faults.kind == "redirect":
                hoppin_faults.redirect(self, self.MOVED_POSTERS_PREFIX + raw_name)
            elif faults.kind == "poster-file":
                self.send_body(200, ctype, Path(faults.file).read_bytes())
            elif not hoppin_faults.respond(self, faults, body, ctype):
                self.send_body(200, ctype, body)
            return
        self.send_body(200, ctype, body)


class HoppinServer(LocalServer):
    handler = HoppinHandler

    def __init__(self, options, catalogue):
        super().__init__(options)
        self.catalogue = catalogue
        self.faults = hoppin_faults.Faults(options)


def parse_args(argv=None):
    ap = argparse.ArgumentParser(description="A small Hoppin-compatible HTTP test server.")
    ap.add_argument("--catalogue", default=str(DEFAULT_CATALOGUE),
                    help="folder with catalogue.json, genres.json and posters/ (default: the repo's sample-data)")
    add_listening_arguments(ap)
    ap.add_argument("--limit", type=int, metavar="N", help="serve only the first N movies of the catalogue")
    ap.add_argument("--content-type", default=DEFAULT_CONTENT_TYPE,
                    help=f"Content-Type of page responses (default {DEFAULT_CONTENT_TYPE!r})")
    ap.add_argument("--latency", type=float, default=0, metavar="MS",
                    help="wait this many milliseconds before answering each request (default 0)")
    ap.add_argument("--repeat", type=int, default=1, metavar="N",
                    help="serve the catalogue N times over, with new movie IDs (default 1)")
    hoppin_faults.add_arguments(ap)
    return check_limit(ap, ap.parse_args(argv))


def main(argv=None):
    options = parse_args(argv)
    catalogue = Catalogue(options.catalogue, options.limit, options.repeat)
    server = HoppinServer(options, catalogue)
    wildcard = server.server_address[0] in ("0.0.0.0", "::", "")
    # The cache is warmed before the first request, for the address clients will use.
    serve(server, None if wildcard else catalogue.serialized)


if __name__ == "__main__":
    main()
