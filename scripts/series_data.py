"""The TV series the local TMDb, Jellyfin and Plex serve beside their films: made up, the
same on every run, and shaped so the tests reach what real libraries hold.

Each server writes these in its own API's terms (tmdb_series.py, jellyfin_series.py,
plex_series.py). What they share:

- 24 series, the most popular first. Series 0 is "Thrones of Ash" (5 seasons of 10); on TMDb
  its id is 1399 and the others' are 2, 3, …: the same numbers as films, as on TMDb, where
  film and TV ids overlap.
- Series 3, "Empty Nest", has one season with no episodes.
- Series 5's last episode has no file (Jellyfin lists it as Virtual, Plex without Media).
- What a user has seen: the first `seen` episodes of a series in order, and for every third
  series the next one stopped part way. The rest are unseen, so a series' next up is the
  first episode not played.
"""

NAMES = ["Thrones of Ash", "The 100 Lanterns", "Harbour Lights", "Empty Nest", "Night Shift",
         "Salt and Iron", "The Long Winter", "서울의 밤", "Copper Valley", "Glass Houses",
         "Lowland", "The Cartographers", "Quiet Street", "Northern Line", "Paper Moons",
         "The Wardens", "Hollow Point", "Small Hours", "Bright Water", "The Archive",
         "Dust Devils", "Second Chances", "Kingfisher", "The Last Ferry"]
# Genres the films use too, so the servers' genre lists and filters work the same for both.
GENRES = ["Drama", "Comedy", "Action", "Animation", "Documentary", "Romance"]
CREATORS = ["Mara Quist", "Dev Okonjo", "Hana Ito", "Piet Vos", "Lucía Ferro"]


class Episode:
    __slots__ = ("series", "season", "number", "name", "minutes", "air_date", "has_file")

    def __init__(self, series, season, number, name, minutes, air_date, has_file):
        self.series, self.season, self.number = series, season, number
        self.name, self.minutes, self.air_date, self.has_file = name, minutes, air_date, has_file

    @property
    def code(self):
        return f"S{self.season:02d}E{self.number:02d}"


class Series:
    """One series: its seasons as lists of episodes (season numbers from 1)."""

    def __init__(self, index):
        self.index = index
        self.name = NAMES[index]
        self.tmdb_id = 1399 if index == 0 else index + 1
        self.year = 1995 + (index * 7) % 29
        self.first_air_date = f"{self.year:04d}-{1 + index % 12:02d}-{1 + index % 27:02d}"
        self.genres = [GENRES[index % len(GENRES)]] + ([GENRES[(index + 2) % len(GENRES)]]
                                                       if index % 2 else [])
        self.rating = round(6.0 + (index * 37 % 35) / 10, 1)
        self.votes = 5000 - index * 150
        self.popularity = round(900.0 - index * 31.5, 3)
        self.minutes = 22 + (index * 13) % 39
        self.ended = index % 4 == 1
        self.creators = [CREATORS[index % len(CREATORS)]]
        counts = [10] * 5 if index == 0 else [0] if index == 3 else [
            6 + (index + s) % 5 for s in range(1 + index % 4)]
        self.seasons = []
        for s, count in enumerate(counts, start=1):
            episodes = []
            for e in range(1, count + 1):
                month = 1 + (e - 1) // 4 + (s - 1)
                date = f"{self.year + s - 1:04d}-{(month - 1) % 12 + 1:02d}-{1 + (e * 7) % 28:02d}"
                episodes.append(Episode(self, s, e, f"Chapter {e}: {WORDS[(index + s + e) % len(WORDS)]}",
                                        self.minutes + (e % 3), date, True))
            self.seasons.append(episodes)
        if index == 5:
            self.seasons[-1][-1].has_file = False
        kinds = " and ".join(self.genres).lower()
        article = "an" if kinds[0] in "aeiou" else "a"
        self.overview = (f"{self.name}: {article} {kinds} series from "
                         f"{self.year}, {len(self.episodes)} episodes in {len(self.seasons)} "
                         f"season{'s' if len(self.seasons) != 1 else ''}.")

    @property
    def episodes(self):
        return [e for season in self.seasons for e in season]

    def seen(self, seed=0):
        """How many episodes, in order, a user (by `seed`) has seen; every seventh series all."""
        total = len(self.episodes)
        if total == 0:
            return 0
        if (self.index + seed) % 7 == 6:
            return total
        return (self.index * 3 + seed) % total

    def stopped_part_way(self, seed=0):
        """Whether the episode after the seen ones was stopped part way (every third series)."""
        return (self.index + seed) % 3 == 0 and self.seen(seed) < len(self.episodes)


WORDS = ["Arrival", "The Crossing", "Old Debts", "Low Tide", "Open Doors", "Embers",
         "The Reckoning", "Northbound", "Harvest", "Signal", "Fault Lines", "Homecoming",
         "Undertow"]

ALL = [Series(i) for i in range(len(NAMES))]
