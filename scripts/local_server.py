"""What the local test servers (Hoppin, TMDb, Jellyfin, Plex) share: the request handler's
plumbing (HTTP/1.1, the answer's headers, the request log, quiet stderr), the threaded server
on IPv4 or IPv6, the options every server takes, the CSV they serve by default, and start-up:
announcing where they listen, in the line the tests and the bench wait for, and serving until
interrupted. Each server keeps only its routes, its data and the fields it adds to the log."""

import json
import socket
import subprocess
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
# The part of the IMDb CSV the tests need, checked in (Tests/Data/README.md says which rows).
DEFAULT_CSV = REPO_ROOT / "Tests" / "Data" / "imdb-movies.csv"


def number(raw, kind=float):
    """`raw` (a CSV cell) as `kind`, or None when it is empty, `NA` or not a number."""
    if raw in (None, "", "NA"):
        return None
    try:
        return kind(raw)
    except (TypeError, ValueError):
        return None


class LocalHandler(BaseHTTPRequestHandler):
    """The plumbing under every server's routes. A subclass sets `req_path` and `req_query`
    before answering, and adds its own fields to the log in `log_entry`."""

    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True
    # The prefix of the server's lines on stderr.
    name = "local-server"
    # Headers sent with every answer (Plex's X-Plex-Protocol).
    common_headers = {}

    def base_url(self):
        """`http://HOST:PORT`, as a client reaches this server."""
        host, port = self.server.server_address[:2]
        if host in ("0.0.0.0", "::", ""):
            # Wildcard bind: use the address the client reached us on.
            return "http://" + (self.headers.get("Host") or f"127.0.0.1:{port}")
        if ":" in host:
            host = f"[{host}]"
        return f"http://{host}:{port}"

    def send_body(self, status, content_type, body, extra_headers=None):
        # Logged before anything is sent, so a client that has the answer finds its line in
        # the log; logging after the write raced with tests that read the log at once.
        self.log_answer(status, len(body))
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        for name, value in {**self.common_headers, **(extra_headers or {})}.items():
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(body)

    def log_answer(self, status, nbytes):
        """Logs this request; answers that never send a whole body (faults) call it themselves."""
        self.server.write_log(self.log_entry(status, nbytes))

    def log_entry(self, status, nbytes):
        """The request's line in --log, without its time."""
        return {"method": self.command, "path": self.req_path, "query": self.logged_query(),
                "status": status, "bytes": nbytes}

    def logged_query(self):
        """The query parameters the log shows (the last value of each)."""
        return self.req_query

    def log_request(self, code="-", size="-"):
        pass  # no stderr access log; see --log

    def log_message(self, format, *args):
        # Only errors reach here (log_request is silenced): keep them visible.
        sys.stderr.write("%s: %s\n" % (self.name, format % args))


class LocalServer(ThreadingHTTPServer):
    """A threaded server on `options.host` (IPv6 when it has a colon) and `options.port`,
    writing one JSON line a request to `options.log`."""

    daemon_threads = True
    handler = LocalHandler

    def __init__(self, options):
        if ":" in options.host:
            self.address_family = socket.AF_INET6
        super().__init__((options.host, options.port), self.handler)
        self.options = options
        self._log_lock = threading.Lock()
        self._log = open(options.log, "a", encoding="utf-8") if options.log else None

    def write_log(self, entry):
        if self._log is None:
            return
        entry["time"] = round(time.time(), 4)
        line = json.dumps(entry, ensure_ascii=False, separators=(",", ":"))
        with self._log_lock:
            self._log.write(line + "\n")
            self._log.flush()

    def handle_error(self, request, client_address):
        if isinstance(sys.exc_info()[1], OSError):
            return  # the client went away; not our problem
        super().handle_error(request, client_address)


def add_listening_arguments(ap):
    """--host, --port and --log, as every server takes them."""
    ap.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    ap.add_argument("--port", type=int, default=0, help="port; 0 picks a free one (default 0)")
    ap.add_argument("--log", metavar="FILE", help="append one JSON line per request to FILE")


def add_csv_arguments(ap):
    """--csv and --limit, for the servers made from the IMDb CSV."""
    ap.add_argument("--csv", default=str(DEFAULT_CSV),
                    help="the IMDb movies CSV (default Tests/Data/imdb-movies.csv)")
    ap.add_argument("--limit", type=int, metavar="N", help="serve only the first N movies")


def check_limit(ap, args):
    if args.limit is not None and args.limit < 0:
        ap.error("--limit must be >= 0")
    return args


def serve(server, before_listening=None):
    """Prints `listening on http://HOST:PORT` once bound, then serves until Ctrl-C.
    `before_listening(base)` runs first, with the address clients will use."""
    host, port = server.server_address[:2]
    base = f"http://{f'[{host}]' if ':' in host else host}:{port}"
    if before_listening:
        before_listening(base)
    print(f"listening on {base}", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


def start_for_test(script, cleanups, *args):
    """Starts `script` (a server in this folder) with `args` on a free port for a Python test;
    returns its base URL. `cleanups` is the test case's or class's addCleanup/addClassCleanup."""
    proc = subprocess.Popen([sys.executable, str(Path(__file__).parent / script), "--port", "0",
                             *args], stdout=subprocess.PIPE, text=True)
    cleanups(proc.stdout.close)
    cleanups(proc.wait)
    cleanups(proc.kill)
    line = proc.stdout.readline().strip()
    if not line.startswith("listening on http://"):
        raise RuntimeError(f"{script} did not start: {line!r}")
    return line[len("listening on "):]
