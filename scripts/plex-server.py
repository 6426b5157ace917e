#!/usr/bin/env python3
"""A local Plex Media Server for the tests, shaped after Plex's OpenAPI description and
recorded Plex answers (stdlib only).

    python3 scripts/plex-server.py [--csv FILE] [--limit N] [--host 127.0.0.1] [--port 0]
                                   [--log FILE] [--token T] [--tag-salt S]
                                   [--fault unavailable|slow|lying-total] [--fault-times N]

After binding it prints one line, `listening on http://HOST:PORT`, then serves the IMDb CSV
as a movie section ("Movies", key 1), a show section of series_data.py's series ("TV Shows",
key 2: see plex_series.py) and a second movie section of every tenth film ("Films 4K", key 3):

    GET /identity                               GET /library/sections
    GET /library/sections/{key}/all?type=1&sort=&genre=&title=&year>>=&year<<=
                                   &audienceRating>>=&unwatched=1|0
    GET /library/sections/{key}/genre           GET /library/sections/{key}/onDeck
    GET /hubs/search?query=&limit=              GET /library/metadata/{ratingKey}
    GET /library/metadata/{ratingKey}/similar   GET /library/metadata/{ratingKey}/thumb/{ts}
    GET /library/metadata/{ratingKey}?includeExtras=1  (its trailer under Extras)
    GET /library/parts/{id}/{ts}/trailer.mp4
    GET /library/streams/{id}                   (an external subtitle: see plex_tracks.py)
    GET /photo/:/transcode?url=&width=&height=  GET /library/parts/{id}/{ts}/file.mkv
    GET /:/timeline?ratingKey=&key=&state=&time=&duration=
    GET /:/scrobble?key=&identifier=            (applied to the film: see plex_playstate.py)
    GET /:/unscrobble?key=&identifier=
    GET /library/metadata/{ratingKey}/children|allLeaves    GET /library/onDeck

Every request needs the token (`--token`, default "test-plex-token") as the `X-Plex-Token`
header, or, as Plex also allows, as an `X-Plex-Token` URL parameter; without it the answer is
Plex's 401 page. Answers are XML unless `Accept` asks for `application/json`. Lists page by
`X-Plex-Container-Start` and `X-Plex-Container-Size` (headers, or the same names as URL
parameters); a paged answer carries `offset` and `totalSize`. `>>=` and `<<=` compare
inclusively. `--log` appends one JSON line per request: the path, query, status, how the token
came (`header`, `url`, `both` or null) and whether it was right, and the X-Plex headers (the
token itself left out).

Faults, on list requests (`/all`), for the first `--fault-times` of them (default all):
`unavailable` answers 503 with `Retry-After: 1`; `slow` waits `--fault-seconds` (default 2)
first; `lying-total` claims a totalSize 1000 larger than the truth.
"""

import argparse
import json
import re
import threading
import time
from urllib.parse import parse_qsl, urlencode, urlsplit

import jellyfin_images
import plex_playstate
import plex_series
import plex_tracks
import plex_xml
from local_server import LocalHandler, LocalServer, add_csv_arguments, add_listening_arguments, \
    check_limit, serve
from plex_library import MACHINE_IDENTIFIER, SERVER_VERSION, SORT_KEYS, Library, sort_films

UNAUTHORIZED = b"<html><head><title>Unauthorized</title></head><body><h1>401 Unauthorized</h1></body></html>"
SECTION_PATH = re.compile(r"^/library/sections/(\d+)/(all|genre|onDeck)$")
METADATA_PATH = re.compile(r"^/library/metadata/(\d+)(/similar)?$")
CHILDREN_PATH = re.compile(r"^/library/metadata/(\d+)/(children|allLeaves)$")
THUMB_PATH = re.compile(r"^/library/metadata/(\d+)/thumb/(\d+)$")
PART_PATH = re.compile(r"^/library/parts/(\d+)/(\d+)/file\.mkv$")
EXTRA_PATH = re.compile(r"^/library/parts/(\d+)/(\d+)/(trailer|making)\.mp4$")
STREAM_MAGIC = b"PLEX-TEST-STREAM "
LYING_EXTRA = 1000
LOGGED_HEADERS = ("Accept", "X-Plex-Client-Identifier", "X-Plex-Product", "X-Plex-Version",
                  "X-Plex-Container-Start", "X-Plex-Container-Size")


