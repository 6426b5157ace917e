#!/usr/bin/env python3
"""Writes a small Matroska file whose header claims any duration: a fifth of a second of
silent 8-bit PCM, one audio track, and an Info Duration field of `--duration` (1e300 by
default: in its milliseconds, 1e297 seconds, which no film has; larger overflows to the
infinity players ignore). The hostile-input tests serve it as a stream to the real mpv.

Usage: matroska.py [--duration SECONDS] OUT
"""
import argparse
import struct


def size(n):
    """An EBML data size, in 8 bytes (the longest form), so no length has to be guessed."""
    return bytes([0x01]) + n.to_bytes(7, "big")


def element(ident, body):
    return ident + size(len(body)) + body


def uint(ident, value):
    return element(ident, value.to_bytes(8, "big"))


def double(ident, value):
    return element(ident, struct.pack(">d", value))


def text(ident, value):
    return element(ident, value.encode("ascii"))


def matroska(duration, rate=8000, seconds=0.2):
    header = element(b"\x1a\x45\xdf\xa3", b"".join([
        uint(b"\x42\x86", 1), uint(b"\x42\xf7", 1), uint(b"\x42\xf2", 4), uint(b"\x42\xf3", 8),
        text(b"\x42\x82", "matroska"), uint(b"\x42\x87", 4), uint(b"\x42\x85", 2)]))
    # Duration is in TimecodeScale units: milliseconds.
    info = element(b"\x15\x49\xa9\x66", b"".join([
        uint(b"\x2a\xd7\xb1", 1_000_000), double(b"\x44\x89", duration),
        text(b"\x4d\x80", "movies-test"), text(b"\x57\x41", "movies-test")]))
    audio = element(b"\xe1", double(b"\xb5", float(rate)) + uint(b"\x9f", 1)
                    + uint(b"\x62\x64", 8))
    track = element(b"\xae", b"".join([
        uint(b"\xd7", 1), uint(b"\x73\xc5", 1), uint(b"\x83", 2),
        text(b"\x86", "A_PCM/INT/LIT"), audio]))
    tracks = element(b"\x16\x54\xae\x6b", track)
    samples = int(rate * seconds)
    # A SimpleBlock: track 1 (as a one-byte EBML number), timecode 0, keyframe flag.
    block = element(b"\xa3", b"\x81" + struct.pack(">h", 0) + b"\x80" + b"\x80" * samples)
    cluster = element(b"\x1f\x43\xb6\x75", uint(b"\xe7", 0) + block)
    segment = element(b"\x18\x53\x80\x67", info + tracks + cluster)
    return header + segment


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--duration", type=float, default=1e300)
    parser.add_argument("out")
    options = parser.parse_args()
    with open(options.out, "wb") as out:
        out.write(matroska(options.duration))


if __name__ == "__main__":
    main()
