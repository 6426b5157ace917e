import Foundation
import TestSupport
import Testing

/// A disk that fills up while movies writes: the watchlist and the session (the library
/// file), a poster, and TMDb's saved list of streaming services. Each on a small tmpfs
/// filled to the last block: a clear error or nothing said (a cache is a convenience),
/// nothing lost of what was there, and nothing left behind. The tmpfs needs mount (root on
/// Linux); where it is not allowed the suite does not run.
@Suite(.timeLimit(.minutes(3)), .enabled(if: FullDisk.canMount)) struct FullDiskTests {
  @Test func theWatchlistAndTheSessionOnAFullDiskSayItAndKeepWhatWasThere() async throws {
    let disk = try FullDisk(kilobytes: 512)
    defer { disk.remove() }
    let library = disk.file("library.sqlite3").path
    let made = try await MoviesRun.run(["-c", "watch 1"], environment: ["MOVIES_DB": library])
    #expect(made.status == 0, "\(made.stderr)")
    disk.fill()
    let run = try await MoviesRun.run(
      ["-c", "watch 2", "-c", "more"], environment: ["MOVIES_DB": library])
    #expect(!run.stderr.contains("Fatal error"), "\(run.stderr)")
    #expect(run.stderr.contains("The disk holding \(library) is full"), "\(run.stderr)")
    disk.empty()
    #expect(try PythonSQLite.value(of: "SELECT count(*) FROM watchlist", in: library) == "1")
    let after = try await MoviesRun.run(["-c", "watchlist"], environment: ["MOVIES_DB": library])
    #expect(after.status == 0, "\(after.stderr)")
    #expect(disk.names().allSatisfy { $0.hasPrefix("library.sqlite3") }, "\(disk.names())")
  }

  @Test func aPosterOnAFullDiskIsAnErrorAndLeavesNoPart() async throws {
    let server = try await HoppinTestServer(limit: 5)
    defer { server.stop() }
    let disk = try FullDisk(kilobytes: 256)
    defer { disk.remove() }
    let cache = try TestPaths.makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: cache) }
    disk.fill()
    let run = try await MoviesRun.run([
      "--api", server.apiURL.absoluteString, "--cache-dir", cache.path, "--download-dir",
      disk.folder.path, "-c", "thumb 1",
    ])
    #expect(run.status == 1, "\(run.stderr)")
    #expect(!run.stderr.contains("Fatal error"), "\(run.stderr)")
    #expect(run.stderr.contains("No space left") || run.stderr.contains("full"), "\(run.stderr)")
    #expect(disk.files().isEmpty, "no part of a poster: \(disk.files())")
  }

  @Test func tmdbsServicesOnAFullDiskAreAskedAgainAndLeaveNoPart() async throws {
    let server = try await TMDbTestServer(limit: 50)
    defer { server.stop() }
    let disk = try FullDisk(kilobytes: 256)
    defer { disk.remove() }
    disk.fill()
    let environment = server.environment(cache: disk.folder)
    for _ in 1...2 {
      let run = try await MoviesRun.run(
        server.arguments(["--no-prefetch", "-c", "find on:mubi"]), environment: environment)
      #expect(run.status == 0, "\(run.stderr)")
      #expect(!run.stderr.contains("Fatal error"))
    }
    #expect(
      try server.requests(to: "/3/watch/providers/movie").count == 2, "not saved, asked again")
    #expect(disk.files().isEmpty, "no file, whole or in part: \(disk.files())")
  }
}

/// A tmpfs of `kilobytes`, mounted on a new folder; unmounted and removed by `remove()`.
private struct FullDisk {
  let folder: URL

  static let canMount: Bool = {
    guard let disk = try? FullDisk(kilobytes: 64) else { return false }
    disk.remove()
    return true
  }()

  init(kilobytes: Int) throws {
    folder = try TestPaths.makeTemporaryFolder()
    guard
      Self.run("/bin/mount", ["-t", "tmpfs", "-o", "size=\(kilobytes)k", "tmpfs", folder.path])
    else {
      try? FileManager.default.removeItem(at: folder)
      throw CocoaError(.fileWriteNoPermission)
    }
  }

  /// Writes a file until the disk has no block left.
  func fill() {
    _ = Self.run(
      "/bin/dd", ["if=/dev/zero", "of=\(folder.path)/filler", "bs=1024", "status=none"])
  }

  /// Frees the filler.
  func empty() { try? FileManager.default.removeItem(at: file("filler")) }

  func file(_ name: String) -> URL { folder.appendingPathComponent(name) }

  /// The names on the disk, but the filler.
  func names() -> [String] {
    ((try? FileManager.default.subpathsOfDirectory(atPath: folder.path)) ?? [])
      .filter { $0 != "filler" }.sorted()
  }

  /// The regular files on the disk, but the filler.
  func files() -> [String] {
    names().filter { name in
      var isFolder: ObjCBool = false
      return FileManager.default.fileExists(atPath: file(name).path, isDirectory: &isFolder)
        && !isFolder.boolValue
    }
  }

  func remove() {
    _ = Self.run("/bin/umount", [folder.path])
    try? FileManager.default.removeItem(at: folder)
  }

  @discardableResult
  static func run(_ program: String, _ arguments: [String]) -> Bool {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: program)
    process.arguments = arguments
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return false }
    process.waitUntilExit()
    return process.terminationStatus == 0
  }
}
