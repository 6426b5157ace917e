import Foundation
import TestSupport
import Testing

@testable import movies

/// `pick`'s preview pane (`movies --pick-preview FILE ROW`, as fzf runs it): the poster sized
/// to the pane fzf gives (`FZF_PREVIEW_COLUMNS`/`LINES`) so nothing wraps or runs past its
/// bottom; pixels only where fzf shows images.
@Suite(.timeLimit(.minutes(1))) struct PickPreviewTests {
  /// A pick file with one row, the banded poster on disk, a link long enough to wrap.
  private func pickFile(in folder: URL, mode: String, prefix: String = "") throws -> URL {
    let catalogue = try BandedPoster.catalogue(in: folder)
    let poster = catalogue.appendingPathComponent("posters/bands.png")
    let movie: [String: Any] = [
      "movieId": "1", "title": "Bands", "genreNames": "Drama", "ratingAverage": "9.0",
      "releaseDate": "2001",
      "linkUrl": "https://www.imdb.com/find?q=Bands+a+title+long+enough+to+wrap+twice+%282001%29",
    ]
    let header: [String: Any] = [
      "cache": folder.path, "mode": mode, "cell": [6, 13], "prefix": prefix,
    ]
    let row: [String: Any] = [
      "row": 3, "poster": poster.absoluteString, "hoppin": ["movies": ["movie": [movie]]],
    ]
    let lines = try [header, row].map {
      String(decoding: try JSONSerialization.data(withJSONObject: $0), as: UTF8.self)
    }
    let file = folder.appendingPathComponent("rows.jsonl")
    try (lines.joined(separator: "\n") + "\n").write(to: file, atomically: true, encoding: .utf8)
    return file
  }

  /// The pane heads a row as the list does (`#3`), and a server search's match or a
  /// watchlist entry as `pick`'s own lines do (`f3`, `w3`).
  @Test(arguments: [("", "#3  Bands"), ("f", "f3  Bands"), ("w", "w3  Bands")])
  func thePaneIsHeadedAsTheRowIsNamed(prefix: String, heading: String) async throws {
    let folder = try TestPaths.makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = try await offThePool {
      try self.pickFile(in: folder, mode: "symbols", prefix: prefix)
    }
    let run = try await MoviesRun.run(
      ["--pick-preview", file.path, "1"],
      environment: ["FZF_PREVIEW_COLUMNS": "30", "FZF_PREVIEW_LINES": "24", "NO_COLOR": ""])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.split(separator: "\n").first?.contains(heading) == true, "\(run.stdout)")
  }

  @Test func thePosterFitsThePaneAndNothingRunsPastItsBottom() async throws {
    let folder = try TestPaths.makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = try await offThePool { try self.pickFile(in: folder, mode: "symbols") }
    let run = try await MoviesRun.run(
      ["--pick-preview", file.path, "1"],
      environment: ["FZF_PREVIEW_COLUMNS": "30", "FZF_PREVIEW_LINES": "24", "NO_COLOR": ""])

    #expect(run.status == 0, "\(run.stderr)")
    let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
      .map { String($0).replacing(/\x{1B}\[[0-9;]*m/, with: "") }
    let poster = lines.filter {
      $0.unicodeScalars.contains { (0x2580...0x259F).contains($0.value) }
    }
    #expect(!poster.isEmpty, "no poster drawn")
    #expect(poster.allSatisfy { $0.count <= 30 }, "a poster row wider than the pane")
    // Rows as the pane shows them, a long line wrapped.
    let shown = lines.reduce(0) { $0 + max(1, ($1.count + 29) / 30) }
    #expect(shown <= 24, "\(shown) rows in a 24-row pane")
  }

  @Test func aGraphicsModeIsDrawnForFzfToPlaceAndOnlyWhereFzfShowsImages() async throws {
    let folder = try TestPaths.makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = try await offThePool { try self.pickFile(in: folder, mode: "sixel") }
    let run = try await MoviesRun.run(
      ["--pick-preview", file.path, "1"],
      environment: ["FZF_PREVIEW_COLUMNS": "40", "FZF_PREVIEW_LINES": "40", "NO_COLOR": ""])

    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains(/\x{1B}P[0-9;]*q"1;1;/))
    #expect(!run.stdout.contains("\u{1B}7"), "fzf places the picture, not the preview")

    #expect(!Picker.showsImages(fzfVersion: "0.38.0 (debian)"))
    #expect(!Picker.showsImages(fzfVersion: "0.43.9"))
    #expect(Picker.showsImages(fzfVersion: "0.44.0 (brew)"))
    #expect(Picker.showsImages(fzfVersion: "0.56.3"))
    #expect(Picker.showsImages(fzfVersion: "1.0"))
    #expect(!Picker.showsImages(fzfVersion: "fzf"))
  }
}
