"""A film's audio and subtitle tracks on the local Jellyfin, as Jellyfin's OpenAPI document
describes them: the `MediaStreams` of a `MediaSourceInfo` (and of the `BaseItemDto` itself),
each a `MediaStream` with `Type` (Video, Audio, Subtitle), `Index`, `Codec`, `Language`
(ISO 639-2), `Title`, `DisplayTitle`, `IsDefault`, `IsExternal`, `DeliveryMethod` and
`DeliveryUrl`; and an external subtitle's file at

    GET /Videos/{itemId}/{mediaSourceId}/Subtitles/{index}/Stream.{format}

which, like every route but the stream, needs the `Authorization` header (the legacy
`api_key` parameter is refused). Every film has the same tracks: a video stream, English
(the default) and Japanese audio, English subtitles inside the file, and French subtitles in
a file of their own (index 4), whose `DeliveryUrl` carries an `api_key` as Jellyfin's does
for a client that signed in with one, so a client that used it would be caught.
"""

import re

SUBTITLE_PATH = re.compile(
    r"^/Videos/([0-9a-fA-F]{32})/([0-9a-fA-F]{32})/Subtitles/(\d+)/(?:\d+/)?Stream\.(\w+)$")

EXTERNAL_INDEX = 4


def media_streams(item):
    """The film's MediaStreams, in index order."""
    return [
        {"Type": "Video", "Index": 0, "Codec": "h264", "IsDefault": True, "IsExternal": False,
         "Width": 1920, "Height": 1080, "DisplayTitle": "1080p H264 SDR"},
        {"Type": "Audio", "Index": 1, "Codec": "ac3", "Language": "eng", "Title": "English 5.1",
         "DisplayTitle": "English - Dolby Digital - 5.1 - Default", "IsDefault": True,
         "IsExternal": False, "Channels": 6},
        {"Type": "Audio", "Index": 2, "Codec": "aac", "Language": "jpn",
         "DisplayTitle": "Japanese - AAC - Stereo", "IsDefault": False, "IsExternal": False,
         "Channels": 2},
        {"Type": "Subtitle", "Index": 3, "Codec": "subrip", "Language": "eng",
         "DisplayTitle": "English - SUBRIP", "IsDefault": False, "IsExternal": False,
         "IsTextSubtitleStream": True, "DeliveryMethod": "Embed"},
        {"Type": "Subtitle", "Index": EXTERNAL_INDEX, "Codec": "srt", "Language": "fre",
         "Title": "Français (SDH)", "DisplayTitle": "French - SRT - External",
         "IsDefault": False, "IsExternal": True, "IsTextSubtitleStream": True,
         "SupportsExternalStream": True, "DeliveryMethod": "External",
         "DeliveryUrl": f"/Videos/{item.id}/{item.id}/Subtitles/{EXTERNAL_INDEX}/0/Stream.srt"
                        "?api_key=leaked-if-used",
         "Path": f"/media/movies/{item.id}.fr.srt"},
    ]


def item_fields(item, fields):
    """MediaSources and MediaStreams, when asked for (the single item has every field)."""
    if not ({"mediasources", "mediastreams"} & set(fields)):
        return {}
    streams = media_streams(item)
    source = {"Protocol": "File", "Id": item.id, "Type": "Default", "Container": "mp4",
              "Name": item.name, "IsRemote": False, "SupportsDirectPlay": True,
              "RunTimeTicks": item.runtime_ticks, "MediaStreams": streams,
              "DefaultAudioStreamIndex": 1}
    return {"MediaSources": [source], "MediaStreams": streams}


def subtitle_text(item):
    """The external French subtitle file: SubRip naming the film, so a test can tell it."""
    return (f"1\n00:00:01,000 --> 00:00:04,000\nSous-titres de {item.name}\n\n"
            "2\n00:00:05,000 --> 00:00:08,000\nFin.\n").encode("utf-8")


def route_subtitle(handler, problem):
    """GET /Videos/{id}/{mediaSourceId}/Subtitles/{index}/Stream.{format}; False for another
    path. Only the external track is a file to fetch; the header's token is needed."""
    match = SUBTITLE_PATH.match(handler.req_path)
    if not match:
        return False
    handler.authorize()
    item = handler.server.library.by_id.get(match.group(1).lower())
    if item is None or match.group(2).lower() != item.id:
        raise problem(404, "Item not found.")
    if int(match.group(3)) != EXTERNAL_INDEX or match.group(4).lower() not in ("srt", "subrip"):
        raise problem(404, "Subtitle not found.")
    handler.send_body(200, "application/x-subrip; charset=utf-8", subtitle_text(item))
    return True
