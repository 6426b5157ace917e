import Foundation
import TestSupport
import Testing

/// Text from the server never reaches the terminal raw.
@Suite(.timeLimit(.minutes(1))) struct HostileTextTests {
  static let titles = [
    "Clear \u{1B}[2J\u{1B}[H Screen",
    "Title \u{1B}]0;pwned\u{07} Setter",
    "C1 \u{9B}31m CSI",
    "Carriage\rReturn\nNewline\tTab",
    "Bidi \u{202E}txt.exe",
    "Bell \u{07}\u{07} and DEL \u{7F}",
  ]

  /// A catalogue whose titles, genres and links carry escape sequences.
  static func makeCatalogue(in folder: URL) throws -> URL {
    let movies: [[String: String]] = titles.enumerated().map { index, title in
      [
        "movieId": String(index + 1), "title": title, "genreNames": "Drama\u{1B}[31m",
        "genreIds": "4", "releaseDate": "2001", "ratingAverage": "7.5",
        "linkUrl": "https://example.com/\u{1B}]8;;evil\u{07}",
        "thumbnailImage": "posters/\(index + 1).png",
      ]
    }
    return try TestCatalogue.write(movies, in: folder)
  }

  @Test func controlBytesAreShownEscapedNeverRaw() async throws {
    let folder = try TestPaths.makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let server = try await HoppinTestServer(catalogue: try Self.makeCatalogue(in: folder))
    defer { server.stop() }

    let run = try await MoviesRun.run(
      ["--api", server.apiURL.absoluteString],
      input: (1...Self.titles.count).map { "show \($0)\n" }.joined() + "list\n")

    #expect(run.status == 0, "\(run.stderr)")
    let forbidden: Set<UInt8> = [0x1B, 0x07, 0x0D, 0x7F, 0x09]
    #expect(!run.stdoutBytes.contains { forbidden.contains($0) })
    #expect(!run.stdout.unicodeScalars.contains { (0x80...0x9F).contains($0.value) })
    #expect(!run.stdout.unicodeScalars.contains { $0.value == 0x202E })
    #expect(run.stdout.contains("Clear ^[[2J^[[H Screen"))
    #expect(run.stdout.contains("Title ^[]0;pwned^G Setter"))
    #expect(run.stdout.contains("C1 \\u{9B}31m CSI"))
    #expect(run.stdout.contains("Carriage^MReturn^JNewline^ITab"))
    #expect(run.stdout.contains("Bidi \\u{202E}txt.exe"))
    // Each movie is one table row: an escaped newline cannot start a fake row.
    #expect(run.tableRows.count == Self.titles.count * 2)
  }
}
