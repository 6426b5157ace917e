/// How `thumb N` draws the poster in the terminal.
enum PreviewMode: String, Sendable, Hashable, CaseIterable {
  /// Unicode block symbols in colour: works in every terminal, also inside tmux.
  case symbols
  /// The kitty graphics protocol (kitty, WezTerm, Ghostty).
  case kitty
  /// iTerm2's inline images (iTerm2, WezTerm).
  case iterm
  /// DEC sixel graphics (foot, mlterm, xterm with sixel on).
  case sixel
  /// The best the terminal answers that it has (see ``PreviewChoice``), else symbols.
  case auto

  /// The graphics the environment proves without asking the terminal: kitty's or Ghostty's
  /// `TERM` or `KITTY_WINDOW_ID`, iTerm2's or WezTerm's `TERM_PROGRAM`, foot's or mlterm's
  /// `TERM`; nil when it proves none.
  static func hinted(by environment: [String: String]) -> PreviewMode? {
    let term = environment["TERM"] ?? ""
    let program = environment["TERM_PROGRAM"] ?? ""
    if term == "xterm-kitty" || environment["KITTY_WINDOW_ID"] != nil || term == "xterm-ghostty" {
      return .kitty
    }
    if program == "iTerm.app" || program == "WezTerm" { return .iterm }
    if term.hasPrefix("foot") || term.hasPrefix("mlterm") { return .sixel }
    return nil
  }

  /// Inside tmux (`$TMUX`): graphics get through only with its passthrough on.
  static func insideTmux(environment: [String: String]) -> Bool {
    environment["TMUX"] != nil || (environment["TERM"] ?? "").hasPrefix("tmux")
  }

  /// Inside tmux or screen, which do not pass graphics protocols through by default.
  static func insideMultiplexer(environment: [String: String]) -> Bool {
    insideTmux(environment: environment) || environment["STY"] != nil
      || (environment["TERM"] ?? "").hasPrefix("screen")
  }
}
