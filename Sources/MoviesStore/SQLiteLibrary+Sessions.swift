import Foundation
import MoviesCore

/// The last few sessions: saving one as a run ends, reading them back for `resume`.
extension SQLiteLibrary {
  /// Saves the session as the newest, keeping the last few; a read-only file saves none.
  public func saveSession(_ session: SavedSession) async throws(LibraryError) {
    // A read-only file was reported when it opened, saying no session would be saved.
    if isReadOnly { return }
    let columns = sessionsColumns
    try await write { database in
      try database.transaction {
        // The same list saved again (left twice at one place) moves up instead of taking
        // another of the few places.
        if let newest = try Self.sessions(in: database, columns: columns, limit: 1).first,
          newest.session.isSameList(as: session)
        {
          try database.query("DELETE FROM sessions WHERE id = ?", [.integer(newest.id)])
        }
        try database.query(
          """
          INSERT INTO sessions (source, genre_id, genre_name, sort_order, page_size, rows,
            saved_at, filters, kind)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
          """,
          [
            .text(session.source), .text(session.query.genreID), .text(orNull: session.genreName),
            .text(session.query.order), .integer(Int64(session.query.pageSize)),
            .integer(Int64(session.rows)), .real(session.saved.timeIntervalSince1970),
            .text(orNull: session.query.filterText.isEmpty ? nil : session.query.filterText),
            .text(session.query.listing.titleKind?.rawValue ?? TitleKind.film.rawValue),
          ])
        try database.query(
          "DELETE FROM sessions WHERE id NOT IN (SELECT id FROM sessions ORDER BY id DESC LIMIT ?)",
          [.integer(Int64(SavedSession.kept))])
      }
    }
  }

  /// A session whose values no session can have (``SavedSession/problem``) is left out;
  /// when it is the newest, the one `resume` would reopen, that is an error naming the file.
  public func savedSessions() async throws(LibraryError) -> [SavedSession] {
    let columns = sessionsColumns
    let sessions = try await run { database in
      try Self.sessions(in: database, columns: columns, limit: SavedSession.kept).map(\.session)
    }
    if let problem = sessions.first?.problem {
      throw .damagedSession(path: path, problem: problem)
    }
    return sessions.filter { $0.problem == nil }
  }

  /// The newest sessions with their row ids; a row with a missing or wrong-typed value is
  /// left out, since the file is outside data.
  private static func sessions(in database: SQLiteDatabase, columns: String, limit: Int) throws
    -> [(id: Int64, session: SavedSession)]
  {
    try database.query(
      "SELECT \(columns) FROM sessions ORDER BY id DESC LIMIT ?", [.integer(Int64(limit))]
    ).compactMap { row in
      guard row.count == 10, let id = row[0].integer, let source = row[1].text,
        let genre = row[2].text, let order = row[4].text, let pageSize = row[5].integer,
        let rows = row[6].integer, let saved = row[7].real
      else { return nil }
      // Films or series; anything else (a newer build's word) is films, as before.
      let kind: TitleKind = row[9].text == TitleKind.series.rawValue ? .series : .film
      var query = MovieQuery(
        listing: .titles(kind), genreID: genre, order: order, pageSize: Int(clamping: pageSize))
      // The filters as typed: `resume` resolves them again (``CommandRunner/reopened(_:)``).
      query.filterText = row[8].text ?? ""
      let session = SavedSession(
        source: source, query: query,
        genreName: row[3].text, rows: Int(clamping: rows),
        saved: Date(timeIntervalSince1970: saved))
      return (id, session)
    }
  }
}
