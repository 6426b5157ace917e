"""What scripts/tmdb-server.py adds to a film's details: credits, videos, recommendations and
`append_to_response`, in the shapes of TMDb's OpenAPI document (MovieCredits, MovieVideos,
MovieRecommendations). Everything is made up from the film's id, so every run is the same.
"""

import hashlib

DIRECTORS = ["Ilse Brandt", "Kenji Mori", "Ana Ribeiro", "Tom Okafor", "Mira Novak",
             "Sam Lindqvist", "Priya Raman"]
CAST = ["Lena Hart", "Omar Vance", "June Park", "Felix Moreau", "Ada Quinn", "Rui Santos",
        "Nora Blake", "Theo Grant", "Ivy Chen", "Max Ferreira", "Lila Stone", "Ben Ito"]
# The parts a /movie/{id} request may append, and the ones this server knows.
APPENDABLE = ("credits", "videos", "watch/providers", "recommendations")
MAX_APPENDED = 20  # TMDb's own limit on append_to_response


def credits(m):
    """Two directors for every fourth film (one credited twice, as TMDb lists a director per
    job), one for the rest; eight cast members listed out of billing order."""
    ident = m["id"]
    directors = [DIRECTORS[ident % len(DIRECTORS)]]
    if ident % 4 == 0:
        directors.append(DIRECTORS[(ident + 3) % len(DIRECTORS)])
    crew = [{"adult": False, "gender": 0, "id": 9000 + DIRECTORS.index(d), "name": d,
             "original_name": d, "known_for_department": "Directing", "popularity": 1.0,
             "profile_path": None, "credit_id": "c%d%d" % (ident, i),
             "department": "Directing", "job": "Director"} for i, d in enumerate(directors)]
    crew.append({"adult": False, "gender": 0, "id": 9999, "name": "Rae Holm",
                 "original_name": "Rae Holm", "known_for_department": "Writing",
                 "popularity": 1.0, "profile_path": None, "credit_id": "w%d" % ident,
                 "department": "Writing", "job": "Screenplay"})
    names = [CAST[(ident + i) % len(CAST)] for i in range(8)]
    cast = [{"adult": False, "gender": 0, "id": 8000 + CAST.index(n), "name": n,
             "original_name": n, "known_for_department": "Acting", "popularity": 1.0,
             "profile_path": None, "cast_id": i, "character": "Role %d" % i,
             "credit_id": "a%d%d" % (ident, i), "order": i} for i, n in enumerate(names)]
    # Listed out of order: a client must sort by `order`.
    cast = cast[1:] + cast[:1]
    return {"id": ident, "cast": cast, "crew": crew}


def video_key(ident, kind):
    """An 11-character YouTube id."""
    digest = hashlib.sha256(f"{ident}-{kind}".encode()).hexdigest()
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    return "".join(alphabet[int(digest[i:i + 2], 16) % 64] for i in range(0, 22, 2))


def videos(m):
    """A teaser, a fan's trailer and the official trailer, in that order; every sixth film
    has only the teaser, so it has no trailer."""
    ident = m["id"]

    def video(kind, name, official):
        return {"iso_639_1": "en", "iso_3166_1": "US", "name": name,
                "key": video_key(ident, name), "site": "YouTube", "size": 1080, "type": kind,
                "official": official, "published_at": "2020-01-01T00:00:00.000Z",
                "id": hashlib.md5(f"{ident}-{name}".encode()).hexdigest()[:24]}
    results = [video("Teaser", "Teaser", True)]
    if ident % 6 != 0:
        results += [video("Trailer", "Fan trailer", False),
                    video("Trailer", "Official Trailer", True)]
    return {"id": ident, "results": results}


def official_trailer(m):
    """The address a client should play for `m`: its official trailer's, or None."""
    found = [v for v in videos(m)["results"] if v["type"] == "Trailer" and v["official"]]
    return "https://www.youtube.com/watch?v=" + found[0]["key"] if found else None


def recommendations(catalogue, m, page, list_item):
    """Films sharing a genre with `m`, most popular first, itself left out; 20 a page."""
    genres = set(m["genre_ids"])
    liked = [o for o in catalogue.movies if o["id"] != m["id"] and genres & set(o["genre_ids"])]
    liked.sort(key=lambda o: (-o["popularity"], o["id"]))
    liked = liked[:40]  # TMDb recommends a few pages at most
    start = (page - 1) * 20
    return {"page": page, "results": [list_item(o) for o in liked[start:start + 20]],
            "total_pages": (len(liked) + 19) // 20, "total_results": len(liked)}


def appended(text):
    """The parts `append_to_response` asks for, in order; ValueError past TMDb's limit."""
    parts = [p for p in text.split(",") if p]
    if len(parts) > MAX_APPENDED:
        raise ValueError("too many")
    return [p for p in parts if p in APPENDABLE]
