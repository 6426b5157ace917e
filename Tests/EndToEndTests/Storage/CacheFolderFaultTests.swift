import Foundation
import TestSupport
import Testing

/// A cache folder that cannot be written, or holds half-written files, never stops `thumb N`
/// and never puts partial bytes in the download folder.
@Suite(.timeLimit(.minutes(1))) struct CacheFolderFaultTests {
  /// The bytes of the poster the server sent for the only poster request so far.
  private func servedPoster(_ server: HoppinTestServer) throws -> Data {
    let path = try #require(try server.posterRequests().last?.path)
    return try Data(
      contentsOf: TestPaths.sampleData.appendingPathComponent(String(path.dropFirst())))
  }

  @Test func anUnwritableCacheFolderWarnsAndStillSaves() async throws {
    let server = try await HoppinTestServer(limit: 10)
    defer { server.stop() }
    let folder = try TestPaths.makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    // A file where the cache folder should be cannot be written to, even by root.
    let cache = folder.appendingPathComponent("cache")
    try Data("in the way".utf8).write(to: cache)
    let downloads = folder.appendingPathComponent("downloads")

    let run = try await MoviesRun.run(
      [
        "--api", server.apiURL.absoluteString, "--cache-dir", cache.path, "--download-dir",
        downloads.path,
      ],
      input: "thumb 2\n")

    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stderr.hasPrefix("warning: Could not write the image cache"))
    let saved = try FileManager.default.contentsOfDirectory(atPath: downloads.path)
    #expect(saved.count == 1)
    let file = try #require(saved.first)
    #expect(try Data(contentsOf: downloads.appendingPathComponent(file)) == servedPoster(server))
  }

  @Test func halfWrittenCacheFilesAreDownloadedAgain() async throws {
    let server = try await HoppinTestServer(limit: 10)
    defer { server.stop() }
    let folder = try TestPaths.makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let cache = folder.appendingPathComponent("cache")
    func arguments(_ downloads: String) -> [String] {
      [
        "--api", server.apiURL.absoluteString, "--cache-dir", cache.path,
        "--download-dir", folder.appendingPathComponent(downloads).path,
      ]
    }
    _ = try await MoviesRun.run(arguments("first"), input: "thumb 2\n")
    // Cut every cached file short, as a writer killed half way through would leave it.
    let entries = cache.appendingPathComponent("thumbnails")
    let names = try FileManager.default.contentsOfDirectory(atPath: entries.path)
    try #require(names.count == 1)
    for name in names {
      let file = entries.appendingPathComponent(name)
      let bytes = try Data(contentsOf: file)
      try bytes.prefix(bytes.count / 2).write(to: file)
    }

    let run = try await MoviesRun.run(arguments("second"), input: "show 2\nthumb 2\n")

    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains("not cached"))
    #expect(try server.posterRequests().count == 2, "the damaged entry was not used")
    let second = folder.appendingPathComponent("second")
    let saved = try FileManager.default.contentsOfDirectory(atPath: second.path)
    let file = try #require(saved.first)
    #expect(try Data(contentsOf: second.appendingPathComponent(file)) == servedPoster(server))
  }
}

/// A cache entry larger than any entry can be is never read into memory.
@Suite(.timeLimit(.minutes(2))) struct OversizedCacheEntryTests {
  @Test func aHugeSparseEntryIsDownloadedAgainNotRead() async throws {
    let server = try await HoppinTestServer(limit: 10)
    defer { server.stop() }
    let folders = try ThumbnailFolders()
    defer { folders.remove() }
    let first = try await MoviesRun.run(folders.arguments(for: server), input: "thumb 1\n")
    #expect(first.status == 0, "\(first.stderr)")
    let entries = folders.cache.appendingPathComponent("thumbnails")
    let names = try FileManager.default.contentsOfDirectory(atPath: entries.path)
    let name = try #require(names.first { !$0.hasPrefix(".") })
    // 1 GB that takes no disk: a sparse file where the entry was.
    let entry = entries.appendingPathComponent(name)
    let handle = try FileHandle(forWritingTo: entry)
    try handle.truncate(atOffset: 1 << 30)
    try handle.close()

    let again = try await MoviesRun.runMeasuringMemory(
      folders.arguments(for: server, downloads: "again"), input: "thumb 1\n")

    #expect(again.status == 0, "\(again.stderr)")
    #expect(try server.posterRequests().count == 2, "downloaded again")
    // It took 1.08 GB when the file was read whole.
    #expect(again.peakResidentBytes < 200 << 20, "\(again.peakResidentBytes) bytes")
  }
}
