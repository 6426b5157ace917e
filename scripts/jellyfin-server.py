#!/usr/bin/env python3
"""A local Jellyfin for the tests, built from Jellyfin's OpenAPI document (stdlib only).

    python3 scripts/jellyfin-server.py [--csv FILE] [--limit N] [--host 127.0.0.1] [--port 0]
                                       [--log FILE] [--api-key KEY] [--tag-salt S]
                                       [--unavailable N] [--users-delay SECONDS]
                                       [--extra-users N] [--unusable-items] [--lying-total N]
                                       [--item-unavailable N] [--hang-streams] [--hang-search]

After binding it prints one line, `listening on http://HOST:PORT`, then serves the IMDb CSV
as a movie library, the way Jellyfin 12 does:

    GET /Items?userId=&IncludeItemTypes=Movie&Recursive=true&StartIndex=&Limit=&Fields=
              &SortBy=&SortOrder=&SearchTerm=&Years=&GenreIds=&Genres=
              &MinCommunityRating=&IsPlayed=
              &EnableTotalRecordCount=
    GET /UserItems/Resume?userId=&IncludeItemTypes=&StartIndex=&Limit=&Fields=
              &EnableTotalRecordCount=   (the films stopped part way, last played first)
    GET /Items/{id}?userId=          GET /Users          GET /Users/Me
    GET /Items/{id}/Similar?userId=&Limit=&Fields=
    GET /Genres                      GET /Items/{id}/Images/Primary?maxWidth=&fillWidth=&tag=
    GET /Videos/{id}/stream?static=true&startTimeTicks=
    GET /Videos/{id}/{mediaSourceId}/Subtitles/{index}/Stream.{format}
                                     (an external subtitle: see jellyfin_tracks.py)
    GET /web/                        (the web client's page, for `open N`)
    GET /Shows/{id}/Seasons, /Shows/{id}/Episodes, /Shows/NextUp, and series and episodes in
        /Items and /UserItems/Resume       (series_data.py's series: see jellyfin_series.py)
    POST /Sessions/Playing[/Progress|/Stopped], /UserItems/{id}/UserData, /UserPlayedItems/{id}
    DELETE /UserPlayedItems/{id} (and /Users/{userId}/PlayedItems/{id} before 10.9)
                                     (what was played, kept: see jellyfin_playstate.py)
    POST /Users/AuthenticateByName, /Sessions/Logout
                                     (a user name and password for a token, and back:
                                      see jellyfin_auth.py)

Every route but images, the stream and the web page needs
`Authorization: MediaBrowser Client="…", Device="…", DeviceId="…", Version="…", Token="…"`
(401 otherwise); the legacy `X-Emby-Token` header and `api_key` parameter are refused, as on
Jellyfin 12. Tokens: `--api-key` (default "test-api-key") and each user's own
(alice: "alice-token", an administrator; bob: "bob-token"). Query names are case-insensitive,
as in ASP.NET. `--log` appends one JSON line per request, with the parsed authorization (the
token itself replaced by whether it was valid).
"""

import argparse
import json
import re
import threading
import time
from urllib.parse import parse_qsl, urlsplit

import jellyfin_auth
import jellyfin_images
import jellyfin_playstate
import jellyfin_series
import jellyfin_tracks
from jellyfin_library import SERVER_ID, SORT_KEYS, Library, User, page_of, sort_items
from local_server import LocalHandler, LocalServer, add_csv_arguments, add_listening_arguments, \
    check_limit, serve

JSON_TYPE = "application/json; charset=utf-8"
AUTH_PARAM = re.compile(r'(\w+)="((?:[^"\\]|\\.)*)"')
ITEM_PATH = re.compile(r"^/Items/([0-9a-fA-F]{32})$")
IMAGE_PATH = re.compile(r"^/Items/([0-9a-fA-F]{32})/Images/(\w+)$")
SIMILAR_PATH = re.compile(r"^/Items/([0-9a-fA-F]{32})/Similar$")
STREAM_PATH = re.compile(r"^/Videos/([0-9a-fA-F]{32})/stream(\.\w+)?$")


class Problem(Exception):
    """An answer other than 200, as a ProblemDetails document."""

    def __init__(self, status, title):
        super().__init__(title)
        self.status, self.title = status, title


