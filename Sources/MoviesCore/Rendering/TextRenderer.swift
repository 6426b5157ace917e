/// Renders command results as the text people read: tables, details, status lines.
public struct TextRenderer: Sendable {
  /// How output should look: the terminal's width and colours.
  public struct Layout: Sendable {
    public var width: Int
    public var palette: Palette

    public init(width: Int, palette: Palette) {
      self.width = width
      self.palette = palette
    }
  }

  public let layout: Layout

  public init(layout: Layout) {
    self.layout = layout
  }

  public func render(_ result: CommandResult) -> Reply {
    var reply = Reply(warnings: result.warnings)
    switch result.outcome {
    case .failure(let error):
      reply.error = error.userMessage
      reply.wasCancelled = error is CancellationError
    case .success(let outcome):
      reply.output = render(outcome)
      if case .thumbnailsSaved(let batch) = outcome, batch.wasCancelled {
        reply.wasCancelled = true
        reply.error = ThumbnailSummary.cancelledSentence(batch)
      } else if case .thumbnailsSaved(let batch) = outcome, !batch.failures.isEmpty {
        reply.warnings += ThumbnailSummary.failureWarnings(batch)
        reply.error = ThumbnailSummary.failureSentence(batch)
      }
      if case .quit = outcome { reply.quits = true }
    }
    return reply
  }

  private func render(_ outcome: CommandOutcome) -> String {
    let palette = layout.palette
    switch outcome {
    case .pageLoaded(let list, let rows):
      var output = ""
      if let rows {
        let table = self.table(for: list)
        // The header goes above the first rows only; later pages continue the same table.
        if rows.lowerBound == 1 { output += table.header() + "\n" }
        output += table.rows(
          list.movies[(rows.lowerBound - 1)..<rows.upperBound], firstRow: rows.lowerBound)
      }
      return output + StatusLine.render(list, palette: palette) + "\n"
    case .nothingMoreToLoad(let list):
      return "All \(Format.grouped(list.movies.count)) movies are already loaded; "
        + "type 'list' to see them again.\n"
    case .list(let list):
      let table = self.table(for: list)
      return table.header() + "\n" + table.rows(list.movies, firstRow: 1)
        + StatusLine.render(list, palette: palette) + "\n"
    case .movie(let movie, let row, let thumbnail):
      return MovieDetails.render(movie, row: row, palette: palette, thumbnail: thumbnail)
    case .thumbnailSaved(let saved, _):
      return ThumbnailSummary.line(for: saved) + "\n"
    case .thumbnailsSaved(let batch):
      return ThumbnailSummary.render(batch)
    case .help(let moreRemains):
      return StatusLine.help(moreRemains: moreRemains)
    case .quit:
      return ""
    }
  }

  private func table(for list: MovieList) -> MovieTable {
    let largest = max(list.totalCount ?? 0, list.movies.count + list.query.pageSize)
    return MovieTable(width: layout.width, largestRow: largest, palette: layout.palette)
  }
}
