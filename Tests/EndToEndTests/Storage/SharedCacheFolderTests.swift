import Foundation
import TestSupport
import Testing

/// With neither HOME nor XDG_CACHE_HOME the image cache is `movies-cache-UID` in the
/// temporary folder, where anyone may make it first: it is used only when it is this user's
/// own private folder, made 0700 when missing; otherwise the run caches nothing on disk, and
/// says so once.
@Suite(.timeLimit(.minutes(2))) struct SharedCacheFolderTests {
  /// Runs two `thumb`s with the temporary folder `temporary` and no home to cache in.
  private func run(_ server: HoppinTestServer, temporary: URL) async throws -> MoviesRun {
    try await MoviesRun.run(
      [
        "--api", server.apiURL.absoluteString, "--download-dir",
        temporary.appendingPathComponent("saved").path,
      ],
      input: "thumb 1\nthumb 2\n",
      environment: ["HOME": "", "XDG_CACHE_HOME": "", "TMPDIR": temporary.path])
  }

  private func files(under folder: URL) -> [String] {
    FileManager.default.subpaths(atPath: folder.path) ?? []
  }

  /// A folder with exactly `mode` (set with chmod, past the umask).
  private func makeFolder(_ folder: URL, mode: mode_t) throws {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
    #expect(chmod(folder.path, mode) == 0)
  }

  /// `movies-cache-UID` under `temporary`.
  private func cacheFolder(in temporary: URL) -> URL {
    temporary.appendingPathComponent("movies-cache-\(getuid())")
  }

  @Test func aFolderAnotherUserMadeIsNotUsed() async throws {
    let server = try await HoppinTestServer(limit: 10)
    defer { server.stop() }
    let temporary = try TestPaths.makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: temporary) }
    let cache = cacheFolder(in: temporary)
    try makeFolder(cache, mode: 0o700)
    // The tests run as root, which could write into nobody's folder all the same.
    #expect(chown(cache.path, 65_534, 65_534) == 0)

    let run = try await run(server, temporary: temporary)

    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stderr.components(separatedBy: "belongs to another user").count == 2, "once")
    #expect(run.stderr.contains("posters are not cached on disk"), "\(run.stderr)")
    #expect(files(under: cache).isEmpty, "nothing written into another user's folder")
    #expect(files(under: temporary.appendingPathComponent("saved")).count == 2, "thumbs saved")
  }

  @Test func aFolderOthersMayUseOrALinkIsNotUsed() async throws {
    let server = try await HoppinTestServer(limit: 10)
    defer { server.stop() }
    let temporary = try TestPaths.makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: temporary) }
    let cache = cacheFolder(in: temporary)
    try makeFolder(cache, mode: 0o777)
    let open = try await run(server, temporary: temporary)
    #expect(open.status == 0, "\(open.stderr)")
    #expect(open.stderr.contains("is open to other users"), "\(open.stderr)")
    #expect(files(under: cache).isEmpty)

    // A link by the folder's name, to a private folder of ours, is still not the folder.
    let elsewhere = temporary.appendingPathComponent("elsewhere")
    try makeFolder(elsewhere, mode: 0o700)
    try FileManager.default.removeItem(at: cache)
    try FileManager.default.createSymbolicLink(at: cache, withDestinationURL: elsewhere)
    let linked = try await run(server, temporary: temporary)
    #expect(linked.status == 0, "\(linked.stderr)")
    #expect(linked.stderr.contains("is not a folder"), "\(linked.stderr)")
    #expect(files(under: elsewhere).isEmpty)
  }

  @Test func aMissingFolderIsMadePrivateAndUsed() async throws {
    let server = try await HoppinTestServer(limit: 10)
    defer { server.stop() }
    let temporary = try TestPaths.makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: temporary) }
    let cache = cacheFolder(in: temporary)

    let run = try await run(server, temporary: temporary)

    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stderr.isEmpty, "\(run.stderr)")
    let mode = try FileManager.default.attributesOfItem(atPath: cache.path)[.posixPermissions]
    #expect(mode as? Int == 0o700)
    #expect(files(under: cache.appendingPathComponent("thumbnails")).count == 2, "both cached")
  }
}