def parse_authorization(value):
    """The parameters of a `MediaBrowser` (or `Emby`) authorization header, or None."""
    scheme, _, rest = (value or "").strip().partition(" ")
    if scheme.lower() not in ("mediabrowser", "emby"):
        return None
    return {k: v.replace('\\"', '"') for k, v in AUTH_PARAM.findall(rest)}


class Query:
    """Query parameters by folded name; array parameters split on their delimiter."""

    def __init__(self, raw):
        self.pairs = parse_qsl(raw, keep_blank_values=True)
        self.values = {}
        for k, v in self.pairs:
            self.values.setdefault(k.casefold(), []).append(v)

    def get(self, name, default=None):
        values = self.values.get(name.casefold())
        return values[-1] if values else default

    def array(self, name, delimiter=","):
        out = []
        for v in self.values.get(name.casefold(), []):
            out += [part.strip() for part in v.split(delimiter) if part.strip()]
        return out

    def integer(self, name, default):
        raw = self.get(name)
        if raw in (None, ""):
            return default
        try:
            value = int(raw)
        except ValueError:
            raise Problem(400, f"The value '{raw}' is not valid for {name}.")
        if value < 0:
            raise Problem(400, f"{name} must not be negative.")
        return value

    def boolean(self, name, default):
        raw = self.get(name)
        if raw in (None, ""):
            return default
        if raw.lower() not in ("true", "false"):
            raise Problem(400, f"The value '{raw}' is not valid for {name}.")
        return raw.lower() == "true"


