import MoviesCore

/// How posters are drawn in this session, decided once at the start from what the
/// environment, the terminal's answers and tmux say.
struct PreviewChoice: Sendable, Hashable {
  /// Never `auto`.
  var mode: PreviewMode
  var colors: ChafaCanvas.Colors
  /// One cell in pixels: sets a picture's width in columns.
  var cell: CellSize
  /// Graphics sequences are wrapped for tmux's passthrough.
  var passthrough = false
  /// Said once, under the first poster: why it is drawn in symbols inside tmux.
  var note: String?

  /// The window as `TIOCGWINSZ` gives it.
  typealias Window = (columns: Int, rows: Int, pixels: PixelSize?)

  /// `auto` picks the environment's hint, else what the terminal answered: kitty, then
  /// sixel, then iTerm2, then symbols. Inside tmux it picks the outer terminal's graphics
  /// (from its answers through the passthrough, else its name) when passthrough is on, else
  /// symbols (true colour where the outer terminal has it).
  static func decide(
    _ requested: PreviewMode, environment: [String: String], answers: TerminalAnswers?,
    tmux: TmuxFacts?, window: Window?
  ) -> PreviewChoice {
    let colorTerm = environment["COLORTERM"]?.lowercased() ?? ""
    let trueColor =
      colorTerm == "truecolor" || colorTerm == "24bit" || tmux?.outerHasTrueColor == true
    var choice = PreviewChoice(
      mode: requested, colors: trueColor ? .trueColor : .indexed256,
      cell: cellSize(answers: answers, window: window))
    let inTmux = PreviewMode.insideTmux(environment: environment)
    if requested == .auto {
      if inTmux {
        let outer = answered(answers)
        choice.mode =
          tmux?.passthrough == true
          ? (outer != .symbols ? outer : tmux?.outerGraphics ?? outer)
          : .symbols
        if choice.mode == .symbols { choice.note = tmuxNote(tmux) }
      } else if PreviewMode.insideMultiplexer(environment: environment) {
        choice.mode = .symbols
      } else {
        choice.mode = PreviewMode.hinted(by: environment) ?? answered(answers)
      }
    }
    choice.passthrough = inTmux && tmux?.passthrough == true && choice.mode != .symbols
    return choice
  }

  /// The graphics the terminal's answers show, best first.
  static func answered(_ answers: TerminalAnswers?) -> PreviewMode {
    guard let answers else { return .symbols }
    if answers.kittyGraphics { return .kitty }
    if answers.hasSixel { return .sixel }
    let version = answers.version?.lowercased() ?? ""
    if version.contains("iterm2") || version.contains("wezterm") { return .iterm }
    return .symbols
  }

  /// The cell size: the terminal's `CSI 16 t` answer, else a window size in pixels over its
  /// cells (`TIOCGWINSZ`, `CSI 14 t`, then `XTSMGRAPHICS`), else ``CellSize/standard``.
  static func cellSize(answers: TerminalAnswers?, window: Window?) -> CellSize {
    if let cell = answers?.cellPixels { return cell }
    guard let window else { return .standard }
    let areas = [window.pixels, answers?.windowPixels, answers?.graphicsArea]
    for case let area? in areas {
      if let cell = CellSize(
        pixelWidth: area.width, pixelHeight: area.height, columns: window.columns,
        rows: window.rows)
      {
        return cell
      }
    }
    return .standard
  }

  /// Why `auto` drew symbols inside tmux, and what would give pixels.
  private static func tmuxNote(_ tmux: TmuxFacts?) -> String {
    guard let tmux else {
      return "(Posters are drawn in symbols inside tmux: tmux did not say what the terminal "
        + "it runs in can draw.)"
    }
    if !tmux.passthrough {
      return "(Posters are drawn in symbols inside tmux because its allow-passthrough is off; "
        + "'set -g allow-passthrough on' in tmux draws them in pixels, in a terminal with "
        + "kitty, sixel or iTerm2 graphics.)"
    }
    return "(Posters are drawn in symbols inside tmux: the terminal it runs in has no kitty, "
      + "sixel or iTerm2 graphics that tmux knows of.)"
  }
}
