import Foundation
import TestSupport
import Testing

/// Each command asks the terminal's size again, though the rest of what it knows of the
/// terminal is worked out once (issue 41): at the prompt, a `more` after the window grows
/// lays its rows out for the new width, exactly as a script at that width does.
@Suite(.serialized, .timeLimit(.minutes(2))) struct ResizeTests {
  /// The table rows numbered within `numbers`.
  private static func rows(_ text: String, _ numbers: ClosedRange<Int>) -> [String] {
    text.split(separator: "\n").map(String.init).filter { line in
      let number = line.drop { $0 == " " }.prefix { $0.isNumber }
      return Int(number).map(numbers.contains) ?? false
    }
  }

  @Test func aMoreAfterAResizeIsLaidOutForTheNewWidth() async throws {
    let folder = try TestPaths.makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let environment = [
      "MOVIES_DB": folder.appendingPathComponent("library.sqlite3").path, "LANG": "C.UTF-8",
    ]
    // What a script prints of the first two pages at each width.
    var expected: [Int: String] = [:]
    for width in [40, 120] {
      let run = try await MoviesRun.run(
        ["-c", "more"], environment: environment.merging(["COLUMNS": String(width)]) { $1 })
      #expect(run.status == 0, "\(run.stderr)")
      expected[width] = run.stdout
    }
    let session = try TmuxSession(
      arguments: ["--no-preview", "--no-pager"], environment: environment, width: 40, height: 60)
    defer { session.stop() }
    try await session.waitFor("/2,006>")
    try session.resize(width: 120, height: 60)
    try session.type("more\r")
    let screen = try await session.waitFor("20/2,006>")

    let narrow = try #require(expected[40])
    let wide = try #require(expected[120])
    #expect(Self.rows(wide, 11...20) != Self.rows(narrow, 11...20), "the widths differ")
    #expect(Self.rows(screen, 11...20) == Self.rows(wide, 11...20), "\(screen)")
    // The first page was laid out for 40 columns.
    let first = Self.rows(screen, 1...10)
    #expect(first.count == 10 && first.allSatisfy { $0.count <= 40 }, "\(screen)")
  }
}
