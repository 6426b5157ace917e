import MoviesCore

#if canImport(Glibc)
  import Glibc
#endif

/// Prints `find`'s matches as the search finds them, under one table header, and at a
/// terminal a progress line on standard error ("searched 12,400 of 58,788"), erased before
/// each batch of rows and at the end. Drawn on the main actor, from ``CommandEvents``.
@MainActor
final class FindPrinter {
  private let renderer: TextRenderer
  private let showsProgress: Bool
  private let errorPalette: Palette
  private var headerPrinted = false
  private var progressShown = false

  init(renderer: TextRenderer, showsProgress: Bool, errorPalette: Palette) {
    self.renderer = renderer
    self.showsProgress = showsProgress
    self.errorPalette = errorPalette
  }

  /// Prints a batch of matches.
  func rows(_ matches: [MovieSearch.Match], largestRow: Int) {
    erase()
    let text = renderer.foundRows(matches, largestRow: largestRow, header: !headerPrinted)
    Terminal.write(text, to: STDOUT_FILENO)
    headerPrinted = true
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
