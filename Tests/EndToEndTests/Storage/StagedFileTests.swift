import Foundation
import TestSupport
import Testing

/// `thumb` never leaves temporary files in the download folder: a process killed while it
/// saves leaves none, and ones an older version left behind are swept.
@Suite(.timeLimit(.minutes(5))) struct StagedFileTests {
  /// One movie, "Poster", with a poster from the sample data: it saves as `1-poster.jpg`.
  private func makeServer(in folders: ThumbnailFolders) async throws -> HoppinTestServer {
    let poster = try FileManager.default.contentsOfDirectory(
      atPath: TestPaths.sampleData.appendingPathComponent("posters").path
    ).sorted().first { $0.hasSuffix(".jpg") }
    let name = try #require(poster)
    let movie = ["title": "Poster", "releaseDate": "1999", "thumbnailImage": "posters/\(name)"]
    let catalogue = try TestCatalogue.write([movie], in: folders.root)
    try FileManager.default.copyItem(
      at: TestPaths.sampleData.appendingPathComponent("posters/\(name)"),
      to: catalogue.appendingPathComponent("posters/\(name)"))
    return try await HoppinTestServer(catalogue: catalogue)
  }

  private func temporaryFiles(in folder: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
      $0.hasPrefix(".movies-")
    }
  }

  @Test func aProcessKilledWhileSavingLeavesNoTemporaryFile() async throws {
    let folders = try ThumbnailFolders()
    defer { folders.remove() }
    let server = try await makeServer(in: folders)
    defer { server.stop() }
    // Every free name is taken by a large (sparse) file, which saving reads to compare with
    // the poster: the save is stretched over seconds, with the poster's bytes written.
    try FileManager.default.createDirectory(
      at: folders.downloads, withIntermediateDirectories: true)
    for attempt in 1...40 {
      let name = attempt == 1 ? "1-poster.jpg" : "1-poster-\(attempt).jpg"
      let path = folders.downloads.appendingPathComponent(name).path
      #expect(FileManager.default.createFile(atPath: path, contents: nil))
      let handle = try #require(FileHandle(forWritingAtPath: path))
      try handle.truncate(atOffset: 50_000_000)
      try handle.close()
    }
    let process = Process()
    process.executableURL = TestPaths.moviesExecutable
    process.environment = MoviesRun.environment(adding: [:])
    // A loaded machine must not turn this into a download timeout.
    process.arguments = folders.arguments(for: server) + ["--timeout", "600", "-c", "thumb 1"]
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }

    // Killed once it has compared a few of the files: the poster is staged by then.
    let busy = try await eventually(timeout: .seconds(90)) {
      guard
        let io = try? String(
          contentsOfFile: "/proc/\(process.processIdentifier)/io", encoding: .utf8),
        let line = io.split(separator: "\n").first(where: { $0.hasPrefix("rchar:") }),
        let read = Int(line.dropFirst(6).trimmingCharacters(in: .whitespaces))
      else { return false }
      // Past the first planted file: the poster is staged before any is compared.
      return read > 60_000_000
    }
    try #require(busy, "movies never got to comparing the files")
    kill(process.processIdentifier, SIGTERM)
    #expect(try await eventually { !process.isRunning })

    #expect(process.terminationReason == .uncaughtSignal)
    #expect(try temporaryFiles(in: folders.downloads) == [])
  }

  @Test func staleTemporaryFilesAreSweptAndFreshOnesKept() async throws {
    let folders = try ThumbnailFolders()
    defer { folders.remove() }
    let server = try await makeServer(in: folders)
    defer { server.stop() }
    try FileManager.default.createDirectory(
      at: folders.downloads, withIntermediateDirectories: true)
    let stale = folders.downloads.appendingPathComponent(".movies-\(UUID().uuidString).part")
    let fresh = folders.downloads.appendingPathComponent(".movies-\(UUID().uuidString).part")
    try Data("left by a killed process".utf8).write(to: stale)
    try Data("another process is writing this".utf8).write(to: fresh)
    try FileManager.default.setAttributes(
      [.modificationDate: Date().addingTimeInterval(-7_200)], ofItemAtPath: stale.path)

    let run = try await MoviesRun.run(folders.arguments(for: server), input: "thumb 1\n")

    #expect(run.status == 0, "\(run.stderr)")
    #expect(try temporaryFiles(in: folders.downloads) == [fresh.lastPathComponent])
    #expect(
      FileManager.default.fileExists(
        atPath: folders.downloads.appendingPathComponent("1-poster.jpg").path))
  }
}
