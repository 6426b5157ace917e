#!/usr/bin/env python3
"""Write Tests/Data/imdb-movies.csv, the part of the IMDb movies CSV the tests and the local
servers read, so a clone with nothing beside it runs every test.

    python3 scripts/make-test-data.py [--csv PATH] [--out FILE]

It keeps, in the CSV's order and byte for byte (the row numbers are the films' ids):
- the first 2,000 rows, since the servers' `--limit N` serves the first N films;
- every film of the offline catalogue (the 2,000 most voted and the seven Korean ones), so a
  search for a well-known title finds it on every source;
- every eighth row after that, a spread over every year, genre and rating for the filters and
  the full scans, and enough that TMDb's list is longer than its 500-page cap (10,000 films),
  as on TMDb.
"""

import argparse
import csv
import io
import sys
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
DEFAULT_CSV = REPO_ROOT.parent / "shared" / "data" / "imdb-movies.csv"
DEFAULT_OUT = REPO_ROOT / "Tests" / "Data" / "imdb-movies.csv"
FIRST_ROWS = 2000
MOST_VOTED = 2000
KOREAN_ROWS = {6732, 10050, 20760, 37625, 44517, 50364, 50523}
EVERY = 8


def kept_rows(text):
    rows = list(csv.DictReader(io.StringIO(text)))
    by_votes = sorted(rows, key=lambda r: (-int(r["votes"]), int(r[""])))
    most_voted = {int(r[""]) for r in by_votes[:MOST_VOTED]}
    return {n for n in (int(r[""]) for r in rows)
            if n <= FIRST_ROWS or n in most_voted or n in KOREAN_ROWS or n % EVERY == 0}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--csv", default=str(DEFAULT_CSV), help="the whole IMDb movies CSV")
    ap.add_argument("--out", default=str(DEFAULT_OUT), help="where to write the part kept")
    args = ap.parse_args(argv)
    text = Path(args.csv).read_text(encoding="ascii")
    keep = kept_rows(text)
    lines = text.splitlines(keepends=True)
    # One line a row: the data set quotes no newlines.
    out = [lines[0]] + [line for line in lines[1:] if int(line.split(",", 1)[0].strip('"')) in keep]
    Path(args.out).write_text("".join(out), encoding="ascii")
    print(f"{len(out) - 1} of {len(lines) - 1} rows to {args.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
