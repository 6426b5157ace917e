import Foundation
import TestSupport
import Testing

/// With no `--api`, the bundled catalogue, found from any working directory.
@Suite(.timeLimit(.minutes(1))) struct OfflineCatalogueTests {
  @Test func browsesTheBundledCatalogueFromAnotherFolder() async throws {
    let folder = try TestPaths.makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }

    let run = try await MoviesRun.run(
      ["--cache-dir", folder.appendingPathComponent("cache").path],
      input: "more\nthumb 1\n", workingDirectory: folder)

    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.tableRows.map(\.number) == Array(1...20))
    let catalogue = try Data(
      contentsOf: TestPaths.sampleData.appendingPathComponent("catalogue.json"))
    let root = try JSONSerialization.jsonObject(with: catalogue) as? [String: Any]
    let total = try #require((root?["hoppin"] as? [String: Any])?["totalCount"] as? String)
    let status = try #require(
      run.stdout.split(separator: "\n").last { $0.hasPrefix("Showing 20 of ") })
    let shownTotal = status.dropFirst("Showing 20 of ".count).prefix { $0 != " " }
    #expect(shownTotal.filter(\.isNumber) == total)
    let saved = try FileManager.default.contentsOfDirectory(
      atPath: folder.appendingPathComponent("thumbnails").path)
    #expect(saved.count == 1)
  }
}
