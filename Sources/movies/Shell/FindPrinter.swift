import MoviesCore
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Prints `find`'s matches as the search finds them, under one table header, and at a
/// terminal a progress line on standard error ("searched 12,400 of 58,788"), erased before
/// each batch of rows and at the end.
final class FindPrinter: Sendable {
  private struct State {
    var headerPrinted = false
    var progressShown = false
  }

  private let renderer: TextRenderer
  private let showsProgress: Bool
  private let errorPalette: Palette
  private let state = Mutex(State())

  init(renderer: TextRenderer, showsProgress: Bool, errorPalette: Palette) {
    self.renderer = renderer
    self.showsProgress = showsProgress
    self.errorPalette = errorPalette
  }

  /// Prints a batch of matches.
  func rows(_ matches: [MovieSearch.Match], largestRow: Int) {
    state.withLock { state in
      erase(&state)
      let text = renderer.foundRows(matches, largestRow: largestRow, header: !state.headerPrinted)
      Terminal.write(text, to: STDOUT_FILENO)
      state.headerPrinted = true
    }
  }

  /// Redraws the progress line; `total` is 0 when the server gives no count.
  func progress(searched: Int, total: Int) {
    guard showsProgress else { return }
    let of = total > 0 ? " of \(Format.grouped(total))" : ""
    let text = errorPalette.apply(errorPalette.dim, to: "searched \(Format.grouped(searched))\(of)")
    state.withLock { state in
      Terminal.write("\r" + text + "\u{1B}[K", to: STDERR_FILENO)
      state.progressShown = true
    }
  }

  /// Erases the progress line, so the summary starts on a clean line; true when there was
  /// one to erase.
  @discardableResult
  func finish() -> Bool {
    state.withLock { state in
      defer { erase(&state) }
      return state.progressShown
    }
  }

  private func erase(_ state: inout State) {
    if state.progressShown { Terminal.write("\r\u{1B}[K", to: STDERR_FILENO) }
    state.progressShown = false
  }
}
