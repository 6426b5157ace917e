import Foundation
import TestSupport
import Testing

/// Posters that are small files and enormous work: a PNG whose image data inflates to ten
/// gigabytes, a progressive JPEG of 20,000 scans. The thumbnail is saved as it came; the
/// preview stops within its bound and says why in one line.
@Suite(.timeLimit(.minutes(3))) struct ImageBombTests {
  /// A 1000x1000 grey PNG whose one IDAT chunk holds its rows and then 1 MiB of zeros
  /// (about 1 KB once deflated, the same bytes after each full flush) over and over, to
  /// about 9.8 MB on disk and 10 GB inflated.
  static let pngBomb = """
    import struct, sys, zlib
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    side = 1000
    rows = b"".join(b"\\0" + bytes((x + y) & 255 for x in range(side)) for y in range(side))
    deflate = zlib.compressobj(9)
    head = deflate.compress(rows) + deflate.flush(zlib.Z_FULL_FLUSH)
    block = deflate.compress(bytes(1 << 20)) + deflate.flush(zlib.Z_FULL_FLUSH)
    data = head + block * ((9_800_000 - len(head)) // len(block))
    header = struct.pack(">IIBBBBB", side, side, 8, 0, 0, 0, 0)
    with open(sys.argv[1], "wb") as out:
        out.write(b"\\x89PNG\\r\\n\\x1a\\n" + chunk(b"IHDR", header) + chunk(b"IDAT", data)
                  + chunk(b"IEND", b""))
    """

  /// A 2000x2000 grey progressive JPEG of 20,000 identical AC scans, each a run of
  /// end-of-blocks over every block: 40 bytes a scan, all 62,500 blocks visited each time.
  /// Small enough a side that 300 scans stay well inside the second of CPU a decode may
  /// take (at 4000, two test runs side by side reached it first), so the scan limit is what
  /// stops it.
  static let jpegBomb = """
    import struct, sys
    def segment(marker, data):
        return b"\\xff" + bytes([marker]) + struct.pack(">H", len(data) + 2) + data
    side = 2000
    out = b"\\xff\\xd8"
    out += segment(0xDB, b"\\x00" + bytes([1] * 64))
    out += segment(0xC2, struct.pack(">BHHB", 8, side, side, 1) + b"\\x01\\x11\\x00")
    # One AC code, "0", for EOBRUN of 2^14 plus 14 extra bits: 16 runs cover the blocks.
    out += segment(0xC4, b"\\x10" + bytes([1] + [0] * 15) + b"\\xe0")
    scan = segment(0xDA, b"\\x01\\x01\\x00\\x01\\x3f\\x00") + bytes(30)
    out += scan * 20_000 + b"\\xff\\xd9"
    with open(sys.argv[1], "wb") as file:
        file.write(out)
    """

  /// Writes a bomb with one of the scripts above.
  static func makeBomb(_ script: String, at file: URL) throws {
    let python = Process()
    python.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    python.arguments = ["python3", "-c", script, file.path]
    try python.run()
    python.waitUntilExit()
    try #require(python.terminationStatus == 0)
  }

  @Test(arguments: ["png", "jpg"])
  func aBombIsSavedAndItsPreviewStopsWithinItsBound(fileExtension: String) async throws {
    let folders = try ThumbnailFolders()
    defer { folders.remove() }
    let bomb = folders.root.appendingPathComponent("bomb." + fileExtension)
    try Self.makeBomb(fileExtension == "png" ? Self.pngBomb : Self.jpegBomb, at: bomb)
    let server = try await HoppinTestServer(
      limit: 10,
      extraArguments: [
        "--fault", "poster-file", "--fault-file", bomb.path, "--fault-on", "posters",
      ])
    defer { server.stop() }

    let run = try await MoviesRun.runMeasuringMemory(
      folders.arguments(for: server) + ["--preview", "symbols", "-c", "thumb 1"],
      timeout: .seconds(120))

    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.hasPrefix("Saved "), "\(run.stdout)")
    if fileExtension == "png" {
      // Its rows are all there, so it is drawn; the data past them is never inflated.
      #expect(run.stderr.isEmpty, "\(run.stderr)")
      #expect(run.stdout.split(separator: "\n").count == 1 + 12, "the line and the poster")
    } else {
      #expect(
        run.stderr
          == "warning: The JPEG image could not be decoded (more than 300 scans), so there is "
          + "no preview.\n")
    }
    // Before: 15 s of CPU for the PNG, 37 s for the JPEG.
    #expect(run.cpuSeconds < 4, "\(run.cpuSeconds) s of CPU")
    let saved = try FileManager.default.contentsOfDirectory(atPath: folders.downloads.path)
    #expect(saved.count == 1)
    if let name = saved.first {
      let file = folders.downloads.appendingPathComponent(name)
      #expect(try Data(contentsOf: file) == Data(contentsOf: bomb), "the file is kept")
    }
  }
}
