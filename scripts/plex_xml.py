"""Plex's XML form of a MediaContainer, for scripts/plex-server.py: what Plex sends when the
request's `Accept` does not ask for JSON.

Scalars become attributes; a list of entries becomes child elements. In XML Plex names a film
entry `Video` and a folder entry `Directory` where its JSON says `Metadata`.
"""

from xml.sax.saxutils import quoteattr


def _attribute(value):
    if isinstance(value, bool):
        return "1" if value else "0"
    return str(value)


def _element(name, fields, out, depth):
    if name == "Metadata":
        name = "Video" if fields.get("type") in ("movie", "episode", "clip") else "Directory"
    attrs = "".join(f" {k}={quoteattr(_attribute(v))}" for k, v in fields.items()
                    if not isinstance(v, (list, dict)) and v is not None)
    children = [(k, v) for k, v in fields.items() if isinstance(v, list)]
    pad = "  " * depth
    if not children:
        out.append(f"{pad}<{name}{attrs} />")
        return
    out.append(f"{pad}<{name}{attrs}>")
    for child_name, entries in children:
        for entry in entries:
            _element(child_name, entry, out, depth + 1)
    out.append(f"{pad}</{name}>")


def document(container):
    """The bytes of `<MediaContainer …>` with an XML declaration, as Plex writes it."""
    out = ['<?xml version="1.0" encoding="UTF-8"?>']
    _element("MediaContainer", container, out, 0)
    return ("\n".join(out) + "\n").encode("utf-8")
