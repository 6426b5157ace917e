import Foundation
import TestSupport
import Testing

/// `~` in `--download-dir=` and `--cache-dir=` (no shell expands it there) is `$HOME`, not
/// the password file's home.
@Suite(.timeLimit(.minutes(1))) struct HomeFolderTests {
  @Test func tildeInTheFolderFlagsIsHome() async throws {
    let home = try TestPaths.makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: home) }
    let name = "movies-tilde-\(UUID().uuidString.prefix(8))"
    // Where a password-file expansion would have put them, removed in any case.
    let accountHome = FileManager.default.homeDirectoryForCurrentUser
    defer {
      try? FileManager.default.removeItem(at: accountHome.appendingPathComponent(name))
      try? FileManager.default.removeItem(at: accountHome.appendingPathComponent(name + "-cache"))
    }
    let run = try await MoviesRun.run(
      ["--download-dir=~/\(name)", "--cache-dir=~/\(name)-cache", "-c", "thumb 1"],
      environment: ["HOME": home.path])
    #expect(run.status == 0, "\(run.stderr)")
    let saved = try FileManager.default.contentsOfDirectory(
      atPath: home.appendingPathComponent(name).path)
    #expect(saved.count == 1, "the poster is under $HOME/\(name): \(run.stdout)")
    #expect(
      FileManager.default.fileExists(atPath: home.appendingPathComponent(name + "-cache").path),
      "the cache is under $HOME too")
  }
}
