"""Generated posters and stream bytes for scripts/jellyfin-server.py.

A poster is a PNG two thirds as wide as it is tall, its colours taken from the image tag, so a
changed tag serves a changed image. A stream is a few kilobytes a stand-in player can read.
"""

import hashlib
import struct
import zlib

DEFAULT_WIDTH = 300
MAX_WIDTH = 2000
STREAM_MAGIC = b"JELLYFIN-TEST-STREAM "


def _chunk(kind, data):
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)


def poster(tag, width):
    """An RGB PNG of `width` by 1.5 × width pixels: a band of the tag's second colour across
    the middle third of the first, so a shrunken preview still shows a shape."""
    height = width * 3 // 2
    digest = hashlib.sha256(tag.encode("utf-8")).digest()
    back, band = bytes(digest[0:3]), bytes(digest[3:6])
    plain = b"\0" + back * width
    striped = b"\0" + back * (width // 3) + band * (width - 2 * (width // 3)) + back * (width // 3)
    rows = [striped if height // 3 <= y < 2 * height // 3 else plain for y in range(height)]
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", header)
            + _chunk(b"IDAT", zlib.compress(b"".join(rows), 6)) + _chunk(b"IEND", b""))


def stream_bytes(item_id):
    """What /Videos/{id}/stream serves: a line naming the film, then 16 KB of filler."""
    return STREAM_MAGIC + item_id.encode("ascii") + b"\n" + bytes(range(256)) * 64


def tagged_wav(title):
    """A fifth of a second of silence as a WAV whose INFO title tag is `title` (players print
    it as they start)."""
    fmt = struct.pack("<HHIIHH", 1, 1, 8000, 8000, 1, 8)
    name = title.encode("utf-8") + b"\0"
    name += b"\0" * (len(name) % 2)
    info = b"INFO" + b"INAM" + struct.pack("<I", len(name)) + name
    data = b"\x80" * 1600
    chunks = b"".join(tag + struct.pack("<I", len(body)) + body
                      for tag, body in ((b"fmt ", fmt), (b"LIST", info), (b"data", data)))
    return b"RIFF" + struct.pack("<I", 4 + len(chunks)) + b"WAVE" + chunks
