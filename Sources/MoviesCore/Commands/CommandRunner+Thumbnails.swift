/// `thumb N`, `thumb wN`, `thumb N-M` and `thumb all`: the browser checks the rows, the
/// thumbnail store saves.
extension CommandRunner {
  /// `thumb N` and `thumb wN`: one route from a movie to its saved thumbnail; `row` is the
  /// row's or the entry's number, for the file's name.
  /// `label` goes before the number in the file's name: `w` for a watchlist entry.
  func saveThumbnail(of movie: Movie, row: Int, label: String = "") async throws
    -> CommandOutcome
  {
    .thumbnailSaved(
      try await browser.thumbnails.save(movie, row: row, label: label, from: source), row: row)
  }

  /// `thumb N-M` and `thumb all`; `thumb all` over ``ThumbRows/askAbove`` rows only when
  /// `confirmed` (a script names the rows instead).
  func saveThumbnails(
    _ rows: ThumbRows, confirmed: Bool, progress: @escaping @Sendable (Int, Int) -> Void
  ) async throws -> (CommandOutcome, [String]) {
    let wanted = try await thumbnailRows(rows)
    if case .all = rows, wanted.count > ThumbRows.askAbove, !confirmed {
      throw ThumbRows.Error.tooMany(wanted.count)
    }
    let batch = await browser.thumbnails.save(
      try await browser.movies(checking: wanted), from: source, progress: progress)
    var warnings: [String] = []
    if case .range(let asked) = rows, let last = batch.rows.last, last < asked.upperBound {
      warnings.append(
        "Only rows 1 to \(last) are loaded, so rows \(last + 1) to \(asked.upperBound) "
          + "were left out; 'more' loads more rows.")
    }
    return (.thumbnailsSaved(batch), warnings)
  }

  /// The rows `thumb N-M` or `thumb all` would save: the loaded rows of the range, or the
  /// rows in view. The shell asks before saving more than ``ThumbRows/askAbove``.
  public func thumbnailRows(_ rows: ThumbRows) async throws -> [Int] {
    switch rows {
    case .range(let range):
      return try await browser.loadedRows(range)
    case .all:
      switch view.rows {
      case .rows(let rows) where !rows.isEmpty: return rows
      case .rows: throw ThumbRows.Error.nothingInView(watchlist: false)
      case .watchlist: throw ThumbRows.Error.nothingInView(watchlist: true)
      }
    }
  }
}
