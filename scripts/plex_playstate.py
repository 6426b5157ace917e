"""What scripts/plex-server.py is told about playing, applied to its films and episodes the way a Plex
Media Server keeps it, so a later `/library/metadata/{ratingKey}` or list reads it back.

    /:/timeline?ratingKey=&key=/library/metadata/{ratingKey}&state=playing|paused|stopped
               &time=MS&duration=MS
        the film's viewOffset becomes `time` (a stop at 0 clears it); 200, an empty container
    /:/scrobble?key={ratingKey}&identifier=com.plexapp.plugins.library
        the film is watched: viewCount one more, viewOffset cleared
    /:/unscrobble?key={ratingKey}&identifier=com.plexapp.plugins.library
        the film is unwatched: viewCount 0, viewOffset cleared

A missing or unknown key answers 400 or 404, a state other than the three 400, as Plex does.
"""

import threading

IDENTIFIER = "com.plexapp.plugins.library"
STATES = ("playing", "paused", "stopped", "buffering")

_lock = threading.Lock()


def film_of(handler, answer, name):
    raw = handler.query.get(name)
    if raw is None or not raw.isdigit():
        raise answer(400, f"Bad {name}")
    film = handler.server.library.films.get(raw)
    if film is None:
        raise answer(404, "Not Found")
    if not hasattr(film, "part_key"):
        raise answer(400, f"Bad {name}")  # a show or a season is not played itself
    return film


def milliseconds(handler, answer, name):
    raw = handler.query.get(name, "")
    if not raw.isdigit():
        raise answer(400, f"Bad {name}")
    return int(raw)


def timeline(handler, answer):
    film = film_of(handler, answer, "ratingKey")
    if handler.query.get("key") != f"/library/metadata/{film.rating_key}":
        raise answer(400, "Bad key")
    if handler.query.get("state") not in STATES:
        raise answer(400, "Bad state")
    time = milliseconds(handler, answer, "time")
    milliseconds(handler, answer, "duration")
    with _lock:
        film.view_offset = time


def scrobble(handler, answer):
    if handler.query.get("identifier") != IDENTIFIER:
        raise answer(400, "Bad identifier")
    film = film_of(handler, answer, "key")
    with _lock:
        film.view_count += 1
        film.view_offset = 0


def unscrobble(handler, answer):
    if handler.query.get("identifier") != IDENTIFIER:
        raise answer(400, "Bad identifier")
    film = film_of(handler, answer, "key")
    with _lock:
        film.view_count = 0
        film.view_offset = 0


def route(handler, answer):
    """Applies a timeline or scrobble request; False for another path."""
    if handler.req_path == "/:/timeline":
        timeline(handler, answer)
    elif handler.req_path == "/:/scrobble":
        scrobble(handler, answer)
    elif handler.req_path == "/:/unscrobble":
        unscrobble(handler, answer)
    else:
        return False
    handler.send_container({"size": 0})
    return True
