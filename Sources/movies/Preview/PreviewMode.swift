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
  /// A graphics protocol only where the environment proves the terminal has it, else symbols.
  case auto

  /// The mode to draw with: `auto` picks from the environment, other modes are kept.
  ///
  /// Inside tmux or screen `auto` always means symbols: they do not pass graphics through
  /// without extra setup, and the terminal they run in cannot be known from here.
  func resolved(environment: [String: String]) -> PreviewMode {
    guard self == .auto else { return self }
    let term = environment["TERM"] ?? ""
    if Self.insideMultiplexer(environment: environment) { return .symbols }
    let program = environment["TERM_PROGRAM"] ?? ""
    if term == "xterm-kitty" || environment["KITTY_WINDOW_ID"] != nil || term == "xterm-ghostty" {
      return .kitty
    }
    if program == "iTerm.app" || program == "WezTerm" { return .iterm }
    if term.hasPrefix("foot") || term.hasPrefix("mlterm") { return .sixel }
    return .symbols
  }

  /// Inside tmux or screen, which do not pass graphics protocols through by default.
  static func insideMultiplexer(environment: [String: String]) -> Bool {
    let term = environment["TERM"] ?? ""
    return environment["TMUX"] != nil || environment["STY"] != nil || term.hasPrefix("screen")
      || term.hasPrefix("tmux")
  }
}
