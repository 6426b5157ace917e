import Foundation
import TestSupport
import Testing

/// Posters in pixels without a terminal: the sixel bytes decoded with `sixel2png`, kitty's and
/// iTerm2's placements read from the bytes. Without a terminal nothing is asked, so the cell
/// is the stated default, 10×20 pixels: 12 rows are 240 pixels, and the 2:3 test poster is
/// 160 pixels (16 columns) wide.
@Suite(.timeLimit(.minutes(1))) struct PixelPreviewTests {
  /// `movies --preview MODE` running `thumb 1` on the banded test poster, standard output.
  private func thumb(preview mode: String) async throws -> MoviesRun {
    let folder = try TestPaths.makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let server = try await HoppinTestServer(
      catalogue: try await offThePool { try BandedPoster.catalogue(in: folder) })
    defer { server.stop() }
    let run = try await MoviesRun.run(
      [
        "--api", server.apiURL.absoluteString, "--cache-dir", folder.path,
        "--download-dir", folder.appendingPathComponent("downloads").path, "--preview", mode,
      ], input: "thumb 1\n")
    #expect(run.status == 0, "\(run.stderr)")
    return run
  }

  @Test func sixelBytesDecodeToThePostersShapeAndBands() async throws {
    let run = try await thumb(preview: "sixel")
    let sixel = try #require(run.stdout.firstMatch(of: /\x{1B}P[0-9;]*q.*?\x{1B}\\/))
    let folder = try TestPaths.makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let bytes = folder.appendingPathComponent("poster.six")
    let png = folder.appendingPathComponent("poster.png")
    try Data(sixel.output.utf8).write(to: bytes)
    let image = try await offThePool {
      try ImageTool.run(["sixel2png", "-i", bytes.path, "-o", png.path])
      return try RGBImage(contentsOf: png)
    }

    #expect(image.width == 160 && image.height == 240)
    for (index, band) in BandedPoster.bands.enumerated() {
      let y = image.height * (2 * index + 1) / 6
      #expect(image[image.width / 2, y].isNear(band, tolerance: 8), "band \(index)")
    }
  }

  @Test func kittyAndITermPlaceThePictureInTheCellsThatKeepItsShape() async throws {
    let kitty = try await thumb(preview: "kitty")
    #expect(kitty.stdout.contains("\u{1B}_Ga=T,f=32,s=160,v=240,c=16,r=12"))
    let iterm = try await thumb(preview: "iterm")
    #expect(iterm.stdout.contains("\u{1B}]1337;File=inline=1;width=16;height=12;"))
  }

  @Test(arguments: ["sixel", "kitty", "iterm"])
  func aPictureTakesExactlyItsRowsAndLeavesTheCursorUnderThem(mode: String) async throws {
    let run = try await thumb(preview: mode)
    // Twelve rows made, back up to their top, the picture, then under them again.
    let made = String(repeating: "\n", count: 12) + "\u{1B}[12A\r\u{1B}7"
    let start = try #require(run.stdout.range(of: made))
    let end = try #require(run.stdout.range(of: "\u{1B}8\u{1B}[12B\r"))
    #expect(start.upperBound < end.lowerBound)
    #expect(!run.stdout[end.upperBound...].contains("\n\n"))
  }

  @Test func autoWithoutATerminalAsksNothingAndDrawsSymbols() async throws {
    let run = try await thumb(preview: "auto")
    for query in ["\u{1B}[c", "\u{1B}_G", "\u{1B}[>q", "\u{1B}[16t", "\u{1B}[?2;1;0S"] {
      #expect(!run.stdout.contains(query), "\(query.debugDescription) sent")
    }
    // Symbols: cells of colour. The bands meet at cell edges, so without dither (issue 31)
    // they are whole cells, spaces on a background, with no half blocks between.
    #expect(run.stdout.contains("48;5;") || run.stdout.contains("48;2;"), "\(run.stdout)")
    #expect(!run.stdout.contains("\u{1B}P") && !run.stdout.contains("\u{1B}_G"))
  }
}
