import Foundation
import TestSupport
import Testing

/// What every fault test checks: the final list is complete, in order and without duplicates,
/// no raw control byte reached the output, and nothing was written outside the download and
/// cache folders.
enum FaultChecks {
  /// The titles of the first `limit` movies in the default order, from a clean server over
  /// the same catalogue: the oracle the browser's list is compared with.
  static func expectedTitles(limit: Int) async throws -> [String] {
    let oracle = try await HoppinTestServer(limit: limit)
    defer { oracle.stop() }
    let pages = (limit + 9) / 10
    var titles: [String] = []
    for page in 1...max(pages, 1) { titles += try await oracle.titles(page: page) }
    return titles
  }

  /// The rows printed over the whole run are exactly the expected titles, numbered 1 to N,
  /// each once.
  static func expectCompleteList(
    _ run: MoviesRun, titles: [String], sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let rows = run.tableRows
    #expect(
      rows.map(\.number) == Array(1...titles.count), "rows: \(rows.map(\.number))",
      sourceLocation: sourceLocation)
    for (row, title) in zip(rows, titles) where !row.text.hasPrefix(title) {
      Issue.record(
        "row \(row.number) is '\(row.text)', not \(title)", sourceLocation: sourceLocation)
    }
  }

  /// No C0 control but the newline, no DEL, no C1 control and no bidirectional override, on
  /// either stream.
  static func expectNoRawControlBytes(
    _ run: MoviesRun, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    for (name, text) in [("stdout", run.stdout), ("stderr", run.stderr)] {
      let bad = text.unicodeScalars.filter { scalar in
        switch scalar.value {
        case 0x0A: false
        case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
      }
      #expect(
        bad.isEmpty, "raw control characters on \(name): \(bad.map(\.value))",
        sourceLocation: sourceLocation)
    }
  }

  /// Every file under `root`, as paths relative to it.
  static func files(under root: URL) -> [String] {
    guard let enumerator = FileManager.default.enumerator(atPath: root.path) else { return [] }
    return enumerator.compactMap { $0 as? String }.filter { path in
      var isFolder: ObjCBool = false
      let exists = FileManager.default.fileExists(
        atPath: root.appendingPathComponent(path).path, isDirectory: &isFolder)
      return exists && !isFolder.boolValue
    }
  }

  /// A line that says a command failed, or nil.
  static func errors(_ run: MoviesRun) -> [Substring] {
    run.stderr.split(separator: "\n").filter { $0.hasPrefix("error: ") }
  }
}