class Answer(Exception):
    """An answer other than 200: Plex sends these as a bare status with a short HTML page."""

    def __init__(self, status, text=None, headers=None):
        super().__init__(status)
        self.status = status
        self.headers = headers or {}
        self.body = UNAUTHORIZED if status == 401 else (
            f"<html><head><title>{text or 'Bad Request'}</title></head><body>"
            f"<h1>{status} {text or 'Bad Request'}</h1></body></html>").encode()


def integer(raw, name):
    try:
        return int(raw)
    except (TypeError, ValueError):
        raise Answer(400, f"Bad {name}")


class PlexHandler(LocalHandler):
    server_version = "PlexMediaServer/" + SERVER_VERSION
    name = "plex-server"
    common_headers = {"X-Plex-Protocol": "1.0"}

    def do_GET(self):
        parts = urlsplit(self.path)
        self.req_path = parts.path
        self.pairs = parse_qsl(parts.query, keep_blank_values=True)
        self.query = dict(self.pairs)
        self.token_via, self.token_ok = None, False
        try:
            self.redirect()
            self.authorize()
            self.route()
        except Answer as a:
            headers = dict(a.headers)
            if a.status == 503:
                headers["Retry-After"] = "1"
            self.send_body(a.status, "text/html", a.body, headers)

    do_POST = do_PUT = do_GET  # /:/timeline and /:/scrobble take any method on Plex

    def redirect(self):
        """--redirect-to: what a proxy in front of the server may answer, before any token is
        looked at: the same path and query at another base, marked moved=1 so a redirect to
        this same server ends."""
        options = self.server.options
        if (options.redirect_to is None or self.query.get("moved") is not None
                or not re.search(options.redirect_match, self.req_path)):
            return
        self.authorize_quietly()
        query = urlencode([(k, v) for k, v in self.pairs if k != "X-Plex-Token"] + [("moved", "1")])
        location = options.redirect_to.replace("{port}", str(self.server.server_address[1]))
        status = 307 if self.command == "POST" else 302
        raise Answer(status, "Moved", {"Location": f"{location}{self.req_path}?{query}"})

    def authorize_quietly(self):
        try:
            self.authorize()
        except Answer:
            pass

    def authorize(self):
        in_header = self.headers.get("X-Plex-Token")
        in_url = self.query.get("X-Plex-Token")
        self.token_via = {(True, True): "both", (True, False): "header",
                          (False, True): "url"}.get((in_header is not None, in_url is not None))
        token = in_header if in_header is not None else in_url
        self.token_ok = token == self.server.options.token
        if not self.token_ok:
            raise Answer(401)

    def route(self):
        path, srv = self.req_path, self.server
        if path == "/identity":
            return self.send_container({"size": 0, "claimed": True, "machineIdentifier":
                                        MACHINE_IDENTIFIER, "version": SERVER_VERSION})
        if path == "/library/sections":
            dirs = [s.directory() for s in srv.library.sections]
            return self.send_container({"size": len(dirs), "allowSync": False,
                                        "title1": "Plex Library", "Directory": dirs})
        if path == "/hubs/search":
            return self.route_search()
        if path == "/library/onDeck":
            return self.route_on_deck()
        if plex_playstate.route(self, Answer):
            return
        if plex_tracks.route(self, Answer):
            return
        if path == "/photo/:/transcode":
            return self.route_transcode()
        for pattern, handler in ((SECTION_PATH, self.route_section),
                                 (METADATA_PATH, self.route_metadata),
                                 (CHILDREN_PATH, self.route_children),
                                 (THUMB_PATH, self.route_thumb), (PART_PATH, self.route_part),
                                 (EXTRA_PATH, self.route_extra)):
            match = pattern.match(path)
            if match:
                return handler(*match.groups())
        raise Answer(404, "Not Found")

    # -- routes

    def section(self, key):
        section = self.server.library.by_key.get(key)
        if section is None:
            raise Answer(404, "Not Found")
        return section

    def route_section(self, key, what):
        section = self.section(key)
        if what == "genre":
            genres = section.genres()
            return self.send_container({"size": len(genres), "title1": section.title,
                                        "title2": "By Genre", "Directory": genres})
        films = self.listed(section)
        if what == "onDeck":
            # The films stopped part way, the most recently watched first, as Plex lists them;
            # in a show section the episodes to go on with.
            if section.kind == "show":
                films = plex_series.on_deck([], section.films)[:20]
            else:
                films = sorted((f for f in films if f.view_offset),
                               key=lambda f: f.last_viewed_at or 0, reverse=True)[:20]
            return self.send_page(section, films, "On Deck")
        hit = self.server.take_fault()
        if hit == "unavailable":
            raise Answer(503, "Service Unavailable")
        if hit == "slow":
            time.sleep(self.server.options.fault_seconds)
        films = self.filtered(films)
        sort = self.query.get("sort")
        if sort:
            try:
                films = sort_films(films, sort)
            except KeyError:
                raise Answer(400, "Bad sort")
        claimed = self.server.options.claimed_total if self.query.get("title") else None
        title2 = "All Shows" if section.kind == "show" else "All Movies"
        self.send_page(section, films, title2, lie=hit == "lying-total", claimed=claimed)

    def listed(self, section):
        """What a section's list holds for `type`: films (1) in a movie section; shows (2, the
        default) or episodes (4) in a show section."""
        kind = self.query.get("type", "2" if section.kind == "show" else "1")
        if section.kind == "movie":
            return section.films if kind == "1" else []
        if kind == "4":
            return [e for show in section.films for e in show.episodes]
        return section.films if kind == "2" else []

    def filtered(self, films):
        q = self.query
        title = q.get("title", "").casefold()
        if title:
            films = [f for f in films if title in f.title.casefold()]
        if "genre" in q:
            wanted = {integer(g, "genre") for g in q["genre"].split(",")}
            films = [f for f in films if wanted.intersection(
                self.server.genre_ids[g] for g in f.genres)]
        bounds = (("year>>", lambda f: f.year, int, 1), ("year<<", lambda f: f.year, int, -1),
                  ("audienceRating>>", lambda f: f.audience_rating, float, 1))
        for name, value, kind, sign in bounds:
            if name in q:
                try:
                    limit = kind(q[name])
                except ValueError:
                    raise Answer(400, f"Bad {name}")
                films = [f for f in films if value(f) is not None
                         and (value(f) - limit) * sign >= 0]
        if q.get("unwatched") == "1":
            films = [f for f in films if not f.view_count]
        elif q.get("unwatched") == "0":
            films = [f for f in films if f.view_count]
        return films

    def route_search(self):
        term = self.query.get("query", "").casefold()
        limit = integer(self.query.get("limit", "10"), "limit")
        section = self.server.library.sections[0]
        films = [f for f in section.films if term and term in f.title.casefold()][:limit]
        hub = {"title": "Movies", "type": "movie", "hubIdentifier": "movie",
               "context": "", "size": len(films), "more": False, "style": "shelf",
               "Metadata": [f.metadata(section) for f in films]}
        self.send_container({"size": 1, "Hub": [hub]})

    def route_children(self, rating_key, what):
        library = self.server.library
        item = library.films.get(rating_key)
        section = library.by_key["2"]
        if what == "allLeaves" and item is not None and hasattr(item, "episodes"):
            head = {"key": rating_key, "title1": section.title, "title2": "All episodes",
                    "viewGroup": "episode"}
            entries = [e.metadata(section) for e in item.episodes]
        else:
            found = None if item is None else plex_series.children(
                item, section, self.query, self.server.options.series_fault)
            if found is None:
                # A film has no children: Plex answers an empty container.
                if item is None:
                    raise Answer(404, "Not Found")
                found = ({"key": rating_key}, [])
            head, entries = found
        start, size = self.paging()
        begin = start or 0
        page = entries[begin:] if size is None else entries[begin:begin + size]
        container = {"size": len(page), "allowSync": True, "librarySectionID": int(section.key),
                     "librarySectionTitle": section.title, **head}
        if start is not None or size is not None:
            container.update({"offset": begin, "totalSize": len(entries)})
        container["Metadata"] = page
        self.send_container(container)

    def route_on_deck(self):
        """/library/onDeck: films and episodes to go on with, across the sections."""
        library = self.server.library
        found = plex_series.on_deck(library.sections[0].films, library.by_key["2"].films)[:40]
        start, size = self.paging()
        begin = start or 0
        page = found[begin:] if size is None else found[begin:begin + size]
        container = {"size": len(page), "allowSync": False, "identifier":
                     "com.plexapp.plugins.library", "mixedParents": True,
                     "title1": "Plex Library", "title2": "On Deck"}
        if start is not None or size is not None:
            container.update({"offset": begin, "totalSize": len(found)})
        container["Metadata"] = [f.metadata(library.section_of(f)) for f in page]
        self.send_container(container)

    def route_metadata(self, rating_key, similar):
        film = self.server.library.films.get(rating_key)
        if film is None:
            raise Answer(404, "Not Found")
        section = self.server.library.section_of(film)
        if similar:
            others = [f for f in section.films if f is not film
                      and set(f.genres) == set(film.genres)][:10]
            return self.send_container({"size": len(others),
                                        "Metadata": [f.metadata(section) for f in others]})
        entry = film.metadata(section, details=True)
        if self.query.get("includeExtras") == "1":
            entry["Extras"] = film.extras()
        deck = plex_series.show_on_deck(film) if self.query.get("includeOnDeck") == "1" else None
        if deck is not None:
            entry["OnDeck"] = {"Metadata": [deck.metadata(section)]}
        self.send_container({"size": 1, "librarySectionID": int(section.key),
                             "librarySectionTitle": section.title, "Metadata": [entry]})

    def poster(self, rating_key, stamp, width):
        film = self.server.library.films.get(rating_key)
        if film is None or not film.has_thumb or str(film.updated_at) != stamp:
            raise Answer(404, "Not Found")
        width = max(8, min(width or jellyfin_images.DEFAULT_WIDTH, jellyfin_images.MAX_WIDTH))
        self.send_body(200, "image/png", jellyfin_images.poster(f"plex-{stamp}-{rating_key}", width))

    def route_thumb(self, rating_key, stamp):
        self.poster(rating_key, stamp, None)

    def route_transcode(self):
        match = THUMB_PATH.match(urlsplit(self.query.get("url", "")).path)
        if match is None:
            raise Answer(400, "Bad url")
        width = integer(self.query.get("width", "0"), "width")
        integer(self.query.get("height", "0"), "height")
        self.poster(*match.groups(), width)

    def route_extra(self, rating_key, stamp, kind):
        film = self.server.library.films.get(rating_key)
        if film is None or str(film.added_at) != stamp or (kind == "trailer" and not film.trailer_key):
            raise Answer(404, "Not Found")
        body = STREAM_MAGIC + f"{kind} {rating_key}".encode() + b"\n" + bytes(range(256)) * 16
        self.send_body(200, "video/mp4", body, {"Accept-Ranges": "bytes"})

    def route_part(self, rating_key, stamp):
        film = self.server.library.films.get(rating_key)
        # A show, a season or an episode without Media has no part.
        if (film is None or not getattr(film, "has_media", hasattr(film, "part_key"))
                or str(film.added_at) != stamp):
            raise Answer(404, "Not Found")
        body = STREAM_MAGIC + rating_key.encode() + b"\n" + bytes(range(256)) * 64
        self.send_body(200, "video/x-matroska", body, {"Accept-Ranges": "bytes"})

    # -- plumbing

    def paging(self):
        """(start, size) from the headers, or the URL parameters of the same names."""
        def read(name):
            raw = self.headers.get(name, self.query.get(name))
            return None if raw is None else integer(raw, name)
        start, size = read("X-Plex-Container-Start"), read("X-Plex-Container-Size")
        if (start is not None and start < 0) or (size is not None and size < 0):
            raise Answer(400, "Bad paging")
        return start, size

    def send_page(self, section, films, title2, lie=False, claimed=None):
        start, size = self.paging()
        begin = start or 0
        page = films[begin:] if size is None else films[begin:begin + size]
        if claimed is not None and not page and size:
            # A search that claims far more than it has sends its first page again past its end.
            page = films[:size]
        container = {"size": len(page), "allowSync": True, "librarySectionID": int(section.key),
                     "librarySectionTitle": section.title, "title1": section.title,
                     "title2": title2, "viewGroup": section.kind}
        if start is not None or size is not None:
            container["offset"] = begin
            container["totalSize"] = claimed if claimed is not None else len(films) + (
                LYING_EXTRA if lie else 0)
        container["Metadata"] = [f.metadata(section) for f in page]
        self.send_container(container)

    def send_container(self, container):
        accept = self.headers.get("Accept", "")
        if "application/json" in accept:
            body = json.dumps({"MediaContainer": container}, ensure_ascii=False,
                              separators=(",", ":")).encode("utf-8")
            return self.send_body(200, "application/json", body)
        self.send_body(200, "text/xml;charset=utf-8", plex_xml.document(container))

    def logged_query(self):
        return {k: v for k, v in self.pairs if k != "X-Plex-Token"}

    def log_entry(self, status, nbytes):
        return {
            **super().log_entry(status, nbytes), "tokenVia": self.token_via,
            "tokenValid": self.token_ok,
            "headers": {h: self.headers[h] for h in LOGGED_HEADERS if h in self.headers},
        }


