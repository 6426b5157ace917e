"""Tests for the fault switches of scripts/hoppin-server.py (hoppin_faults.py).

    python3 -m unittest discover -s scripts -p 'test_*.py'

Each test starts its own server with one --fault over the first 25 movies and checks, over
raw HTTP, that the fault looks on the wire the way the browser's end-to-end tests expect.
"""

import http.client
import json
import socket
import subprocess
import sys
import tempfile
import unittest
import zlib
from pathlib import Path
from urllib.parse import urlsplit

HERE = Path(__file__).resolve().parent
SERVER = HERE / "hoppin-server.py"
CATALOGUE = HERE.parent / "sample-data"
PAGE = "/hoppin/movies?version=1&count=10&page="


class Server:
    def __init__(self, *args):
        self.proc = subprocess.Popen(
            [sys.executable, str(SERVER), "--catalogue", str(CATALOGUE), "--port", "0",
             "--limit", "25", *args],
            stdout=subprocess.PIPE, text=True,
        )
        line = self.proc.stdout.readline().strip()
        if not line.startswith("listening on http://"):
            self.close()
            raise RuntimeError(f"server did not start: {line!r}")
        parts = urlsplit(line[len("listening on "):])
        self.host, self.port = parts.hostname, parts.port

    def close(self):
        self.proc.kill()
        self.proc.wait()
        self.proc.stdout.close()

    def get(self, path, timeout=5):
        """(status, headers, body) over a fresh connection."""
        conn = http.client.HTTPConnection(self.host, self.port, timeout=timeout)
        try:
            conn.request("GET", path)
            r = conn.getresponse()
            return r.status, r, r.read()
        finally:
            conn.close()

    def raw(self, path, max_bytes=1 << 20, timeout=5):
        """The raw bytes the server sends for a request, up to max_bytes or until it closes."""
        with socket.create_connection((self.host, self.port), timeout=timeout) as s:
            s.sendall(f"GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".encode())
            data = b""
            while len(data) < max_bytes:
                try:
                    chunk = s.recv(65536)
                except ConnectionResetError:
                    return data, "reset"
                if not chunk:
                    return data, "closed"
                data += chunk
            return data, "more"


def split(raw):
    head, _, body = raw.partition(b"\r\n\r\n")
    headers = {}
    for line in head.split(b"\r\n")[1:]:
        name, _, value = line.decode().partition(":")
        headers[name.strip().lower()] = value.strip()
    return headers, body


