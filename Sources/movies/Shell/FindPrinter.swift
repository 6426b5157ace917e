import MoviesCore

#if canImport(Glibc)
  import Glibc
#endif

/// Prints `find`'s matches as the search finds them, under one table header, and at a
/// terminal a progress line on standard error ("searched 12,400 of 58,788"), erased before
/// each batch of rows and at the end. Drawn on the main actor, from ``CommandEvents``.
///
/// With a pager (`screenLines` given), matches that would not fit on the screen with the
/// summary are held: the rows printed so far are erased, and the whole table goes through
/// the pager at the end (``pagedText(_:)``), as `list` does.
@MainActor
final class FindPrinter {
  private let renderer: TextRenderer
  private let showsProgress: Bool
  private let errorPalette: Palette
  private let screenLines: Int?
  private var headerPrinted = false
  private var progressShown = false
  /// Lines of the table on the screen, the header's too.
  private var linesPrinted = 0
  /// True once the matches outgrew the screen: they go to the pager.
  private(set) var holds = false

  init(renderer: TextRenderer, showsProgress: Bool, errorPalette: Palette, screenLines: Int?) {
    self.renderer = renderer
    self.showsProgress = showsProgress
    self.errorPalette = errorPalette
    self.screenLines = screenLines
  }

  /// Prints a batch of matches, or holds it once they no longer fit on the screen.
  func rows(_ matches: [MovieSearch.Match], largestRow: Int) {
    guard !holds else { return }
    erase()
    let lines = matches.count + (headerPrinted ? 0 : 1)
    // The summary line and the prompt stay on the screen under the table.
    if let screenLines, linesPrinted + lines > screenLines - 2 {
      holds = true
      // The cursor is under the rows, which all fit: up over them, and clear to the end.
      if linesPrinted > 0 { Terminal.write("\u{1B}[\(linesPrinted)A\r\u{1B}[J", to: STDOUT_FILENO) }
      linesPrinted = 0
      return
    }
    let text = renderer.foundRows(matches, largestRow: largestRow, header: !headerPrinted)
    Terminal.write(text, to: STDOUT_FILENO)
    headerPrinted = true
    linesPrinted += lines
  }

  /// The whole table and its summary for the pager, once the matches outgrew the screen;
  /// nil when they were printed as they came.
  func pagedText(_ found: FindResult) -> String? {
    guard holds else { return nil }
    return renderer.foundRows(found.matches, largestRow: found.largestRow, header: true)
      + renderer.findSummary(found)
  }

  /// Redraws the progress line; `total` is 0 when the server gives no count.
  func progress(searched: Int, total: Int) {
    guard showsProgress else { return }
    let of = total > 0 ? " of \(Format.grouped(total))" : ""
    let text = errorPalette.apply(errorPalette.dim, to: "searched \(Format.grouped(searched))\(of)")
    Terminal.write("\r" + text + "\u{1B}[K", to: STDERR_FILENO)
    progressShown = true
  }

  /// Erases the progress line, so the summary starts on a clean line; true when there was
  /// one to erase.
  func finish() -> Bool {
    defer { erase() }
    return progressShown
  }

  private func erase() {
    if progressShown { Terminal.write("\r\u{1B}[K", to: STDERR_FILENO) }
    progressShown = false
  }
}
