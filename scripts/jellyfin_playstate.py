"""What scripts/jellyfin-server.py is told about playing, kept and applied the way Jellyfin
does, so what a client wrote is read back in every later UserData (shapes from Jellyfin's
OpenAPI document: PlaybackStartInfo, PlaybackProgressInfo, PlaybackStopInfo,
UpdateUserItemDataDto, UserItemDataDto).

    POST /Sessions/Playing            POST /Sessions/Playing/Progress
    POST /Sessions/Playing/Stopped    (204; the token's session: an API key's has no user,
                                       so nothing is kept)
    POST /UserItems/{id}/UserData?userId=      POST /UserPlayedItems/{id}?userId=
    POST /Users/{userId}/Items/{id}/UserData   POST /Users/{userId}/PlayedItems/{id}
    DELETE /UserPlayedItems/{id}?userId=       DELETE /Users/{userId}/PlayedItems/{id}
                                       (MarkUnplayedItem: 200 and the UserItemDataDto)
                                       (before 10.9; with --before-10-9 only these, and
                                        GET /Users/{userId}/Items/{id}, are served)

A stopped session applies Jellyfin's UpdatePlayState: at MaxResumePct (90) or more the film
is played and its position cleared; below MinResumePct (5) the position is cleared; between,
the position is kept. Progress keeps the position as it is reported.
"""

import re
import threading
import time

from jellyfin_library import TICKS_PER_SECOND

MIN_RESUME_PCT, MAX_RESUME_PCT = 5, 90
PLAYED_DATE = "2026-01-01T00:00:00.0000000Z"
USER_DATA = re.compile(r"^/UserItems/([0-9a-fA-F]{32})/UserData$")
PLAYED = re.compile(r"^/UserPlayedItems/([0-9a-fA-F]{32})$")
OLD_USER_DATA = re.compile(r"^/Users/([0-9a-fA-F]{32})/Items/([0-9a-fA-F]{32})/UserData$")
OLD_PLAYED = re.compile(r"^/Users/([0-9a-fA-F]{32})/PlayedItems/([0-9a-fA-F]{32})$")
OLD_ITEM = re.compile(r"^/Users/([0-9a-fA-F]{32})/Items/([0-9a-fA-F]{32})$")
SESSION_PATHS = ("/Sessions/Playing", "/Sessions/Playing/Progress", "/Sessions/Playing/Stopped")

_lock = threading.Lock()


def change(user, item, **fields):
    """Keeps `fields` of the user's data for `item` over what the library made up."""
    with _lock:
        user.changed.setdefault(item.id, {}).update(fields)


def mark_played(user, item):
    data = user.user_data(item)
    change(user, item, Played=True, PlayCount=data["PlayCount"] + 1, PlaybackPositionTicks=0,
           LastPlayedDate=PLAYED_DATE)


def mark_unplayed(user, item):
    """Jellyfin's MarkUnplayed: not played, never played, no position."""
    change(user, item, Played=False, PlayCount=0, PlaybackPositionTicks=0, LastPlayedDate=None)


def route_delete(handler, problem):
    """Answers DELETE of a played item (MarkUnplayedItem); False for another path."""
    path = handler.req_path
    match = None if handler.server.options.before_10_9 else PLAYED.match(path)
    if match:
        user = handler.user_for_query(handler.authorize())
        if user is None:
            raise problem(400, "userId is required.")
        raw_id = match.group(1)
    else:
        match = OLD_PLAYED.match(path)
        if not match:
            return False
        user = user_by_path(handler, problem, match.group(1))
        raw_id = match.group(2)
    item = item_of(handler, problem, raw_id)
    mark_unplayed(user, item)
    handler.send_json(200, user.user_data(item))
    return True


def stopped(user, item, ticks):
    """Jellyfin's UpdatePlayState for a stopped session at `ticks`."""
    runtime = item.runtime_ticks or 0
    pct = 100.0 * ticks / runtime if runtime else 0
    if runtime and pct >= MAX_RESUME_PCT:
        mark_played(user, item)
    elif pct < MIN_RESUME_PCT:
        change(user, item, PlaybackPositionTicks=0)
    else:
        change(user, item, PlaybackPositionTicks=ticks, LastPlayedDate=PLAYED_DATE)


