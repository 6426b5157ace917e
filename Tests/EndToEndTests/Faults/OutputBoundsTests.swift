import Foundation
import TestSupport
import Testing

/// What a hostile page prints is bounded by the page, never multiplied by it: long field
/// names, thousands of fields and thousands of unusable rows each cost a few lines.
@Suite(.timeLimit(.minutes(5))) struct OutputBoundsTests {
  @Test func showListsFiftyOtherFieldsWithShortLabels() async throws {
    let folder = try TestPaths.makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    var movie = ["title": "Wide", "genreNames": "Drama", "releaseDate": "1999"]
    for number in 1...2_000 { movie[String(format: "f%04d", number)] = "v" }
    // Sorts first, so it is listed: every other label would be padded to its width.
    movie[String(repeating: "a", count: 20_000)] = "long"
    let server = try await HoppinTestServer(catalogue: try TestCatalogue.write([movie], in: folder))
    defer { server.stop() }

    let run = try await MoviesRun.run(
      ["--api", server.apiURL.absoluteString, "-c", "show 1"])

    #expect(run.status == 0, "\(run.stderr)")
    let lines = run.stdout.split(separator: "\n").drop { !$0.hasPrefix("#1  ") }
    // The heading, Genres, Released, 50 other fields and the line saying how many more.
    #expect(lines.count == 54, "\(lines.count) lines")
    #expect(run.stdout.utf8.count < 4_000, "\(run.stdout.utf8.count) bytes")
    #expect(lines.contains { $0.hasPrefix("  " + String(repeating: "a", count: 31) + "…  long") })
    #expect(lines.contains("  f0049" + String(repeating: " ", count: 27) + "  v"))
    #expect(!run.stdout.contains("f0050"))
    #expect(lines.last == "  and 1,951 more fields")

    let json = try await MoviesRun.run(
      ["--api", server.apiURL.absoluteString, "--json", "-c", "show 1"])
    let object =
      try JSONSerialization.jsonObject(
        with: Data(try #require(json.stdout.split(separator: "\n").last).utf8)) as? [String: Any]
    let other = (object?["movie"] as? [String: Any])?["otherFields"] as? [String: String]
    #expect(other?.count == 2_001, "--json keeps every field")
  }
}

/// A title that makes no usable file name still gets its thumbnail saved.
@Suite(.timeLimit(.minutes(5))) struct DownloadNameTests {
  @Test func aTitleOfCombiningMarksIsSavedUnderTheRowAndID() async throws {
    let folders = try ThumbnailFolders()
    defer { folders.remove() }
    let poster = try FileManager.default.contentsOfDirectory(
      atPath: TestPaths.sampleData.appendingPathComponent("posters").path
    ).sorted().first { $0.hasSuffix(".jpg") }
    let name = try #require(poster)
    let movie = [
      "title": "Z" + String(repeating: "\u{301}", count: 200), "movieId": "4711",
      "releaseDate": "1999", "thumbnailImage": "posters/\(name)",
    ]
    let catalogue = try TestCatalogue.write([movie], in: folders.root)
    try FileManager.default.copyItem(
      at: TestPaths.sampleData.appendingPathComponent("posters/\(name)"),
      to: catalogue.appendingPathComponent("posters/\(name)"))
    let server = try await HoppinTestServer(catalogue: catalogue)
    defer { server.stop() }

    let run = try await MoviesRun.run(folders.arguments(for: server), input: "thumb 1\n")

    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains("Saved \(folders.downloads.path)/1-id-4711.jpg"), "\(run.stdout)")
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folders.downloads.path) == [
        "1-id-4711.jpg"
      ])
  }
}

/// A page of thousands of unusable rows warns about a few and counts the rest.
@Suite(.timeLimit(.minutes(5))) struct RowWarningBoundTests {
  @Test(arguments: [false, true])
  func unusableRowsCostElevenWarnings(json: Bool) async throws {
    let folder = try TestPaths.makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let movies = (1...1_000).map { ["movieId": "\($0)", "releaseDate": "1999"] }
    let server = try await HoppinTestServer(catalogue: try TestCatalogue.write(movies, in: folder))
    defer { server.stop() }

    // Piped, not -c: the first page, whose rows are unusable, is printed with its warnings.
    let run = try await MoviesRun.run(
      ["--api", server.apiURL.absoluteString, "--count", "1000"] + (json ? ["--json"] : []),
      input: "list\n")

    #expect(run.status == 0, "\(run.stderr)")
    let warnings: [String]
    if json {
      let first = try #require(run.stdout.split(separator: "\n").first)
      let object = try JSONSerialization.jsonObject(with: Data(first.utf8)) as? [String: Any]
      warnings = object?["warnings"] as? [String] ?? []
      #expect(first.utf8.count < 2_000)
    } else {
      warnings = run.stderr.split(separator: "\n").map { String($0.dropFirst(9)) }
      #expect(run.stderr.split(separator: "\n").allSatisfy { $0.hasPrefix("warning: ") })
    }
    #expect(warnings.count == 11, "\(warnings.count) warnings")
    // Named by id and place, never by a row number that the table gives another film.
    #expect(
      warnings.first
        == "Skipped the movie with id 1 (page 1, position 1 in the answer): it has no usable "
        + "title.")
    #expect(warnings.last == "Skipped 990 more movies of page 1 without a usable title.")
  }
}
