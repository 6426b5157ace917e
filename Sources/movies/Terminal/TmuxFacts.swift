/// What tmux says about the pane `movies` runs in and the terminal tmux itself runs in,
/// which decide how posters can be drawn there: tmux 3.3 passes graphics through only with
/// `allow-passthrough` on, and converts colours to what the outer terminal has.
struct TmuxFacts: Sendable, Hashable {
  /// `allow-passthrough` is on (or `all`) for this pane.
  var passthrough: Bool
  /// The outer terminal's features as tmux found them (`client_termfeatures`): `RGB`,
  /// `sixel`, ….
  var features: Set<String>
  /// The outer terminal's `TERM` (`client_termname`) and its `XTVERSION` (`client_termtype`).
  var terminalName: String
  var terminalType: String

  /// The format `tmux display -p` fills in, one field per line.
  static let format =
    "#{allow-passthrough}\n#{client_termfeatures}\n#{client_termname}\n#{client_termtype}"

  /// Reads `display -p`'s answer to ``format``; nil when it is not that.
  init?(displayed text: String) {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard lines.count >= 4 else { return nil }
    passthrough = ["1", "on", "all"].contains(lines[0].trimmingCharacters(in: .whitespaces))
    features = Set(lines[1].split(separator: ",").map(String.init))
    terminalName = lines[2]
    terminalType = lines[3]
  }

  init(
    passthrough: Bool, features: Set<String>, terminalName: String = "", terminalType: String = ""
  ) {
    self.passthrough = passthrough
    self.features = features
    self.terminalName = terminalName
    self.terminalType = terminalType
  }

  /// Asks the tmux this process runs in (`$TMUX`), about its own pane (`$TMUX_PANE`); nil
  /// outside tmux or when tmux does not answer within a second.
  static func read(environment: [String: String]) -> TmuxFacts? {
    guard environment["TMUX"] != nil,
      let tmux = Terminal.findProgram("tmux", environment: environment)
    else { return nil }
    var arguments = [tmux, "display-message", "-p"]
    if let pane = environment["TMUX_PANE"] { arguments += ["-t", pane] }
    return ChildProcess.output(of: arguments + [format], timeout: .seconds(1))
      .flatMap(TmuxFacts.init(displayed:))
  }

  /// The outer terminal has 24-bit colour, so tmux passes true colour on unchanged.
  var outerHasTrueColor: Bool { features.contains("RGB") || features.contains("Tc") }

  /// The graphics the outer terminal draws, best first (kitty, sixel, iTerm2); nil for none
  /// known.
  var outerGraphics: PreviewMode? {
    let name = terminalName.lowercased()
    let type = terminalType.lowercased()
    if name == "xterm-kitty" || name == "xterm-ghostty" || type.contains("kitty") {
      return .kitty
    }
    if features.contains("sixel") { return .sixel }
    if type.contains("iterm2") || type.contains("wezterm") { return .iterm }
    return nil
  }

  /// Wraps a graphics sequence for tmux's passthrough: `ESC P tmux;`, the sequence with each
  /// escape doubled, `ESC \`.
  static func passedThrough(_ sequence: String) -> String {
    "\u{1B}Ptmux;" + sequence.replacingOccurrences(of: "\u{1B}", with: "\u{1B}\u{1B}") + "\u{1B}\\"
  }
}