def route_post(handler, problem):
    """Answers a POST of the play state; False for a path that is not one. `problem(status,
    title)` makes the error answer."""
    path, srv = handler.req_path, handler.server
    old_only = srv.options.before_10_9
    if path in SESSION_PATHS:
        return session_report(handler, problem)
    match = None if old_only else (USER_DATA.match(path) or PLAYED.match(path))
    if match:
        user = handler.user_for_query(handler.authorize())
        if user is None:
            raise problem(400, "userId is required.")
        return write(handler, problem, user, match.group(1), match.re is PLAYED)
    match = OLD_USER_DATA.match(path) or OLD_PLAYED.match(path)
    if match:
        user = user_by_path(handler, problem, match.group(1))
        return write(handler, problem, user, match.group(2), match.re is OLD_PLAYED)
    return False


def route_old_item(handler, problem):
    """GET /Users/{userId}/Items/{id}; False for another path."""
    match = OLD_ITEM.match(handler.req_path)
    if not match:
        return False
    user = user_by_path(handler, problem, match.group(1))
    item = item_of(handler, problem, match.group(2))
    everything = {"genres", "overview", "datecreated", "sortname", "mediasources", "mediastreams"}
    handler.send_json(200, handler.server.library.item_dto(item, everything, user))
    return True


def user_by_path(handler, problem, raw):
    token_user = handler.authorize()
    user = handler.server.users_by_id.get(raw.lower())
    if user is None:
        raise problem(400, "Invalid user id.")
    if token_user is not None and token_user is not user and not token_user.is_admin:
        raise problem(403, "Forbidden")
    return user


def item_of(handler, problem, raw):
    item = handler.server.library.by_id.get(raw.lower())
    if item is None:
        raise problem(404, "Item not found.")
    return item


def write(handler, problem, user, raw_id, played):
    item = item_of(handler, problem, raw_id)
    if played:
        mark_played(user, item)
    else:
        body = handler.body if isinstance(handler.body, dict) else None
        if body is None:
            raise problem(400, "The request body is not an UpdateUserItemDataDto.")
        ticks = body.get("PlaybackPositionTicks")
        if ticks is not None and (not isinstance(ticks, int) or ticks < 0):
            raise problem(400, "PlaybackPositionTicks is not valid.")
        fields = {k: body[k] for k in ("PlaybackPositionTicks", "Played", "PlayCount",
                                       "IsFavorite", "LastPlayedDate") if k in body}
        change(user, item, **fields)
    handler.send_json(200, user.user_data(item))
    return True


def session_report(handler, problem):
    token_user = handler.authorize()
    if handler.server.options.refuse_reports:
        raise problem(500, "An error occurred while reporting playback.")
    if handler.server.options.report_fault is not None:
        handler.send_faulty(handler.server.options.report_fault, 200, "application/json",
                            b"{}")
        return True
    if handler.server.options.hang_reports:
        # Logged first, so a test sees the report came; then no answer for a minute.
        handler.log_answer(0, 0)
        time.sleep(60)
        return True
    body = handler.body if isinstance(handler.body, dict) else None
    if body is None or not isinstance(body.get("ItemId"), str):
        raise problem(400, "The request body has no ItemId.")
    item = item_of(handler, problem, body["ItemId"].replace("-", ""))
    ticks = body.get("PositionTicks", 0)
    if not isinstance(ticks, int) or ticks < 0:
        raise problem(400, "PositionTicks is not valid.")
    # An API key's session belongs to no user: the report is taken and nothing is kept.
    if token_user is not None:
        if handler.req_path.endswith("/Progress"):
            change(token_user, item, PlaybackPositionTicks=ticks)
        elif handler.req_path.endswith("/Stopped"):
            stopped(token_user, item, ticks)
    handler.send_body(204, "text/plain", b"")
    return True


def seconds(ticks):
    return ticks / TICKS_PER_SECOND
