"""Fault injection for scripts/hoppin-server.py: the ways a real server fails, stalls or lies.

One fault per server, chosen with --fault KIND and narrowed with:

    --fault-on pages|posters   which requests it hits (default pages)
    --fault-page N             only page N of the movie list (pages only; default every page)
    --fault-times N            only the first N matching requests, then behave (default all)
    --fault-status CODE        the status for KIND=status (default 503)
    --retry-after VALUE        a Retry-After header for KIND=status (seconds or an HTTP date)
    --fault-seconds S          the delay for hang, slow-headers and trickle (default 3600/2/0.2)
    --fault-file FILE          the bytes every poster is for KIND=poster-file

Kinds (any request):    status, hang, slow-headers, trickle, endless, short-body, reset,
                        redirect-loop, redirect-file, gzip-bomb, zstd-bomb, header-flood
Kinds (pages):          html, wrong-types, truncated, deep, shift, total-change,
                        total-shrink, huge-number, many-rows, endless-list, growing-total,
                        same-page
Kinds (posters):        not-image, content-disposition, redirect, poster-file
"""

import socket
import struct
import threading
import time
import zlib
from urllib.parse import urlencode

KINDS = {
    "status", "hang", "slow-headers", "trickle", "endless", "short-body", "reset",
    "redirect-loop", "redirect-file", "html", "wrong-types", "truncated", "deep", "shift",
    "total-change", "total-shrink", "huge-number", "many-rows", "not-image",
    "content-disposition", "redirect", "gzip-bomb", "zstd-bomb", "header-flood",
    "endless-list", "growing-total", "same-page", "poster-file",
}
# What the bombs decode to: small on the wire, far past any cap once decoded.
GZIP_BOMB_BYTES = 256 << 20
ZSTD_BOMB_BYTES = 10 << 30
HEADER_FLOOD_LINES = 100_000
# How many rows `shift` repeats: the start of every later page moves back by this much, as if
# rows had been inserted at the front of the list between two requests.
SHIFT_ROWS = 3
# How much `total-change` adds to totalCount from page 2 on.
TOTAL_CHANGE = 5
DEEP_LEVELS = 600
# `many-rows`: a page of this many tiny rows, about 14 MB, under the browser's 16 MB cap.
MANY_ROWS = 1_000_000
# `endless-list` and `same-page`: the totalCount they claim.
ENDLESS_TOTAL = 1_000_000_000
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def add_arguments(ap):
    ap.add_argument("--fault", choices=sorted(KINDS), help="inject this fault (see hoppin_faults.py)")
    ap.add_argument("--fault-on", choices=["pages", "posters"], default="pages")
    ap.add_argument("--fault-page", type=int, metavar="N")
    ap.add_argument("--fault-times", type=int, metavar="N")
    ap.add_argument("--fault-status", type=int, default=503, metavar="CODE")
    ap.add_argument("--retry-after", metavar="VALUE")
    ap.add_argument("--fault-seconds", type=float, metavar="S")
    ap.add_argument("--fault-file", metavar="FILE")


class Faults:
    """Decides which requests a fault hits; counts them so --fault-times can stop it."""

    def __init__(self, options):
        self.kind = options.fault
        self.on = options.fault_on
        self.page = options.fault_page
        self.times = options.fault_times
        self.status = options.fault_status
        self.retry_after = options.retry_after
        self.seconds = options.fault_seconds
        self.file = options.fault_file
        self._hits = 0
        self._lock = threading.Lock()
        # Made before the server says it is listening, so the first answer is not late.
        if self.kind == "gzip-bomb":
            gzip_bomb()
        elif self.kind == "zstd-bomb":
            zstd_bomb()

    def hits(self, route, page=None):
        """True when this request should get the fault (and counts it)."""
        if self.kind is None or route != self.on:
            return False
        if route == "pages" and self.page is not None and page != self.page:
            return False
        with self._lock:
            if self.times is not None and self._hits >= self.times:
                return False
            self._hits += 1
            return True

    def delay(self, default):
        return self.seconds if self.seconds is not None else default


# ---------------------------------------------------------------- transport-level faults