class FaultTest(unittest.TestCase):
    def start(self, *args):
        server = Server(*args)
        self.addCleanup(server.close)
        return server

    def poster(self, server):
        _, _, body = server.get(PAGE + "1")
        return json.loads(body)["hoppin"]["movies"]["movie"][0]["thumbnailImage"].split("/", 3)[3]

    def test_status_with_retry_after_then_recovers(self):
        server = self.start("--fault", "status", "--fault-status", "429", "--retry-after", "1",
                            "--fault-page", "2", "--fault-times", "1")
        self.assertEqual(server.get(PAGE + "1")[0], 200)
        status, response, _ = server.get(PAGE + "2")
        self.assertEqual((status, response.getheader("Retry-After")), (429, "1"))
        self.assertEqual(server.get(PAGE + "2")[0], 200)

    def test_status_without_retry_after(self):
        server = self.start("--fault", "status")
        status, response, _ = server.get(PAGE + "1")
        self.assertEqual((status, response.getheader("Retry-After")), (503, None))

    def test_bodies_that_are_not_pages(self):
        for kind in ("html", "wrong-types", "truncated", "deep"):
            with self.subTest(kind=kind):
                server = self.start("--fault", kind)
                status, _, body = server.get(PAGE + "1")
                self.assertEqual(status, 200)
                try:
                    movies = json.loads(body)["hoppin"]["movies"]["movie"]
                except (ValueError, RecursionError, TypeError):
                    continue
                self.assertFalse(isinstance(movies, list) and movies and isinstance(movies[0], dict))

    def test_gzip_bomb_is_small_on_the_wire_and_256_megabytes_of_spaces_decoded(self):
        server = self.start("--fault", "gzip-bomb")
        status, response, body = server.get(PAGE + "1", timeout=30)
        self.assertEqual((status, response.getheader("Content-Encoding")), (200, "gzip"))
        self.assertLess(len(body), 300_000)
        unpacker = zlib.decompressobj(31)
        decoded = 0
        for start in range(0, len(body), 1 << 16):
            piece = unpacker.decompress(body[start:start + (1 << 16)])
            self.assertEqual(piece.strip(b" "), b"")
            decoded += len(piece)
        self.assertTrue(unpacker.eof)
        self.assertEqual(decoded, 256 << 20)

    def test_zstd_bomb_is_one_frame_of_rle_blocks_for_ten_gigabytes(self):
        server = self.start("--fault", "zstd-bomb")
        status, response, body = server.get(PAGE + "1", timeout=30)
        self.assertEqual((status, response.getheader("Content-Encoding")), (200, "zstd"))
        self.assertEqual(body[:4], b"\x28\xb5\x2f\xfd")
        blocks = body[6:]
        self.assertEqual(len(blocks) % 4, 0)
        sizes = []
        for start in range(0, len(blocks), 4):
            header = int.from_bytes(blocks[start:start + 3], "little")
            self.assertEqual((header >> 1) & 3, 1)  # RLE
            self.assertEqual(blocks[start + 3:start + 4], b" ")
            sizes.append(header >> 3)
        self.assertEqual(sum(sizes), 10 << 30)
        self.assertEqual(int.from_bytes(blocks[-4:-1], "little") & 1, 1)  # the last block

    def test_header_flood_sends_headers_and_no_body(self):
        server = self.start("--fault", "header-flood", "--fault-seconds", "0")
        data, how = server.raw(PAGE + "1", max_bytes=200_000)
        self.assertTrue(data.startswith(b"HTTP/1.1 200 OK\r\nX-Flood-0: 0\r\n"))
        self.assertNotIn(b"\r\n\r\n", data)
        self.assertGreater(data.count(b"\r\n"), 5000)

    def test_deep_nesting_is_six_hundred_levels(self):
        server = self.start("--fault", "deep")
        body = server.get(PAGE + "1")[2]
        self.assertIn(b"[" * 600 + b"]", body)
        self.assertNotIn(b"[" * 601, body)

    def test_short_body_announces_more_than_it_sends(self):
        server = self.start("--fault", "short-body")
        headers, body = split(server.raw(PAGE + "1")[0])
        self.assertGreater(int(headers["content-length"]), len(body))

    def test_reset_cuts_the_body(self):
        server = self.start("--fault", "reset")
        raw, how = server.raw(PAGE + "1")
        headers, body = split(raw)
        self.assertLess(len(body), int(headers["content-length"]))
        self.assertIn(how, ("reset", "closed"))

    def test_endless_body_has_no_length_and_does_not_end(self):
        server = self.start("--fault", "endless")
        raw, how = server.raw(PAGE + "1", max_bytes=4 << 20)
        headers, _ = split(raw)
        self.assertEqual(how, "more")
        self.assertNotIn("content-length", headers)

    def test_hang_never_answers(self):
        server = self.start("--fault", "hang")
        with self.assertRaises(socket.timeout):
            server.raw(PAGE + "1", timeout=0.5)

    def test_slow_headers_and_trickle_answer_in_full_eventually(self):
        for kind in ("slow-headers", "trickle"):
            with self.subTest(kind=kind):
                server = self.start("--fault", kind, "--fault-seconds", "0.001", "--limit", "1")
                status, _, body = server.get(PAGE + "1")
                self.assertEqual(status, 200)
                self.assertEqual(json.loads(body)["hoppin"]["totalCount"], "1")

    def test_fault_page_spares_other_pages(self):
        server = self.start("--fault", "status", "--fault-page", "2")
        self.assertEqual(server.get(PAGE + "1")[0], 200)
        self.assertEqual(server.get(PAGE + "2")[0], 503)
        self.assertEqual(server.get(PAGE + "3")[0], 200)

    def test_redirect_loop_keeps_the_query_and_never_ends(self):
        server = self.start("--fault", "redirect-loop")
        path = PAGE + "2"
        for hop in range(1, 8):
            status, response, _ = server.get(path)
            self.assertEqual(status, 302)
            path = response.getheader("Location")
            self.assertIn("page=2", path)
            self.assertIn(f"hop={hop}", path)

    def test_redirect_file(self):
        server = self.start("--fault", "redirect-file")
        status, response, _ = server.get(PAGE + "1")
        self.assertEqual((status, response.getheader("Location")), (302, "file:///etc/passwd"))

    def test_shift_repeats_the_end_of_the_previous_page(self):
        server = self.start("--fault", "shift")
        first = json.loads(server.get(PAGE + "1")[2])["hoppin"]["movies"]["movie"]
        second = json.loads(server.get(PAGE + "2")[2])["hoppin"]["movies"]["movie"]
        self.assertEqual([m["movieId"] for m in second[:3]], [m["movieId"] for m in first[-3:]])

    def test_total_change_from_page_two(self):
        server = self.start("--fault", "total-change")
        totals = [json.loads(server.get(PAGE + str(n))[2])["hoppin"]["totalCount"] for n in (1, 2)]
        self.assertEqual(totals, ["25", "30"])

    def test_total_shrink_drops_rows_from_page_two(self):
        server = self.start("--fault", "total-shrink")
        pages = [json.loads(server.get(PAGE + str(n))[2])["hoppin"] for n in (1, 2)]
        self.assertEqual([p["totalCount"] for p in pages], ["25", "22"])
        clean = self.start()
        whole = json.loads(clean.get(PAGE.replace("count=10", "count=25") + "1")[2])
        ids = [m["movieId"] for m in whole["hoppin"]["movies"]["movie"]]
        self.assertEqual([m["movieId"] for m in pages[1]["movies"]["movie"]], ids[13:23])

    def test_huge_number_is_json_no_double_holds(self):
        server = self.start("--fault", "huge-number")
        body = server.get(PAGE + "1")[2]
        self.assertIn(b'"hugeNumber":1e400,', body)
        self.assertEqual(json.loads(body)["hoppin"]["movies"]["movie"][0]["hugeNumber"], float("inf"))

    def test_many_rows_is_a_million_tiny_rows_under_16_mb(self):
        server = self.start("--fault", "many-rows")
        body = server.get(PAGE + "1", timeout=30)[2]
        self.assertLess(len(body), 16_000_000)
        self.assertEqual(body.count(b'{"title":"a"}'), 1_000_000)

    def test_poster_faults(self):
        server = self.start("--fault", "not-image", "--fault-on", "posters")
        poster = self.poster(server)
        status, _, body = server.get("/" + poster)
        self.assertEqual(status, 200)
        self.assertNotEqual(body, (CATALOGUE / poster).read_bytes())

        server = self.start("--fault", "content-disposition", "--fault-on", "posters")
        status, response, body = server.get("/" + poster)
        self.assertIn("../", response.getheader("Content-Disposition"))
        self.assertEqual(body, (CATALOGUE / poster).read_bytes())

        server = self.start("--fault", "redirect", "--fault-on", "posters")
        status, response, _ = server.get("/" + poster)
        self.assertEqual(status, 302)
        status, _, body = server.get(response.getheader("Location"))
        self.assertEqual((status, body), (200, (CATALOGUE / poster).read_bytes()))

        with tempfile.NamedTemporaryFile() as file:
            file.write(b"any bytes")
            file.flush()
            server = self.start("--fault", "poster-file", "--fault-file", file.name,
                                "--fault-on", "posters")
            self.assertEqual(server.get("/" + poster)[2], b"any bytes")

    def test_lying_lists_never_end(self):
        def page(server, number):
            found = json.loads(server.get(PAGE + str(number))[2])["hoppin"]
            return [m["title"] for m in found["movies"]["movie"]], int(found["totalCount"])

        server = self.start("--fault", "endless-list")
        first, total = page(server, 1)
        later, _ = page(server, 500)
        self.assertEqual((len(first), len(later), total), (10, 10, 1_000_000_000))
        self.assertFalse(set(first) & set(later))

        server = self.start("--fault", "growing-total")
        self.assertEqual(page(server, 3)[1], 40)
        self.assertEqual(page(server, 7)[1], 80)

        server = self.start("--fault", "same-page")
        self.assertEqual(page(server, 1), page(server, 9))
        self.assertEqual(page(server, 9)[1], 1_000_000_000)


if __name__ == "__main__":
    unittest.main()
