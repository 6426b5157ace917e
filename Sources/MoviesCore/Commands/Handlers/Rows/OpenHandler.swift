import Foundation

/// `open N`, `open wN` and `open fN`: a movie's link, to the desktop or printed.
extension CommandContext {
  /// Only http and https links go to the desktop: a server's `file:` or custom-scheme link
  /// could run something. Anything else is printed, escaped, for the user to judge.
  func open(_ movie: Movie, row: RowLabel) async throws -> any CommandOutcome {
    guard let link = movie.link, !link.isEmpty else { throw CommandError.noLink(row: row) }
    guard let url = URL.webAddress(link) else {
      return LinkShown(link: link, row: row, opening: .refusedScheme)
    }
    guard let linkOpener else { return LinkShown(link: link, row: row, opening: .noOpener) }
    guard await linkOpener.open(url) else {
      throw CommandError.openFailed(row: row, link: TerminalText.escape(link))
    }
    return LinkShown(link: link, row: row, opening: .opened)
  }
}
