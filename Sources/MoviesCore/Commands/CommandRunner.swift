/// What a command produced, for the terminal to print.
public struct Reply: Sendable, Equatable {
  /// Text for standard output, already escaped and styled.
  public var output = ""
  /// Notes that did not stop the command (skipped rows), one sentence each, not escaped.
  public var warnings: [String] = []
  /// Why the command failed, not escaped; nil when it succeeded.
  public var error: String?
  /// True after `quit`.
  public var quits = false
  /// True when the command was cancelled (Ctrl-C) before it finished.
  public var wasCancelled = false

  public init(output: String = "", warnings: [String] = [], error: String? = nil) {
    self.output = output
    self.warnings = warnings
    self.error = error
  }
}

/// Carries out commands on a ``Browser`` and renders the results as text.
public struct CommandRunner: Sendable {
  public let browser: Browser

  public init(browser: Browser) {
    self.browser = browser
  }

  /// How output should look: the terminal's width and colours.
  public struct Layout: Sendable {
    public var width: Int
    public var palette: Palette

    public init(width: Int, palette: Palette) {
      self.width = width
      self.palette = palette
    }
  }

  public func run(_ command: Command, layout: Layout) async -> Reply {
    do {
      switch command {
      case .more:
        return try await more(layout: layout)
      case .list:
        let list = await browser.list
        let table = self.table(for: list, layout: layout)
        return Reply(
          output: table.header() + "\n" + table.rows(list.movies, firstRow: 1)
            + StatusLine.render(list, palette: layout.palette) + "\n")
      case .show(let row):
        let movie = try await browser.movie(atRow: row)
        return Reply(output: MovieDetails.render(movie, row: row, palette: layout.palette))
      case .thumb(let row):
        let saved = try await browser.saveThumbnail(row: row)
        return Reply(output: Self.describe(saved) + "\n")
      case .help:
        let list = await browser.list
        return Reply(output: StatusLine.help(moreRemains: !list.isComplete))
      case .quit:
        var reply = Reply()
        reply.quits = true
        return reply
      }
    } catch {
      var reply = Reply(error: error.userMessage)
      reply.wasCancelled = error is CancellationError
      return reply
    }
  }

  /// Loads the next page and renders only its rows (with the header when they are the first).
  private func more(layout: Layout) async throws -> Reply {
    guard let load = try await browser.loadNextPage() else {
      let list = await browser.list
      return Reply(
        output: "All \(Format.grouped(list.movies.count)) movies are already loaded; "
          + "type 'list' to see them again.\n")
    }
    let list = await browser.list
    var output = ""
    if let rows = load.rows {
      let table = self.table(for: list, layout: layout)
      if rows.lowerBound == 1 { output += table.header() + "\n" }
      output += table.rows(
        list.movies[(rows.lowerBound - 1)..<rows.upperBound], firstRow: rows.lowerBound)
    }
    output += StatusLine.render(list, palette: layout.palette) + "\n"
    return Reply(output: output, warnings: load.warnings)
  }

  private func table(for list: MovieList, layout: Layout) -> MovieTable {
    let largest = max(list.totalCount ?? 0, list.movies.count + list.query.pageSize)
    return MovieTable(width: layout.width, largestRow: largest, palette: layout.palette)
  }

  static func describe(_ saved: SavedThumbnail) -> String {
    let origin =
      switch saved.origin {
      case .source(let duration): "loaded in \(Format.duration(duration))"
      case .diskCache: "from the cache, no request made"
      }
    return "Saved \(TerminalText.escape(saved.file.relativePath)) "
      + "(\(saved.format.displayName), \(Format.byteCount(saved.byteCount)), \(origin))"
  }
}