class PlexServer(LocalServer):
    handler = PlexHandler

    def __init__(self, options, library):
        super().__init__(options)
        self.library = library
        self.genre_ids = {g["title"]: int(g["key"]) for s in library.sections for g in s.genres()}
        self._lock = threading.Lock()
        self._faults_left = options.fault_times

    def take_fault(self):
        """The fault this list request gets, if any (counting down --fault-times)."""
        with self._lock:
            if self.options.fault is None or self._faults_left == 0:
                return None
            if self._faults_left is not None:
                self._faults_left -= 1
            return self.options.fault

def parse_args(argv=None):
    ap = argparse.ArgumentParser(description="A local Plex serving the IMDb CSV as movies.")
    add_csv_arguments(ap)
    add_listening_arguments(ap)
    ap.add_argument("--token", default="test-plex-token", help="the token (default test-plex-token)")
    ap.add_argument("--tag-salt", default="v1", help="changes every poster and its thumb path")
    ap.add_argument("--fault", choices=["unavailable", "slow", "lying-total"],
                    help="misbehave on list requests (see above)")
    ap.add_argument("--redirect-to", metavar="BASE",
                    help="answer requests whose path --redirect-match finds with a redirect to "
                    "BASE + the same path and query + moved=1 (302; 307 for a POST); {port} is "
                    "this server's port")
    ap.add_argument("--redirect-match", default=".", metavar="REGEX",
                    help="which paths --redirect-to sends on (default all)")
    ap.add_argument("--fault-times", type=int, metavar="N", help="only the first N list requests")
    ap.add_argument("--claimed-total", type=int, metavar="N",
                    help="a list with a title filter (a search) claims N films, and past its "
                    "end sends its first page again")
    ap.add_argument("--fault-seconds", type=float, default=2.0, metavar="S",
                    help="the delay of --fault slow (default 2)")
    ap.add_argument("--series-fault", choices=["self-season", "wild-numbers"],
                    help="a show lists itself as its own season, or sends numbers far out of "
                    "range (see plex_series.py)")
    return check_limit(ap, ap.parse_args(argv))


def main(argv=None):
    options = parse_args(argv)
    library = Library(options.csv, options.limit, options.tag_salt, options.series_fault)
    serve(PlexServer(options, library))


if __name__ == "__main__":
    main()
