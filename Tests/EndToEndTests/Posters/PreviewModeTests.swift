import MoviesCore
import Testing

@testable import movies

/// How `thumb N` chooses its drawing and sizes the poster: the executable's own terminal
/// knowledge, tested here because only this target can see the executable's types.
@Suite(.timeLimit(.minutes(1))) struct PreviewModeTests {
  private func decide(
    _ environment: [String: String], mode: PreviewMode = .auto,
    answers: TerminalAnswers? = nil, tmux: TmuxFacts? = nil,
    window: PreviewChoice.Window? = nil
  ) -> PreviewChoice {
    PreviewChoice.decide(
      mode, environment: environment, answers: answers, tmux: tmux, window: window)
  }

  @Test(
    arguments: [
      (["TERM": "xterm-kitty"], PreviewMode.kitty),
      (["TERM": "xterm-256color", "KITTY_WINDOW_ID": "1"], .kitty),
      (["TERM": "xterm-256color", "TERM_PROGRAM": "iTerm.app"], .iterm),
      (["TERM": "foot"], .sixel),
      (["TERM": "xterm-256color"], .symbols),
      ([:], .symbols),
      (["TERM": "xterm-kitty", "TMUX": "/tmp/tmux-0/default,1,0"], .symbols),
      (["TERM": "screen-256color", "TERM_PROGRAM": "iTerm.app"], .symbols),
      (["TERM": "tmux-256color", "KITTY_WINDOW_ID": "1"], .symbols),
      (["TERM": "foot", "STY": "1234.pts-0.host"], .symbols),
    ] as [([String: String], PreviewMode)])
  func autoWithoutAnswersUsesGraphicsOnlyWhereTheEnvironmentProvesThem(
    environment: [String: String], expected: PreviewMode
  ) {
    #expect(decide(environment).mode == expected)
  }

  @Test func anExplicitModeIsKept() {
    for mode in PreviewMode.allCases where mode != .auto {
      #expect(decide(["TMUX": "x", "TERM": "screen"], mode: mode).mode == mode)
    }
  }

  @Test func autoPicksKittyThenSixelThenITermThenSymbolsFromTheAnswers() {
    let xterm = TerminalAnswers(parsing: Array("\u{1B}[?63;1;2;4;6;9;15;16;22;28c".utf8))
    var kitty = xterm
    kitty.kittyGraphics = true
    let iterm = TerminalAnswers(parsing: Array("\u{1B}P>|iTerm2 3.5.0\u{1B}\\\u{1B}[?62;22c".utf8))
    let plain = TerminalAnswers(parsing: Array("\u{1B}[?62;22c".utf8))
    let environment = ["TERM": "xterm-256color"]
    #expect(decide(environment, answers: kitty).mode == .kitty)
    #expect(decide(environment, answers: xterm).mode == .sixel)
    #expect(decide(environment, answers: iterm).mode == .iterm)
    #expect(decide(environment, answers: plain).mode == .symbols)
    // The environment's hint is a shortcut over the answers.
    #expect(decide(["TERM": "xterm-kitty"], answers: xterm).mode == .kitty)
  }

  @Test func insideTmuxPassthroughDecidesBetweenTheOuterGraphicsAndSymbols() {
    let environment = ["TERM": "tmux-256color", "TMUX": "/tmp/tmux-0/default,1,0"]
    let on = TmuxFacts(passthrough: true, features: ["sixel", "RGB"])
    let off = TmuxFacts(passthrough: false, features: ["sixel", "RGB"])
    let offNoRGB = TmuxFacts(passthrough: false, features: ["256"])

    let passed = decide(environment, tmux: on)
    #expect(passed.mode == .sixel && passed.passthrough && passed.note == nil)
    let symbols = decide(environment, tmux: off)
    #expect(symbols.mode == .symbols && !symbols.passthrough)
    #expect(symbols.colors == .trueColor)
    #expect(symbols.note?.contains("set -g allow-passthrough on") == true)
    #expect(decide(environment, tmux: offNoRGB).colors == .indexed256)
    // An explicit graphics mode is wrapped only when passthrough is on.
    #expect(decide(environment, mode: .kitty, tmux: on).passthrough)
    #expect(!decide(environment, mode: .kitty, tmux: off).passthrough)
  }

  @Test func tmuxDisplayOutputIsRead() throws {
    let facts = try #require(TmuxFacts(displayed: "1\n256,RGB,sixel,title\nxterm\nXTerm(379)\n"))
    #expect(facts.passthrough && facts.outerHasTrueColor && facts.outerGraphics == .sixel)
    let off = try #require(TmuxFacts(displayed: "0\n256,title\nxterm-kitty\n\n"))
    #expect(!off.passthrough && !off.outerHasTrueColor && off.outerGraphics == .kitty)
    #expect(TmuxFacts(displayed: "garbage") == nil)
    #expect(
      TmuxFacts.passedThrough("\u{1B}Pq#0~\u{1B}\\")
        == "\u{1B}Ptmux;\u{1B}\u{1B}Pq#0~\u{1B}\u{1B}\\\u{1B}\\")
  }

  @Test func theCellSizeComesFromTheTerminalElseTheStatedDefault() {
    let cell = TerminalAnswers(parsing: Array("\u{1B}[6;13;6t\u{1B}[?1c".utf8))
    let window = TerminalAnswers(parsing: Array("\u{1B}[4;390;600t\u{1B}[?1c".utf8))
    let graphics = TerminalAnswers(parsing: Array("\u{1B}[?2;0;600;390S\u{1B}[?1c".utf8))
    let cells: PreviewChoice.Window = (100, 30, nil)
    #expect(
      decide([:], mode: .sixel, answers: cell, window: cells).cell == CellSize(width: 6, height: 13)
    )
    #expect(
      decide([:], mode: .sixel, answers: window, window: cells).cell
        == CellSize(width: 6, height: 13))
    #expect(
      decide([:], mode: .sixel, answers: graphics, window: cells).cell
        == CellSize(width: 6, height: 13))
    let pixels: PreviewChoice.Window = (100, 30, PixelSize(width: 1000, height: 600))
    #expect(
      decide([:], mode: .sixel, answers: graphics, window: pixels).cell
        == CellSize(width: 10, height: 20))
    #expect(decide([:], mode: .sixel, answers: nil, window: nil).cell == .standard)
    #expect(CellSize.standard == CellSize(width: 10, height: 20))
  }

  @Test func answersAreTakenOutAndTypedKeysKeptInOrder() {
    let bytes = Array(
      "t\u{1B}_Gi=31;OK\u{1B}\\h\u{1B}P>|XTerm(379)\u{1B}\\\u{1B}[A\u{1B}[?2;0;600;390S\u{1B}[?63;1;4c\u{1B}[?1;0"
        .utf8)
    let answers = TerminalAnswers(parsing: bytes)
    #expect(answers.kittyGraphics && answers.hasSixel)
    #expect(answers.version == "XTerm(379)")
    #expect(answers.graphicsArea == PixelSize(width: 600, height: 390))
    // The arrow key is typed; the cut-off answer at the end is dropped.
    #expect(answers.typed == Array("th\u{1B}[A".utf8))
    #expect(
      TerminalAnswers(parsing: Array("\u{1B}_Gi=31;ENOTSUPPORTED:x\u{1B}\\".utf8)).kittyGraphics
        == false)
    #expect(TerminalAnswers(parsing: Array("abc".utf8)).attributes == nil)
  }

  @Test func geometryKeepsTheShapeInTheCellsPixels() {
    // 60x90 pixels, 12 rows of 20-pixel cells are 240 pixels tall, so 160 wide: 16 columns.
    #expect(
      PreviewGeometry.fitting(PixelSize(width: 60, height: 90), rows: 12, maximumColumns: 80)
        == PreviewGeometry(columns: 16, rows: 12))
    // xterm's 6x13 cells: 156 pixels tall, 104 wide, 17.3 columns.
    #expect(
      PreviewGeometry.fitting(
        PixelSize(width: 60, height: 90), rows: 12, maximumColumns: 80,
        cell: CellSize(width: 6, height: 13)) == PreviewGeometry(columns: 17, rows: 12))
    #expect(
      PreviewGeometry.fitting(PixelSize(width: 100, height: 100), rows: 10, maximumColumns: 80)
        == PreviewGeometry(columns: 20, rows: 10))
  }

  @Test func aWideImageInANarrowTerminalGetsFewerRows() {
    let geometry = PreviewGeometry.fitting(
      PixelSize(width: 400, height: 100), rows: 12, maximumColumns: 40)
    #expect(geometry == PreviewGeometry(columns: 40, rows: 5))
  }
}