def respond(handler, faults, body, content_type):
    """Answers with the fault instead of `body`. Returns False when the kind is not one that
    replaces the whole response (the route then handles it)."""
    kind = faults.kind
    if kind == "status":
        extra = {"Retry-After": faults.retry_after} if faults.retry_after else {}
        handler.send_body(faults.status, "application/json",
                          b'{"error":"injected fault"}', extra)
    elif kind == "hang":
        handler.log_answer(0, 0)
        time.sleep(faults.delay(3600))
        handler.close_connection = True
    elif kind == "slow-headers":
        time.sleep(faults.delay(2))
        handler.send_body(200, content_type, body)
    elif kind == "trickle":
        trickle(handler, body, content_type, faults.delay(0.2))
    elif kind == "endless":
        endless(handler, content_type)
    elif kind == "short-body":
        handler.log_answer(200, len(body))
        send_head(handler, 200, content_type, len(body) + 1000)
        handler.wfile.write(body)
        handler.close_connection = True
    elif kind == "reset":
        handler.log_answer(200, len(body) // 2)
        send_head(handler, 200, content_type, len(body))
        handler.wfile.write(body[: len(body) // 2])
        handler.wfile.flush()
        reset(handler.connection)
        handler.close_connection = True
    elif kind == "redirect-loop":
        # The same request again, with a counter so every hop has a new address.
        query = dict(handler.req_query)
        query["hop"] = str(int(query.get("hop", "0") or 0) + 1)
        redirect(handler, f"{handler.req_path}?{urlencode(query)}")
    elif kind == "redirect-file":
        redirect(handler, "file:///etc/passwd")
    elif kind in ("gzip-bomb", "zstd-bomb"):
        encoding = kind.split("-")[0]
        bomb = gzip_bomb() if encoding == "gzip" else zstd_bomb()
        send_encoded(handler, content_type, encoding, bomb)
    elif kind == "header-flood":
        header_flood(handler, faults.delay(0.0005))
    else:
        return False
    return True


def send_head(handler, status, content_type, length=None):
    handler.send_response(status)
    handler.send_header("Content-Type", content_type)
    if length is None:
        handler.send_header("Connection", "close")
    else:
        handler.send_header("Content-Length", str(length))
    handler.end_headers()


def trickle(handler, body, content_type, interval):
    """The whole length announced, then a byte at a time: never idle, never done in time."""
    send_head(handler, 200, content_type, len(body))
    handler.log_answer(200, len(body))
    try:
        for i in range(len(body)):
            handler.wfile.write(body[i:i + 1])
            handler.wfile.flush()
            time.sleep(interval)
    except (BrokenPipeError, ConnectionResetError):
        pass
    handler.close_connection = True


def endless(handler, content_type):
    """A body with no length that never ends, until the client hangs up."""
    send_head(handler, 200, content_type)
    handler.log_answer(200, -1)
    start = PNG_SIGNATURE if content_type.startswith("image/") else b'{"hoppin":{"movies":{"movie":['
    chunk = b'{"title":"again and again"},' * 2048
    try:
        handler.wfile.write(start)
        while True:
            handler.wfile.write(chunk)
    except (BrokenPipeError, ConnectionResetError):
        pass
    handler.close_connection = True


_bombs = {}
_bombs_lock = threading.Lock()


def gzip_bomb():
    """GZIP_BOMB_BYTES of spaces as gzip (about 260 KB), made once per server. Each 1 MiB block
    ends in a full flush, which resets the compressor, so every block after the first
    compresses to the same bytes and only the checksum needs the whole input."""
    with _bombs_lock:
        if "gzip" not in _bombs:
            block = b" " * (1 << 20)
            count = GZIP_BOMB_BYTES // len(block)
            packer = zlib.compressobj(9, zlib.DEFLATED, -15)
            first = packer.compress(block) + packer.flush(zlib.Z_FULL_FLUSH)
            rest = packer.compress(block) + packer.flush(zlib.Z_FULL_FLUSH)
            end = packer.flush(zlib.Z_FINISH)
            crc = 0
            for _ in range(count):
                crc = zlib.crc32(block, crc)
            head = b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\xff"
            tail = struct.pack("<II", crc, GZIP_BOMB_BYTES & 0xFFFFFFFF)
            _bombs["gzip"] = head + first + rest * (count - 1) + end + tail
        return _bombs["gzip"]


def zstd_bomb():
    """ZSTD_BOMB_BYTES of spaces as one zstd frame of RLE blocks: each block is a 3-byte header
    and the one byte it repeats 128 KiB times, so 10 GiB travel as about 320 KB."""
    with _bombs_lock:
        if "zstd" not in _bombs:
            block_size = 128 * 1024
            blocks = ZSTD_BOMB_BYTES // block_size
            rle = 1 << 1  # Block_Type 1: RLE
            header = b"\x28\xb5\x2f\xfd" + b"\x00" + bytes([17 - 10 << 3])  # 128 KiB window
            body = (rle | block_size << 3).to_bytes(3, "little") + b" "
            last = (1 | rle | block_size << 3).to_bytes(3, "little") + b" "
            _bombs["zstd"] = header + body * (blocks - 1) + last
        return _bombs["zstd"]


def send_encoded(handler, content_type, encoding, body):
    """Sends an encoded body, logged first: a client that stops reading makes the write fail."""
    handler.log_answer(200, len(body))
    handler.send_response(200)
    handler.send_header("Content-Type", content_type)
    handler.send_header("Content-Encoding", encoding)
    handler.send_header("Content-Length", str(len(body)))
    handler.end_headers()
    try:
        handler.wfile.write(body)
    except (BrokenPipeError, ConnectionResetError):
        pass
    handler.close_connection = True


def header_flood(handler, interval):
    """A status line, then header after header, slowly, never reaching the body."""
    handler.log_answer(200, 0)
    try:
        handler.wfile.write(b"HTTP/1.1 200 OK\r\n")
        for i in range(HEADER_FLOOD_LINES):
            handler.wfile.write(b"X-Flood-%d: %d\r\n" % (i, i))
            handler.wfile.flush()
            time.sleep(interval)
    except (BrokenPipeError, ConnectionResetError):
        pass
    handler.close_connection = True


def reset(connection):
    """Closes with a TCP reset instead of a clean close."""
    try:
        connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        connection.close()
    except OSError:
        pass


def redirect(handler, location):
    handler.send_body(302, "text/plain", b"moved", {"Location": location})


# ---------------------------------------------------------------- page bodies that lie

def lying_list(kind, page, count, first_page_texts):
    """A list that never ends: `endless-list` (a full page of new movies every time, and a
    totalCount of a billion), `growing-total` (the same, with a totalCount always one page
    past this one) and `same-page` (page 1's movies on every page, a totalCount of a
    billion). None for the other kinds."""
    if kind == "same-page":
        return first_page_texts, ENDLESS_TOTAL
    if kind not in ("endless-list", "growing-total"):
        return None
    first = (page - 1) * count + 1
    texts = ['{"movieId":"lie-%d","title":"Lie %d","genreNames":"Drama","ratingAverage":"5.0"}'
             % (row, row) for row in range(first, first + count)]
    return texts, ENDLESS_TOTAL if kind == "endless-list" else (page + 1) * count


def page_body(kind, body):
    """A page body replaced by one that is not a page; None when the kind is not one of these."""
    if kind == "html":
        return b"<!DOCTYPE html><html><body><h1>502 Bad Gateway</h1></body></html>"
    if kind == "wrong-types":
        return b'{"hoppin":{"movies":{"movie":42},"totalCount":{"a":1}}}'
    if kind == "truncated":
        return body[: len(body) // 2]
    if kind == "deep":
        return b'{"hoppin":{"movies":{"movie":' + b"[" * DEEP_LEVELS + b"]" * DEEP_LEVELS + b"}}}"
    if kind == "huge-number":
        # Valid JSON, but a number no double holds: strict parsers reject the whole page.
        return body.replace(b'"title":', b'"hugeNumber":1e400,"title":', 1)
    if kind == "many-rows":
        rows = b",".join([b'{"title":"a"}'] * MANY_ROWS)
        return b'{"hoppin":{"movies":{"movie":[' + rows + b']},"totalCount":"' + str(MANY_ROWS).encode() + b'"}}'
    return None
