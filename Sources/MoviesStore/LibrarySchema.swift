/// The library's tables, version by version. A file's `user_version` says how many of the
/// migrations it has had; opening applies the rest, each in its own transaction.
enum LibrarySchema {
  /// Migration N (from 1) brings a file from version N - 1 to N. Never edit a shipped one:
  /// add the next.
  static let migrations: [String] = [
    // 1: the watchlist, one row per movie of a source, and the one saved session.
    """
    CREATE TABLE watchlist (
      source TEXT NOT NULL,
      movie_key TEXT NOT NULL,
      movie_id TEXT,
      title TEXT NOT NULL,
      genres TEXT NOT NULL,
      rating REAL,
      release_date TEXT,
      link TEXT,
      thumbnail TEXT,
      added_at REAL NOT NULL,
      PRIMARY KEY (source, movie_key)
    );
    CREATE TABLE session (
      id INTEGER PRIMARY KEY CHECK (id = 1),
      source TEXT NOT NULL,
      genre_id TEXT NOT NULL,
      sort_order TEXT NOT NULL,
      page_size INTEGER NOT NULL,
      rows INTEGER NOT NULL
    );
    """,
    // 2: the running time and grade, so `show wN` offline says as much as the list did, and
    // an index for listing newest first.
    """
    ALTER TABLE watchlist ADD COLUMN running_time INTEGER;
    ALTER TABLE watchlist ADD COLUMN grade TEXT;
    CREATE INDEX watchlist_by_date ON watchlist (added_at);
    """,
    // 3: the last few sessions instead of one, each with when it was saved and its genre's
    // name, so `resume` can list them and a resumed genre shows by name; the one saved
    // session comes along.
    """
    CREATE TABLE sessions (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      source TEXT NOT NULL,
      genre_id TEXT NOT NULL,
      genre_name TEXT,
      sort_order TEXT NOT NULL,
      page_size INTEGER NOT NULL,
      rows INTEGER NOT NULL,
      saved_at REAL NOT NULL
    );
    INSERT INTO sessions (source, genre_id, sort_order, page_size, rows, saved_at)
      SELECT source, genre_id, sort_order, page_size, rows, 0 FROM session;
    DROP TABLE session;
    """,
    // 4: how many ratings the average is made of, so `show wN` says it as the list did.
    """
    ALTER TABLE watchlist ADD COLUMN rating_count INTEGER;
    """,
    // 5: the overview, which with the running time is what one chooses a film by: `show wN`
    // shows it with the server out of reach.
    """
    ALTER TABLE watchlist ADD COLUMN overview TEXT;
    """,
    // 6: the filters of the `find` a list is a view of (`on:netflix`), so `resume` reopens
    // the view and not the whole list.
    """
    ALTER TABLE sessions ADD COLUMN filters TEXT;
    """,
    // 7: the diary: the films of a source that knows nothing of what was watched (TMDb,
    // offline, Hoppin) marked seen by hand (`seen N`), with when, so tables show their `✓`.
    """
    CREATE TABLE diary (
      source TEXT NOT NULL,
      movie_key TEXT NOT NULL,
      title TEXT NOT NULL,
      seen_at REAL NOT NULL,
      PRIMARY KEY (source, movie_key)
    );
    """,
    // 8: TV series. An entry says what it is (every entry before was a film), an episode its
    // series and place, a series its counts; its key names a kind other than film
    // (`series:1399`), so TMDb's film 1399 and series 1399 are two entries. A session says
    // whether it browsed films or series.
    """
    ALTER TABLE watchlist ADD COLUMN kind TEXT NOT NULL DEFAULT 'film';
    ALTER TABLE watchlist ADD COLUMN series_id TEXT;
    ALTER TABLE watchlist ADD COLUMN series_title TEXT;
    ALTER TABLE watchlist ADD COLUMN season INTEGER;
    ALTER TABLE watchlist ADD COLUMN episode INTEGER;
    ALTER TABLE watchlist ADD COLUMN seasons INTEGER;
    ALTER TABLE watchlist ADD COLUMN episodes INTEGER;
    ALTER TABLE sessions ADD COLUMN kind TEXT NOT NULL DEFAULT 'film';
    """,
  ]

