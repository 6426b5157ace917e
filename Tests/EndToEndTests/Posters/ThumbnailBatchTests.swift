import Foundation
import TestSupport
import Testing

/// `thumb N-M` and `thumb all` against the local server, checked with its request log.
@Suite(.timeLimit(.minutes(1))) struct ThumbnailBatchTests {
  @Test func aRangeDownloadsEachPosterOnceAndANewProcessNone() async throws {
    let server = try await HoppinTestServer(limit: 25)
    defer { server.stop() }
    let folders = try ThumbnailFolders()
    defer { folders.remove() }
    let downloads = folders.downloads
    let arguments = folders.arguments(for: server)

    let first = try await MoviesRun.run(arguments, input: "thumb 1-10\nthumb 1-10\n")

    #expect(first.status == 0, "\(first.stderr)")
    let posters = try server.posterRequests().map(\.path)
    #expect(posters.count == 10)
    #expect(Set(posters).count == 10, "each poster once: \(posters)")
    let saved = try FileManager.default.contentsOfDirectory(atPath: downloads.path)
    #expect(saved.count == 10)
    let savedBytes = Set(
      try saved.map { try Data(contentsOf: downloads.appendingPathComponent($0)) })
    let served = Set(
      try posters.map { path in
        try Data(contentsOf: TestPaths.sampleData.appendingPathComponent(String(path.dropFirst())))
      })
    #expect(savedBytes == served)
    let summaries = first.stdout.split(separator: "\n").filter {
      $0.hasPrefix("Saved 10 thumbnails")
    }
    #expect(summaries.count == 2)
    #expect(summaries.first?.contains("10 downloaded") == true)
    #expect(summaries.last?.contains("10 from memory") == true)
    // Standard error is a file here, so no progress bar is drawn on it.
    #expect(!first.stderr.contains("\r"))
    #expect(!first.stderr.contains("#"))

    let second = try await MoviesRun.run(arguments, input: "thumb all\n")

    #expect(second.status == 0, "\(second.stderr)")
    #expect(try server.posterRequests().count == 10, "a new process reads the disk cache")
    #expect(second.stdout.contains("10 from the disk cache"))
  }

  /// The release build once lost the task group's row numbers (a compiler bug): every file
  /// was written, but the summary counted a random few and JSON paired rows with other rows'
  /// files. Run against the release binary by `scripts/test`.
  @Test func aBatchReportsEveryRowWithItsOwnFile() async throws {
    let server = try await HoppinTestServer(limit: 30)
    defer { server.stop() }
    let folders = try ThumbnailFolders()
    defer { folders.remove() }
    let posters = try await server.movies(page: 1, count: 30).map { movie in
      try #require((movie["thumbnailImage"] as? String).flatMap(URL.init(string:))).path
    }

    let json = try await MoviesRun.run(
      folders.arguments(for: server) + ["--count", "30", "--json"], input: "thumb all\n")
    let text = try await MoviesRun.run(
      folders.arguments(for: server, downloads: "again") + ["--count", "30"], input: "thumb all\n")

    #expect(json.status == 0, "\(json.stderr)")
    let lines = json.stdout.split(separator: "\n")
    let last = try #require(lines.last)
    let batch = try #require(
      try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any])
    let saved = try #require(batch["saved"] as? [[String: Any]])
    #expect(saved.compactMap { $0["row"] as? Int } == Array(1...30))
    for entry in saved {
      let row = try #require(entry["row"] as? Int)
      let file = URL(fileURLWithPath: try #require(entry["file"] as? String))
      #expect(file.lastPathComponent.hasPrefix("\(row)-"), "row \(row) got \(file.path)")
      let served = TestPaths.sampleData.appendingPathComponent(String(posters[row - 1].dropFirst()))
      #expect(try Data(contentsOf: file) == Data(contentsOf: served), "row \(row)")
    }
    #expect(text.status == 0, "\(text.stderr)")
    #expect(text.stdout.contains("Saved 30 thumbnails in "), "\(text.stdout)")
    #expect(text.stdout.contains(": 30 from the disk cache"), "\(text.stdout)")
  }

  @Test func showSaysWhetherTheThumbnailIsCached() async throws {
    let server = try await HoppinTestServer(limit: 25)
    defer { server.stop() }
    let folder = try TestPaths.makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }

    let run = try await MoviesRun.run(
      [
        "--api", server.apiURL.absoluteString, "--cache-dir", folder.path,
        "--download-dir", folder.appendingPathComponent("downloads").path,
      ],
      input: "show 2\nthumb 2\nshow 2\n")

    #expect(run.status == 0, "\(run.stderr)")
    let thumbnailLines = run.stdout.split(separator: "\n").filter {
      $0.hasPrefix("  Thumbnail")
    }
    #expect(thumbnailLines.count == 2)
    #expect(thumbnailLines.first?.contains("not cached") == true)
    #expect(thumbnailLines.last?.contains("(cached") == true)
  }
}
