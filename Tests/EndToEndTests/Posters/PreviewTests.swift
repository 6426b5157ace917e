import Foundation
import TestSupport
import Testing

/// The poster preview under `thumb N`: drawn as text of a known size, only when asked for in
/// script mode.
@Suite(.timeLimit(.minutes(1))) struct PreviewTests {
  /// The preview's height in rows, as the README states.
  private static let rows = 12

  /// Row numbers and poster paths of page 1, straight from the server.
  private func posters(_ server: HoppinTestServer) throws -> [(row: Int, path: String)] {
    let url = try #require(URL(string: server.apiURL.absoluteString + "?version=1&page=1&count=10"))
    let root = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any]
    let movies = (root?["hoppin"] as? [String: Any])?["movies"] as? [String: Any]
    let list = movies?["movie"] as? [[String: Any]] ?? []
    return list.enumerated().compactMap { index, movie in
      (movie["thumbnailImage"] as? String).map { (index + 1, $0) }
    }
  }

  /// Width and height from the file's own header: PNG's IHDR, or a JPEG's start of frame.
  private func pixelSize(of file: URL) throws -> (width: Int, height: Int) {
    let bytes = [UInt8](try Data(contentsOf: file))
    func number(_ offset: Int) -> Int { Int(bytes[offset]) << 8 | Int(bytes[offset + 1]) }
    if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
      return (number(18), number(22))
    }
    var offset = 2
    while offset + 9 < bytes.count {
      let marker = bytes[offset + 1]
      if (0xC0...0xC3).contains(marker) { return (number(offset + 7), number(offset + 5)) }
      offset += 2 + number(offset + 2)
    }
    throw CocoaError(.fileReadCorruptFile)
  }

  /// The text of a line without its colour sequences (`ESC [ … m`).
  private func visible(_ line: Substring) -> String {
    String(line.replacing(/\x{1B}\[[0-9;]*m/, with: ""))
  }

  @Test(arguments: ["png", "jpg"])
  func symbolsPreviewHasTheImagesShapeInCells(fileExtension: String) async throws {
    let server = try await HoppinTestServer(limit: 10)
    defer { server.stop() }
    let folder = try TestPaths.makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let poster = try #require(try posters(server).first { $0.path.hasSuffix("." + fileExtension) })
    // The server sends absolute addresses; the path under /posters/ is the file's.
    let path = try #require(URL(string: poster.path)?.path.dropFirst())
    let size = try pixelSize(of: TestPaths.sampleData.appendingPathComponent(String(path)))
    // A cell is about twice as tall as wide: 12 rows are 24 width-units tall.
    let columns = Int((Double(Self.rows * 2 * size.width) / Double(size.height)).rounded())

    let run = try await MoviesRun.run(
      [
        "--api", server.apiURL.absoluteString, "--cache-dir", folder.path,
        "--download-dir", folder.appendingPathComponent("downloads").path, "--preview", "symbols",
      ],
      input: "thumb \(poster.row)\n")

    #expect(run.status == 0, "\(run.stderr)")
    let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false)
    let saved = try #require(lines.firstIndex { $0.hasPrefix("Saved ") })
    let picture = lines[(saved + 1)...].filter { !$0.isEmpty }.map(visible)
    #expect(picture.count == Self.rows)
    for line in picture {
      // Block elements and spaces, one column each.
      #expect(line.unicodeScalars.allSatisfy { (0x2580...0x259F).contains($0.value) || $0 == " " })
      #expect(line.unicodeScalars.count == columns, "\(line)")
    }
  }

  @Test func scriptModeDrawsNoPreviewUnlessAsked() async throws {
    let server = try await HoppinTestServer(limit: 10)
    defer { server.stop() }
    let folder = try TestPaths.makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let arguments = [
      "--api", server.apiURL.absoluteString, "--cache-dir", folder.path,
      "--download-dir", folder.appendingPathComponent("downloads").path,
    ]

    let plain = try await MoviesRun.run(arguments, input: "thumb 1\n")
    let refused = try await MoviesRun.run(
      arguments + ["--preview", "symbols", "--no-preview"], input: "thumb 1\n")

    for run in [plain, refused] {
      #expect(run.status == 0, "\(run.stderr)")
      #expect(run.stdout.contains("Saved "))
      #expect(!run.stdoutBytes.contains(0x1B))
    }
  }

  @Test func anUnknownPreviewModeIsAUsageError() async throws {
    let run = try await MoviesRun.run(["--preview", "ascii-art"])
    #expect(run.status == 2)
    #expect(run.stderr.contains("--preview needs one of symbols, kitty, iterm, sixel, auto"))
  }
}
