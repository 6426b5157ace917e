import Foundation
import TestSupport
import Testing

/// The image cache removes only files it wrote: whatever else is in its folder survives
/// eviction, and a download folder inside the cache is refused before anything is saved.
@Suite(.timeLimit(.minutes(5))) struct CacheOwnershipTests {
  @Test func evictionLeavesFilesTheCacheNeverWrote() async throws {
    let server = try await HoppinTestServer(limit: 10)
    defer { server.stop() }
    let folders = try ThumbnailFolders()
    defer { folders.remove() }
    let entries = folders.cache.appendingPathComponent("thumbnails")
    try FileManager.default.createDirectory(at: entries, withIntermediateDirectories: true)
    // A sparse 300 MB file puts the folder over the 256 MB limit without using the disk; a
    // file with an entry's hex name but not its format is not an entry either.
    let photos = entries.appendingPathComponent("family-photos.tar")
    #expect(FileManager.default.createFile(atPath: photos.path, contents: nil))
    let handle = try FileHandle(forWritingTo: photos)
    try handle.truncate(atOffset: 300_000_000)
    try handle.close()
    let lookalike = entries.appendingPathComponent("0123456789abcdef")
    try Data(repeating: 1, count: 1_000).write(to: lookalike)

    let run = try await MoviesRun.run(folders.arguments(for: server), input: "thumb 1\nthumb 2\n")

    #expect(run.status == 0, "\(run.stderr)")
    #expect(FileManager.default.fileExists(atPath: photos.path), "a foreign file was evicted")
    #expect(FileManager.default.fileExists(atPath: lookalike.path))
    let names = try FileManager.default.contentsOfDirectory(atPath: entries.path)
    #expect(names.count == 4, "both posters cached beside the foreign files: \(names)")
  }

  @Test(arguments: ["thumbnails", "thumbnails/saved", "thumbnails/../thumbnails"])
  func aDownloadFolderInsideTheCacheIsRefused(inside: String) async throws {
    let server = try await HoppinTestServer(limit: 10)
    defer { server.stop() }
    let folders = try ThumbnailFolders()
    defer { folders.remove() }
    let downloads = folders.cache.appendingPathComponent(inside)

    let run = try await MoviesRun.run(
      [
        "--api", server.apiURL.absoluteString, "--cache-dir", folders.cache.path,
        "--download-dir", downloads.path,
      ],
      input: "thumb 1\n")

    #expect(run.status == 2)
    #expect(run.stderr.hasPrefix("movies: the download folder "), "\(run.stderr)")
    #expect(run.stderr.contains("pick another --download-dir or --cache-dir"))
    #expect(try server.requests().isEmpty, "nothing was loaded")
    #expect(!FileManager.default.fileExists(atPath: folders.cache.path))
  }

  @Test func aCacheFolderReachedThroughASymlinkIsStillRecognised() async throws {
    let server = try await HoppinTestServer(limit: 10)
    defer { server.stop() }
    let folders = try ThumbnailFolders()
    defer { folders.remove() }
    try FileManager.default.createDirectory(at: folders.cache, withIntermediateDirectories: true)
    let link = folders.root.appendingPathComponent("link")
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: folders.cache)

    let run = try await MoviesRun.run(
      [
        "--api", server.apiURL.absoluteString, "--cache-dir", folders.cache.path,
        "--download-dir", link.appendingPathComponent("thumbnails/saved").path,
      ],
      input: "thumb 1\n")

    #expect(run.status == 2, "\(run.stderr)")
    #expect(run.stderr.contains("is inside the image cache's"))
  }

  /// Saved files beside the cache's `thumbnails/` folder, or around it, are never among its
  /// entries.
  @Test func aDownloadFolderBesideTheEntriesIsFine() async throws {
    let server = try await HoppinTestServer(limit: 10)
    defer { server.stop() }
    let folders = try ThumbnailFolders()
    defer { folders.remove() }

    let run = try await MoviesRun.run(
      [
        "--api", server.apiURL.absoluteString, "--download-dir", folders.cache.path,
        "--cache-dir", folders.cache.path,
      ],
      input: "thumb 1\n")

    #expect(run.status == 0, "\(run.stderr)")
  }

  @Test func aCacheFolderInsideTheDownloadFolderIsFine() async throws {
    let server = try await HoppinTestServer(limit: 10)
    defer { server.stop() }
    let folders = try ThumbnailFolders()
    defer { folders.remove() }

    let run = try await MoviesRun.run(
      [
        "--api", server.apiURL.absoluteString, "--download-dir", folders.downloads.path,
        "--cache-dir", folders.downloads.appendingPathComponent("cache").path,
      ],
      input: "thumb 1\n")

    #expect(run.status == 0, "\(run.stderr)")
  }
}
