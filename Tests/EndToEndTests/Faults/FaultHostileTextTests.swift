import Foundation
import TestSupport
import Testing

/// Hostile text reaches every output path, not only the table: warnings about repeated rows
/// (whose movie IDs come from the server) and errors that quote a server's address. None of
/// it reaches the terminal raw.
@Suite(.timeLimit(.minutes(1))) struct FaultHostileTextTests {
  /// Each sequence and how it must be shown: caret notation for C0 and DEL, `\u{…}` for C1
  /// and bidirectional overrides, as git and kubectl show them.
  static let nasty: [(raw: String, shown: String)] = [
    ("\u{1B}[2J", "^[[2J"), ("\u{1B}]0;pwned\u{07}", "^[]0;pwned^G"), ("\u{9B}31m", "\\u{9B}31m"),
    ("\r", "^M"), ("\u{202E}", "\\u{202E}"), ("\u{85}", "\\u{85}"), ("\u{7F}", "^?"),
  ]

  /// 25 movies whose IDs, titles and thumbnail addresses all carry control sequences.
  static func makeCatalogue(in folder: URL) throws -> URL {
    let movies: [[String: String]] = (1...25).map { number in
      let nasty = Self.nasty[number % Self.nasty.count].raw
      return [
        "movieId": "id\(nasty)\(number)", "title": "Title \(number) \(nasty) end",
        "genreNames": "Drama", "genreIds": "4", "releaseDate": String(1950 + number),
        "ratingAverage": "7.5", "thumbnailImage": "file:///etc/\(nasty)\(number).png",
      ]
    }
    return try TestCatalogue.write(movies, in: folder)
  }

  @Test func jsonOutputEscapesEveryControlCharacter() async throws {
    let folder = try TestPaths.makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let server = try await HoppinTestServer(catalogue: try Self.makeCatalogue(in: folder))
    defer { server.stop() }

    let run = try await MoviesRun.run(
      ["--api", server.apiURL.absoluteString, "--json"], input: "show 2\nshow 7\n")

    #expect(run.status == 0, "\(run.stderr)")
    FaultChecks.expectNoRawControlBytes(run)
    #expect(run.stdout.contains(#"\u009B31m"#) && run.stdout.contains(#"\u202E"#))
    // Still the same JSON values: the titles read back as the server sent them.
    let titles = try run.stdout.split(separator: "\n").dropFirst().map { line in
      let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
      return (object?["movie"] as? [String: Any])?["title"] as? String
    }
    #expect(titles == [2, 7].map { "Title \($0) \(Self.nasty[$0 % Self.nasty.count].raw) end" })
  }

  @Test func warningsAndErrorsQuotingTheServerAreEscaped() async throws {
    let folder = try TestPaths.makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let server = try await HoppinTestServer(
      catalogue: try Self.makeCatalogue(in: folder), extraArguments: ["--fault", "shift"])
    defer { server.stop() }

    let run = try await MoviesRun.run(
      [
        "--api", server.apiURL.absoluteString,
        "--download-dir", folder.appendingPathComponent("downloads").path,
        "--cache-dir", folder.appendingPathComponent("cache").path,
      ],
      input: "more\nmore\nthumb 2\nshow 3\n")

    FaultChecks.expectNoRawControlBytes(run)
    #expect(run.tableRows.map(\.number) == Array(1...25))
    func shown(_ number: Int) -> String { Self.nasty[number % Self.nasty.count].shown }
    // Rows are in release order, which is the movies' number order.
    for row in run.tableRows {
      #expect(row.text.hasPrefix("Title \(row.number) \(shown(row.number)) end"), "\(row.text)")
    }
    #expect(run.stdout.contains("#3  Title 3 \(shown(3)) end"))
    // The repeated rows' IDs (the last three of page 1), in the warning.
    #expect(run.stderr.contains("warning: Dropped 3 rows"))
    let ids = (8...10).map { "id\(shown($0))\($0)" }.joined(separator: ", ")
    #expect(run.stderr.contains("(movie ID \(ids))"), "\(run.stderr)")
    // The refused thumbnail address, in the error.
    #expect(run.stderr.contains("file:///etc/\(shown(2))2.png is not an http"), "\(run.stderr)")
    #expect(
      !FileManager.default.fileExists(atPath: folder.appendingPathComponent("downloads").path))
  }
}