class JellyfinHandler(LocalHandler):
    server_version = "jellyfin-test-server/12"
    name = "jellyfin-server"

    def do_GET(self):
        parts = urlsplit(self.path)
        self.req_path, self.query = parts.path, Query(parts.query)
        self.auth = parse_authorization(self.headers.get("Authorization"))
        self.token_state = "missing"
        self.body = None
        if self.command == "POST":
            length = int(self.headers.get("Content-Length") or 0)
            raw = self.rfile.read(length) if length else b""
            try:
                self.body = json.loads(raw) if raw else None
            except ValueError:
                self.body = "not JSON"
        if self.req_path.startswith("/Users"):
            time.sleep(self.server.options.users_delay)  # a slow start: the user is looked up
        try:
            self.route()
        except Problem as p:
            self.send_json(p.status, {"type": "about:blank", "title": p.title, "status": p.status})

    do_POST = do_DELETE = do_GET

    def route(self):
        path = self.req_path
        if self.command == "POST":
            if jellyfin_auth.route_post(self, Problem):
                return
            if not jellyfin_playstate.route_post(self, Problem):
                raise Problem(404, f"Not found: {path}")
            return
        if self.command == "DELETE":
            if not jellyfin_playstate.route_delete(self, Problem):
                raise Problem(404, f"Not found: {path}")
            return
        if jellyfin_playstate.route_old_item(self, Problem):
            return
        if jellyfin_tracks.route_subtitle(self, Problem):
            return
        if path.startswith("/Shows/") and jellyfin_series.route(self, Problem):
            return
        routes = {"/Items": self.route_items, "/Users": self.route_users,
                  "/Users/Me": self.route_me, "/Genres": self.route_genres,
                  "/UserItems/Resume": self.route_resume}
        if path == "/Items" and self.server.take_unavailable():
            # What a Jellyfin behind a proxy answers while it restarts.
            self.send_body(503, "text/plain; charset=utf-8", b"Service Unavailable")
        elif path in routes:
            routes[path]()
        elif ITEM_PATH.match(path) and self.server.take_unavailable(one_item=True):
            self.send_body(503, "text/plain; charset=utf-8", b"Service Unavailable")
        elif ITEM_PATH.match(path) and not self.server.options.before_10_9:
            self.route_item(ITEM_PATH.match(path).group(1).lower())
        elif SIMILAR_PATH.match(path):
            self.route_similar(SIMILAR_PATH.match(path).group(1).lower())
        elif IMAGE_PATH.match(path):
            self.route_image(*IMAGE_PATH.match(path).groups())
        elif STREAM_PATH.match(path):
            self.route_stream(STREAM_PATH.match(path).group(1).lower())
        elif path in ("/web", "/web/", "/web/index.html"):
            self.send_body(200, "text/html; charset=utf-8", b"<html><body>Jellyfin</body></html>")
        else:
            raise Problem(404, f"Not found: {path}")

    # -- authorization

    def authorize(self):
        """The token's user, or None for the API key; 401 without a valid header."""
        srv = self.server
        token = (self.auth or {}).get("Token")
        if token is None:
            # Legacy forms, off by default on Jellyfin 12: noted in the log, then refused.
            legacy = self.headers.get("X-Emby-Token") or self.query.get("api_key")
            self.token_state = "legacy" if legacy else "missing"
            raise Problem(401, "Unauthorized")
        if token == srv.options.api_key:
            self.token_state = "api-key"
            return None
        user = srv.users_by_token.get(token)
        if user is None:
            self.token_state = "invalid"
            raise Problem(401, "Unauthorized")
        self.token_state = "user"
        return user

    def user_for_query(self, token_user):
        """The user whose data to show: userId if given, else the token's user."""
        raw = self.query.get("userId")
        if raw:
            user = self.server.users_by_id.get(raw.replace("-", "").lower())
            if user is None:
                raise Problem(400, "Invalid user id.")
            if token_user is not None and token_user is not user and not token_user.is_admin:
                raise Problem(403, "Forbidden")
            return user
        return token_user

    # -- routes

    def route_users(self):
        self.authorize()
        self.send_json(200, [u.dto() for u in self.server.users])

    def route_me(self):
        user = self.authorize()
        if user is None:
            raise Problem(400, "Token is not owned by a user.")
        self.send_json(200, user.dto())

    def route_genres(self):
        self.authorize()
        lib, q = self.server.library, self.query
        genres = lib.genres
        term = (q.get("searchTerm") or "").casefold()
        if term:
            genres = [g for g in genres if term in g["Name"].casefold()]
        start = q.integer("startIndex", 0)
        limit = q.integer("limit", None)
        page = genres[start:] if limit is None else genres[start:start + limit]
        self.send_json(200, {"Items": [lib.genre_dto(g) for g in page],
                             "TotalRecordCount": len(genres), "StartIndex": start})

    def route_item(self, item_id):
        user = self.user_for_query(self.authorize())
        item = self.server.library.by_id.get(item_id)
        if item is None:
            raise Problem(404, "Item not found.")
        everything = {"genres", "overview", "datecreated", "sortname", "people",
                      "remotetrailers", "taglines", "providerids", "mediasources",
                      "mediastreams"}
        self.send_json(200, self.server.library.item_dto(item, everything, user))

    def route_similar(self, item_id):
        """/Items/{id}/Similar: a BaseItemDtoQueryResult of films like it, `Limit` of them."""
        user = self.user_for_query(self.authorize())
        lib = self.server.library
        item = lib.by_id.get(item_id)
        if item is None:
            raise Problem(404, "Item not found.")
        fields = {f.casefold() for f in self.query.array("fields")}
        found = lib.similar(item, self.query.integer("limit", None))
        self.send_json(200, {"Items": [lib.item_dto(i, fields, user) for i in found],
                             "TotalRecordCount": len(found), "StartIndex": 0})

    def route_items(self):
        user = self.user_for_query(self.authorize())
        lib, q = self.server.library, self.query
        if self.server.options.hang_search and (q.get("searchTerm") or "").strip():
            self.hang()
            return
        kinds = {k.casefold() for k in q.array("includeItemTypes")}
        recursive = q.boolean("recursive", False)
        # The library's root holds folders, not films: without Recursive there are no movies.
        items = lib.items if recursive and (not kinds or "movie" in kinds) else []
        if recursive and "series" in kinds:
            items = items + lib.series
        if recursive and "episode" in kinds:
            items = items + [e for s in lib.series for e in s.episodes]
        term = (q.get("searchTerm") or "").strip().casefold()
        if term:
            items = [i for i in items if term in i.name.casefold()]
        years = set()
        for raw in q.array("years"):
            if not raw.isdigit():
                raise Problem(400, f"The value '{raw}' is not valid for years.")
            years.add(int(raw))
        if years:
            items = [i for i in items if i.year in years]
        genre_names = set(q.array("genres", "|"))
        for gid in q.array("genreIds", "|"):
            name = lib.genre_names_by_id.get(gid.replace("-", "").lower())
            genre_names.add(name if name else "\0unknown")
        if genre_names:
            items = [i for i in items if genre_names.intersection(i.genres)]
        floor = q.get("minCommunityRating")
        if floor not in (None, ""):
            try:
                least = float(floor)
            except ValueError:
                raise Problem(400, f"The value '{floor}' is not valid for minCommunityRating.")
            items = [i for i in items if i.rating is not None and i.rating >= least]
        played = q.boolean("isPlayed", None)
        if played is not None and user is not None:
            items = [i for i in items if user.user_data(i)["Played"] == played]
        sort_by = [s.casefold() for s in q.array("sortBy")]
        unknown = [s for s in sort_by if s not in SORT_KEYS]
        if unknown:
            raise Problem(400, f"The value '{unknown[0]}' is not valid for sortBy.")
        orders = [o.casefold() for o in q.array("sortOrder")]
        if any(o not in ("ascending", "descending") for o in orders):
            raise Problem(400, "The value is not valid for sortOrder.")
        if sort_by:
            # The whole library in one order is sorted once (a traversal asks for it per page);
            # a filtered list is small enough to sort each time.
            whole = items is lib.items
            key = (tuple(sort_by), tuple(orders))
            items = self.server.sorted_library(key) if whole else sort_items(items, sort_by, orders)
        page, start, total = page_of(q, items)
        fields = {f.casefold() for f in q.array("fields")}
        if not q.boolean("enableUserData", True):
            user = None
        if self.server.options.lying_total is not None and term:
            # A search that claims far more than it has, and past its end sends its first
            # page again: the same films, never a new one.
            total = self.server.options.lying_total
            limit = q.integer("limit", None)
            if not page and limit:
                page = items[:limit]
        dtos = [lib.item_dto(i, fields, user) for i in page]
        if self.server.options.unusable_items:
            for dto in dtos:
                del dto["Name"]
        body = {"Items": dtos, "TotalRecordCount": total, "StartIndex": start}
        self.send_json(200, body)

    def route_resume(self):
        """GetResumeItems: the user's films with a position and not played, the most recently
        played first; the user is userId, or the token's (400 for an API key without one)."""
        user = self.user_for_query(self.authorize())
        if user is None:
            raise Problem(400, "A user is needed: pass userId.")
        lib, q = self.server.library, self.query
        kinds = {k.casefold() for k in q.array("includeItemTypes")}
        items = lib.items if not kinds or "movie" in kinds else []
        if not kinds or "episode" in kinds:
            items = items + [e for s in lib.series for e in s.episodes]
        resumable = []
        for item in items:
            data = user.user_data(item)
            if data["PlaybackPositionTicks"] > 0 and not data["Played"]:
                resumable.append((data.get("LastPlayedDate", ""), item))
        resumable.sort(key=lambda pair: pair[0], reverse=True)
        items = [item for _, item in resumable]
        start = q.integer("startIndex", 0)
        limit = q.integer("limit", None)
        page = items[start:] if limit is None else items[start:start + limit]
        fields = {f.casefold() for f in q.array("fields")}
        total = len(items) if q.boolean("enableTotalRecordCount", True) else len(page)
        self.send_json(200, {"Items": [lib.item_dto(i, fields, user) for i in page],
                             "TotalRecordCount": total, "StartIndex": start})

    def route_image(self, item_id, image_type):
        item = self.server.library.by_id.get(item_id.lower())
        if item is None or image_type.casefold() != "primary" or item.image_tag is None:
            raise Problem(404, "Item not found.")
        q = self.query
        width = q.integer("fillWidth", None) or q.integer("maxWidth", None) or q.integer("width", None)
        width = max(8, min(width or jellyfin_images.DEFAULT_WIDTH, jellyfin_images.MAX_WIDTH))
        body = jellyfin_images.poster(item.image_tag, width)
        self.send_body(200, "image/png", body, {"Cache-Control": "public, max-age=31536000"})

    def route_stream(self, item_id):
        item = self.server.library.by_id.get(item_id)
        if item is None or not getattr(item, "playable", True):
            # A series, a season, or an episode without a file has no stream.
            raise Problem(404, "Item not found.")
        if self.server.options.hang_streams:
            self.hang()
            return
        if self.server.options.stream_fault is not None and self.headers.get("Range"):
            self.send_faulty(self.server.options.stream_fault, 200, "video/mp4",
                             jellyfin_images.stream_bytes(item.id))
            return
        redirect = self.server.options.stream_redirect
        when = self.server.options.stream_redirect_when
        self.server.streams_asked = getattr(self.server, "streams_asked", 0) + 1
        # A CDN may send on only a player's own requests: those with a Range (mpv always sends
        # one), or every one after the first (which a client's probe makes).
        chosen = (when == "always" or (when == "range" and self.headers.get("Range"))
                  or (when == "after-first" and self.server.streams_asked > 1))
        if redirect is not None and self.query.get("moved") is None and chosen:
            # What a reverse proxy or a sign-on gateway in front of the server may answer.
            base = redirect.replace("{port}", str(self.server.server_address[1]))
            location = f"{base}{self.req_path}?static=true&moved=1"
            self.send_body(302, "text/plain; charset=utf-8", b"Found. Redirecting.",
                           {"Location": location})
            return
        if self.server.options.stream_file is not None:
            with open(self.server.options.stream_file, "rb") as f:
                body = f.read()
            # As Jellyfin does: a Range gets 206 and its part.
            wanted = re.match(r"bytes=(\d+)-(\d*)$", self.headers.get("Range") or "")
            if wanted and int(wanted.group(1)) < len(body):
                first = int(wanted.group(1))
                last = min(int(wanted.group(2) or len(body) - 1), len(body) - 1)
                self.send_body(206, "video/x-matroska", body[first:last + 1], {
                    "Content-Range": f"bytes {first}-{last}/{len(body)}",
                    "Accept-Ranges": "bytes"})
                return
            self.send_body(200, "video/x-matroska", body, {"Accept-Ranges": "bytes"})
            return
        title = self.server.options.stream_title
        if title is not None:
            self.send_body(200, "audio/wav", jellyfin_images.tagged_wav(title))
            return
        body = jellyfin_images.stream_bytes(item.id)
        self.send_body(200, "video/mp4", body, {"Accept-Ranges": "bytes"})

    # -- plumbing

    def send_faulty(self, fault, status, content_type, body):
        """`trickle`: the whole answer, status line and all, a byte a second; `short-body`: a
        Content-Length 100,000 bytes longer than the body, then the connection closed."""
        self.log_answer(status, len(body))
        reason = self.responses.get(status, ("",))[0]
        length = len(body) + (100_000 if fault == "short-body" else 0)
        head = (f"HTTP/1.1 {status} {reason}\r\nContent-Type: {content_type}\r\n"
                f"Content-Length: {length}\r\n\r\n").encode("latin-1")
        self.close_connection = True
        try:
            if fault == "short-body":
                self.wfile.write(head + body)
                self.wfile.flush()
                return
            for byte in head + body:
                self.wfile.write(bytes([byte]))
                self.wfile.flush()
                time.sleep(1)
        except OSError:
            pass  # the client gave up

    def hang(self):
        """Logged first, so a test sees the request came; then no answer for a minute."""
        self.log_answer(0, 0)
        time.sleep(60)

    def send_json(self, status, document):
        body = json.dumps(document, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
        ctype = JSON_TYPE if status == 200 else "application/problem+json; charset=utf-8"
        self.send_body(status, ctype, body)

    def send_body(self, status, content_type, body, extra_headers=None):
        if status == 401:
            extra_headers = {"WWW-Authenticate": 'MediaBrowser realm="Jellyfin"',
                             **(extra_headers or {})}
        super().send_body(status, content_type, body, extra_headers)

    def logged_query(self):
        return dict(self.query.pairs)

    def log_entry(self, status, nbytes):
        auth = self.auth
        return {
            **super().log_entry(status, nbytes), "body": self.body,
            "auth": None if auth is None else {k: v for k, v in auth.items() if k != "Token"},
            "token": self.token_state if auth is None or "Token" not in auth
            else self.server.token_kind(auth["Token"]),
            "signed_in": jellyfin_auth.sign_in_number((auth or {}).get("Token")),
        }


class JellyfinServer(LocalServer):
    handler = JellyfinHandler

    def __init__(self, options, library):
        super().__init__(options)
        self.library = library
        self.users = [User("alice", "alice-token", True, 0), User("bob", "bob-token", False, 2)]
        self.users += [User(f"user-{n:05d}", f"user-{n}-token", False, n)
                       for n in range(options.extra_users)]
        self.users_by_token = {u.token: u for u in self.users}
        self.users_by_id = {u.id: u for u in self.users}
        self._sort_lock = threading.Lock()
        self._sorted = {}
        self._unavailable = {False: options.unavailable, True: options.item_unavailable}

    def take_unavailable(self, one_item=False):
        """Whether this /Items request (one_item: /Items/{id}) is one of the first
        --unavailable (--item-unavailable), answered 503."""
        with self._sort_lock:
            if self._unavailable[one_item] <= 0:
                return False
            self._unavailable[one_item] -= 1
            return True

    def sorted_library(self, key):
        with self._sort_lock:
            if key not in self._sorted:
                self._sorted[key] = sort_items(self.library.items, list(key[0]), list(key[1]))
            return self._sorted[key]

    def token_kind(self, token):
        if token == self.options.api_key:
            return "api-key"
        return "user" if token in self.users_by_token else "invalid"

def parse_args(argv=None):
    ap = argparse.ArgumentParser(description="A local Jellyfin serving the IMDb CSV as movies.")
    add_csv_arguments(ap)
    add_listening_arguments(ap)
    ap.add_argument("--api-key", default="test-api-key", help="the API key (default test-api-key)")
    ap.add_argument("--tag-salt", default="v1",
                    help="changes every poster and its image tag (default v1)")
    ap.add_argument("--unavailable", type=int, default=0, metavar="N",
                    help="answer the first N /Items requests 503 Service Unavailable")
    ap.add_argument("--item-unavailable", type=int, default=0, metavar="N",
                    help="answer the first N /Items/{id} requests 503 Service Unavailable")
    ap.add_argument("--users-delay", type=float, default=0, metavar="SECONDS",
                    help="answer /Users and /Users/Me this much later (default 0)")
    ap.add_argument("--extra-users", type=int, default=0, metavar="N",
                    help="N more users beside alice and bob (user-00000, user-00001, …)")
    ap.add_argument("--unusable-items", action="store_true",
                    help="send every film in /Items without its Name, which a client must skip")
    ap.add_argument("--lying-total", type=int, metavar="N",
                    help="searches claim N results, and past their end send their first page again")
    ap.add_argument("--stream-redirect", metavar="BASE",
                    help="answer a stream 302 to BASE + its path + ?static=true&moved=1 "
                    "(empty: the same server; {port} is this server's port)")
    ap.add_argument("--stream-redirect-when", choices=["always", "range", "after-first"],
                    default="always",
                    help="redirect the stream always (the default), only a request with a "
                    "Range header, or every request after the first")
    ap.add_argument("--stream-file", metavar="PATH",
                    help="serve every stream as the bytes of PATH (a Matroska file, say)")
    ap.add_argument("--stream-title", metavar="TEXT",
                    help="serve every stream as a short WAV whose title tag is TEXT")
    ap.add_argument("--before-10-9", action="store_true",
                    help="serve a user's items and data only under /Users/{userId}/, as "
                    "before Jellyfin 10.9")
    ap.add_argument("--refuse-reports", action="store_true",
                    help="answer every /Sessions/Playing report 500")
    ap.add_argument("--hang-reports", action="store_true",
                    help="answer no /Sessions/Playing report for a minute (logged as status 0)")
    ap.add_argument("--stream-fault", choices=["trickle", "short-body"],
                    help="send a player's stream requests (those with a Range) a byte a second "
                    "(trickle), or with a Content-Length longer than the body (short-body)")
    ap.add_argument("--report-fault", choices=["trickle", "short-body"],
                    help="answer every /Sessions/Playing report a byte a second, or with a "
                    "Content-Length longer than the body")
    ap.add_argument("--hang-streams", action="store_true",
                    help="answer no stream request for a minute (logged as status 0)")
    ap.add_argument("--series-fault", choices=["self-season", "wild-numbers"],
                    help="a series lists itself as its own season, or sends numbers far out "
                    "of range (see jellyfin_series.py)")
    ap.add_argument("--hang-search", action="store_true",
                    help="answer no /Items request with a SearchTerm for a minute (logged as "
                    "status 0)")
    return check_limit(ap, ap.parse_args(argv))


def main(argv=None):
    options = parse_args(argv)
    library = Library(options.csv, options.limit, options.tag_salt)
    library.series, tv_items = jellyfin_series.build(options.tag_salt, options.series_fault)
    library.by_id.update(tv_items)
    serve(JellyfinServer(options, library))


if __name__ == "__main__":
    main()
