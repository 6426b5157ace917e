import Foundation
import TestSupport
import Testing

/// `thumb N` against the local server: lazy, exact bytes, cached across processes.
@Suite(.timeLimit(.minutes(1))) struct ThumbnailTests {
  @Test func noThumbnailIsFetchedBeforeThumb() async throws {
    let server = try await HoppinTestServer(limit: 25)
    defer { server.stop() }
    let folders = try ThumbnailFolders()
    defer { folders.remove() }

    let run = try await MoviesRun.run(
      folders.arguments(for: server), input: "more\nshow 3\nlist\nmore\nhelp\n")

    #expect(run.status == 0)
    #expect(try server.pageRequests() == [1, 2, 3])
    #expect(try server.posterRequests().isEmpty)
    #expect(
      !FileManager.default.fileExists(atPath: folders.downloads.path))
  }

  @Test func thumbSavesTheServersBytesAndASecondProcessUsesTheCache() async throws {
    let server = try await HoppinTestServer(limit: 25)
    defer { server.stop() }
    let folders = try ThumbnailFolders()
    defer { folders.remove() }
    let downloads = folders.downloads
    let arguments = folders.arguments(for: server)

    let first = try await MoviesRun.run(arguments, input: "thumb 3\nthumb 3\n")

    #expect(first.status == 0, "\(first.stderr)")
    let posters = try server.posterRequests()
    try #require(posters.count == 1, "one request for two thumb 3 in one process")
    let saved = try FileManager.default.contentsOfDirectory(atPath: downloads.path)
    #expect(saved.count == 1, "the second thumb 3 reuses the same file: \(saved)")
    let file = try #require(saved.first)
    #expect(file.hasPrefix("3-"))
    #expect(first.stdout.contains(file))
    let posterName = try #require(posters.first?.path.split(separator: "/").last)
    let original = try Data(
      contentsOf: TestPaths.sampleData.appendingPathComponent("posters/\(posterName)"))
    #expect(try Data(contentsOf: downloads.appendingPathComponent(file)) == original)

    let second = try await MoviesRun.run(arguments, input: "thumb 3\n")

    #expect(second.status == 0)
    #expect(try server.posterRequests().count == 1, "a new process reads the disk cache")
    #expect(second.stdout.contains("from the disk cache"))
  }

  @Test func thumbOfARowThatIsNotLoadedFailsWithoutARequest() async throws {
    let server = try await HoppinTestServer(limit: 25)
    defer { server.stop() }
    let folder = try TestPaths.makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }

    let run = try await MoviesRun.run(
      [
        "--api", server.apiURL.absoluteString, "--cache-dir", folder.path,
        "--download-dir", folder.path,
      ],
      input: "thumb 11\n")

    #expect(run.status == 1)
    #expect(run.stderr.contains("There is no row 11"))
    #expect(try server.posterRequests().isEmpty)
  }
}

/// A symlink planted in the download folder under the name a thumbnail would get is never
/// followed: the file it points at stays as it was and the thumbnail gets another name.
@Suite(.timeLimit(.minutes(1))) struct PlantedSymlinkTests {
  @Test func aPlantedSymlinkIsNotFollowed() async throws {
    let server = try await HoppinTestServer(limit: 10)
    defer { server.stop() }
    let folders = try ThumbnailFolders()
    defer { folders.remove() }
    let folder = folders.root
    func arguments(downloads: String) -> [String] {
      folders.arguments(for: server, downloads: downloads)
    }
    // Learn the name row 3's thumbnail gets, in a folder of its own.
    _ = try await MoviesRun.run(arguments(downloads: "first"), input: "thumb 3\n")
    let name = try #require(
      FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("first").path)
        .first)

    let downloads = folder.appendingPathComponent("downloads")
    try FileManager.default.createDirectory(at: downloads, withIntermediateDirectories: true)
    let outside = folder.appendingPathComponent("outside.txt")
    try Data("not yours".utf8).write(to: outside)
    try FileManager.default.createSymbolicLink(
      at: downloads.appendingPathComponent(name), withDestinationURL: outside)

    let run = try await MoviesRun.run(arguments(downloads: "downloads"), input: "thumb 3\n")

    #expect(run.status == 0, "\(run.stderr)")
    #expect(try Data(contentsOf: outside) == Data("not yours".utf8))
    let saved = try FileManager.default.contentsOfDirectory(atPath: downloads.path).sorted()
    #expect(saved.count == 2, "the link and a new file: \(saved)")
    let newFile = try #require(saved.first { $0 != name })
    #expect(run.stdout.contains(newFile))
    let original = try Data(contentsOf: folder.appendingPathComponent("first/\(name)"))
    #expect(try Data(contentsOf: downloads.appendingPathComponent(newFile)) == original)
  }
}
