import Foundation
import TestSupport
import Testing

/// Thumbnails from a hostile server: redirects, bytes that are not an image, a
/// `Content-Disposition` that tries to climb out, an image that never ends. Nothing is
/// written outside the download and cache folders, and nothing partial is left behind.
// These tests are about what one load does under a fault; --no-prefetch keeps a
// background fetch from meeting the fault first (PrefetchTests covers that case).
@Suite(.timeLimit(.minutes(1))) struct FaultThumbnailTests {
  /// A folder holding `downloads/` and `cache/`, and the flags that point there.
  private struct Folders {
    let root: URL
    var downloads: URL { root.appendingPathComponent("downloads") }
    var flags: [String] {
      ["--download-dir", downloads.path, "--cache-dir", root.appendingPathComponent("cache").path]
    }
  }

  private func runThumb(fault: [String]) async throws -> (MoviesRun, HoppinTestServer, Folders) {
    let server = try await HoppinTestServer(
      limit: 25, extraArguments: fault + ["--fault-on", "posters"])
    let folders = Folders(root: try TestPaths.makeTemporaryFolder())
    let run = try await MoviesRun.run(
      ["--no-prefetch", "--api", server.apiURL.absoluteString] + folders.flags, input: "thumb 3\n",
      workingDirectory: folders.root)
    return (run, server, folders)
  }

  /// The sample poster the server serves for row 3.
  private func posterBytes(_ server: HoppinTestServer) throws -> Data {
    let request = try #require(server.posterRequests().first)
    let name = try #require(request.path.split(separator: "/").last)
    return try Data(contentsOf: TestPaths.sampleData.appendingPathComponent("posters/\(name)"))
  }

  @Test func aRedirectToTheThumbnailIsFollowed() async throws {
    let (run, server, folders) = try await runThumb(fault: ["--fault", "redirect"])
    defer { server.stop() }
    defer { try? FileManager.default.removeItem(at: folders.root) }

    #expect(run.status == 0, "\(run.stderr)")
    let paths = try server.posterRequests().map(\.path)
    #expect(paths.count == 1)
    let moved = try server.requests().filter { $0.path.hasPrefix("/moved/posters/") }
    #expect(moved.map(\.status) == [200])
    let saved = try FileManager.default.contentsOfDirectory(atPath: folders.downloads.path)
    let file = try #require(saved.first)
    #expect(saved.count == 1)
    #expect(
      try Data(contentsOf: folders.downloads.appendingPathComponent(file)) == posterBytes(server))
  }

  @Test func aRedirectToAFileIsNeverRead() async throws {
    let (run, server, folders) = try await runThumb(fault: ["--fault", "redirect-file"])
    defer { server.stop() }
    defer { try? FileManager.default.removeItem(at: folders.root) }

    #expect(run.status == 1)
    #expect(!run.stdout.contains("root:"))
    #expect(FaultChecks.errors(run).count == 1)
    #expect(FaultChecks.files(under: folders.root).isEmpty, "nothing saved or cached")
    FaultChecks.expectNoRawControlBytes(run)
  }

  @Test func bytesThatAreNotAnImageAreRefusedAndNothingIsWritten() async throws {
    let (run, server, folders) = try await runThumb(fault: ["--fault", "not-image"])
    defer { server.stop() }
    defer { try? FileManager.default.removeItem(at: folders.root) }

    #expect(run.status == 1)
    #expect(FaultChecks.errors(run).first?.contains("not a PNG, JPEG, GIF or WebP image") == true)
    #expect(FaultChecks.files(under: folders.root).isEmpty)
  }

  @Test func contentDispositionNeverNamesTheFile() async throws {
    let (run, server, folders) = try await runThumb(fault: ["--fault", "content-disposition"])
    defer { server.stop() }
    defer { try? FileManager.default.removeItem(at: folders.root) }

    #expect(run.status == 0, "\(run.stderr)")
    let files = FaultChecks.files(under: folders.root)
    #expect(!files.contains { $0.contains("escaped") })
    let saved = files.filter { $0.hasPrefix("downloads/") }
    #expect(saved.count == 1)
    #expect(saved.first?.hasPrefix("downloads/3-") == true, "\(saved)")
    #expect(files.allSatisfy { $0.hasPrefix("downloads/") || $0.hasPrefix("cache/") }, "\(files)")
    let parent = folders.root.deletingLastPathComponent()
    #expect(
      !FileManager.default.fileExists(atPath: parent.appendingPathComponent("escaped.png").path))
  }

  @Test func aNeverEndingImageIsCutAtTheCapAndLeavesNoFile() async throws {
    let (run, server, folders) = try await runThumb(fault: ["--fault", "endless"])
    defer { server.stop() }
    defer { try? FileManager.default.removeItem(at: folders.root) }

    #expect(run.status == 1)
    let errors = FaultChecks.errors(run)
    #expect(errors.count == 1)
    #expect(errors.first?.contains("larger than 10.0 MB") == true, "\(errors)")
    #expect(try server.posterRequests().count == 1, "a cap is not retried")
    #expect(FaultChecks.files(under: folders.root).isEmpty)
  }
}
