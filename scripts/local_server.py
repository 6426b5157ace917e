"""What the local test servers (Hoppin, TMDb, Jellyfin) share: announcing where they listen,
in the line the tests and the bench wait for, and serving until interrupted."""


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
