import MoviesCore
import Testing

@testable import movies

/// How `thumb N` chooses its drawing and sizes the poster: the executable's own terminal
/// knowledge, tested here because only this target can see the executable's types.
@Suite(.timeLimit(.minutes(1))) struct PreviewModeTests {
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
  func autoUsesGraphicsOnlyWhereTheEnvironmentProvesThem(
    environment: [String: String], expected: PreviewMode
  ) {
    #expect(PreviewMode.auto.resolved(environment: environment) == expected)
  }

  @Test func anExplicitModeIsKept() {
    for mode in PreviewMode.allCases where mode != .auto {
      #expect(mode.resolved(environment: ["TMUX": "x", "TERM": "screen"]) == mode)
    }
  }

  @Test func geometryKeepsTheShapeWithCellsTwiceAsTallAsWide() {
    // 60x90 pixels, 12 rows: 12 rows of 2 pixel-units each are 24 units tall, so 16 wide.
    #expect(
      PreviewGeometry.fitting(PixelSize(width: 60, height: 90), rows: 12, maximumColumns: 80)
        == PreviewGeometry(columns: 16, rows: 12))
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
