"""A film's audio and subtitle tracks on the local Plex, shaped after the Plex Media Server
OpenAPI description (LukeHagar/plex-api-spec) and recorded answers: `Stream` entries in the
first `Part` of `/library/metadata/{ratingKey}` (not in a section's listing, as on Plex),
each with `id`, `streamType` (1 video, 2 audio, 3 subtitles), `codec`, `index`, `language`
(the language's name), `languageTag` (BCP 47), `languageCode` (ISO 639-2/B), `title`,
`displayTitle`, `extendedDisplayTitle`, `default` and `selected`; an external subtitle has a
`key`, `/library/streams/{id}`, and no `index`, and its file is served there:

    GET /library/streams/{id}

with the token, as every route (the header or, as Plex also allows, the URL; the log says
which). Every film has English (the default) and Japanese audio, English subtitles inside
the file, and French subtitles in a file of their own.
"""

import re

STREAM_PATH = re.compile(r"^/library/streams/(\d+)$")


def _id(film, n):
    return int(film.rating_key) * 10 + n


def streams(film):
    """The `Stream` entries of the film's part."""
    return [
        {"id": _id(film, 1), "streamType": 1, "default": True, "codec": "h264", "index": 0,
         "height": 1080, "width": 1920, "displayTitle": "1080p (H.264)"},
        {"id": _id(film, 2), "streamType": 2, "default": True, "selected": True, "codec": "ac3",
         "index": 1, "channels": 6, "language": "English", "languageTag": "en",
         "languageCode": "eng", "title": "English 5.1", "displayTitle": "English (AC3 5.1)",
         "extendedDisplayTitle": "English 5.1 (AC3 5.1)"},
        {"id": _id(film, 3), "streamType": 2, "codec": "aac", "index": 2, "channels": 2,
         "language": "日本語", "languageTag": "ja", "languageCode": "jpn",
         "displayTitle": "日本語 (AAC Stereo)", "extendedDisplayTitle": "日本語 (AAC Stereo)"},
        {"id": _id(film, 4), "streamType": 3, "codec": "srt", "index": 3, "language": "English",
         "languageTag": "en", "languageCode": "eng", "displayTitle": "English (SRT)",
         "extendedDisplayTitle": "English (SRT)"},
        {"id": _id(film, 5), "streamType": 3, "codec": "srt", "format": "srt",
         "key": f"/library/streams/{_id(film, 5)}", "language": "Français", "languageTag": "fr",
         "languageCode": "fre", "title": "Français (SDH)",
         "displayTitle": "Français (SRT External)", "extendedDisplayTitle": "Français (SDH)"},
    ]


def subtitle_text(film):
    """The external French subtitle file: SubRip naming the film, so a test can tell it."""
    return (f"1\n00:00:01,000 --> 00:00:04,000\nSous-titres de {film.title}\n\n"
            "2\n00:00:05,000 --> 00:00:08,000\nFin.\n").encode("utf-8")


def route(handler, answer):
    """GET /library/streams/{id}: an external subtitle's file; False for another path."""
    match = STREAM_PATH.match(handler.req_path)
    if not match:
        return False
    stream_id = int(match.group(1))
    film = handler.server.library.films.get(str(stream_id // 10))
    if film is None or stream_id % 10 != 5:
        raise answer(404, "Not Found")
    handler.send_body(200, "application/x-subrip; charset=utf-8", subtitle_text(film))
    return True