  /// The version that added the diary: an older read-only file has none.
  static let diaryVersion = 7

  /// The version that added a title's kind (TV series): before it, every entry is a film.
  static let seriesVersion = 8

  /// The oldest version a read-only file may have: it cannot be migrated, and the queries
  /// read a column a later migration added as NULL (``watchlistColumns(version:)``).
  static let oldestReadable = 3

  /// The watchlist's columns as ``SQLiteLibrary`` reads them, in its order; a column the
  /// file's version does not have yet is read as NULL.
  static func watchlistColumns(version: Int) -> String {
    "source, movie_id, title, genres, rating, release_date, link, thumbnail, added_at, "
      + "running_time, grade, " + (version >= 4 ? "rating_count" : "NULL") + ", "
      + (version >= 5 ? "overview" : "NULL") + ", "
      + (version >= seriesVersion
        ? "kind, series_id, series_title, season, episode, seasons, episodes"
        : "'film', NULL, NULL, NULL, NULL, NULL, NULL")
  }

  /// The saved sessions' columns as ``SQLiteLibrary`` reads them, in its order; the filters,
  /// which version 6 added, are NULL before it.
  static func sessionsColumns(version: Int) -> String {
    "id, source, genre_id, genre_name, sort_order, page_size, rows, saved_at, "
      + (version >= 6 ? "filters" : "NULL") + ", " + (version >= seriesVersion ? "kind" : "'film'")
  }

  /// The version this build writes.
  static var latest: Int { migrations.count }

  /// `PRAGMA application_id` of a movies file ("MOVI"): another program's SQLite file is
  /// recognised before anything writes to it. Files from before it was set have 0.
  static let applicationID: Int32 = 0x4D4F_5649

  /// Whether a file is one this build may open: ours by its application id, or (id 0, from
  /// before the id, or new) with exactly the tables and indexes migrations 1 to its
  /// `user_version` make. Reads only.
  static func isOurs(_ database: SQLiteDatabase) throws(SQLiteError) -> Bool {
    let id = try database.applicationID()
    let version = try database.userVersion()
    guard id == applicationID || id == 0 else { return false }
    guard version <= latest else { return id == applicationID }
    return try database.schema() == expectedSchema(version: version)
  }

  /// The schema migrations 1 to `version` make, built in memory: one definition of it.
  static func expectedSchema(version: Int) throws(SQLiteError) -> [[SQLiteValue]] {
    let fresh = try SQLiteDatabase(path: ":memory:", access: .inMemory)
    for script in migrations.prefix(version) { try fresh.execute(script: script) }
    return try fresh.schema()
  }

  /// Brings the database up to `target` (default: the latest). A file from a newer build is
  /// refused, never touched. Two processes opening a new file at once both succeed: the
  /// version is read again inside the write transaction.
  static func migrate(_ database: SQLiteDatabase, to target: Int = latest) throws(MigrationError) {
    do {
      let found = try database.userVersion()
      if found > latest { throw MigrationError.newer(found) }
      guard found < target else { return }
      for version in (found + 1)...target {
        try database.transaction {
          guard try database.userVersion() == version - 1 else { return }
          try database.execute(script: migrations[version - 1])
          try database.setUserVersion(version)
        }
      }
    } catch let error as MigrationError {
      throw error
    } catch let error as SQLiteError {
      throw .sqlite(error)
    } catch {
      throw .sqlite(
        SQLiteError(
          code: SQLiteError.error, extendedCode: SQLiteError.error, message: "\(error)",
          operation: "migrate"))
    }
  }

  enum MigrationError: Error, Equatable {
    case newer(Int)
    case sqlite(SQLiteError)
  }
}
