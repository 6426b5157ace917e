import Foundation
import Testing

@testable import MoviesCore
@testable import MoviesStore

#if canImport(Glibc)
  import Glibc
#endif

/// The file `--sign-in` keeps a token in: where it goes, that it is private from its first
/// instant and written whole, that nothing planted at its name is followed, and that only a
/// sound file of its owner for the same server is read back.
@Suite(.timeLimit(.minutes(2))) struct SavedSignInTests {
  private static let server = url("http://Media.Local:8096/")
  private static let saved = SavedSignIn(
    server: server, userName: "alice", userID: "53c1d0b4", token: "0123456789abcdef")

  /// An address written in the test, which parses.
  private static func url(_ text: String) -> URL {
    URL(string: text) ?? URL(fileURLWithPath: "/")
  }

  private static func mode(_ path: String) -> Int {
    var status = stat()
    guard lstat(path, &status) == 0 else { return -1 }
    return Int(status.st_mode & 0o7777)
  }

  @Test func theFolderIsTheStateFolders() {
    #expect(
      SavedSignIn.folder(environment: ["XDG_STATE_HOME": "/s", "HOME": "/h"])?.path
        == "/s/movies/sign-in")
    #expect(
      SavedSignIn.folder(environment: ["XDG_STATE_HOME": "rel", "HOME": "/h"])?.path
        == "/h/.local/state/movies/sign-in")
    #expect(SavedSignIn.folder(environment: ["HOME": "rel"]) == nil)
  }

  @Test func eachServerHasItsOwnFileAndOneServerOneName() {
    let folder = URL(fileURLWithPath: "/f")
    let file = SavedSignIn.file(source: "jellyfin", server: Self.server, in: folder)
    #expect(file.lastPathComponent.hasPrefix("jellyfin-media.local-8096-"))
    #expect(file.pathExtension == "json")
    // The same server written another way is the same file.
    #expect(
      SavedSignIn.file(
        source: "jellyfin", server: Self.url("http://media.local:8096"), in: folder)
        == file)
    for other in [
      "http://media.local:8097", "https://media.local:8096", "http://media.local:8096/jf",
    ] {
      #expect(SavedSignIn.file(source: "jellyfin", server: Self.url(other), in: folder) != file)
    }
    let hostile = SavedSignIn.file(
      source: "jellyfin", server: Self.url("http://x%2F..%2F..:1"), in: folder)
    #expect(hostile.deletingLastPathComponent().path == folder.path, "nothing leaves the folder")
    #expect(!hostile.lastPathComponent.contains("/"))
  }

  @Test func aSavedSignInIsReadBackPrivateAndWhole() async throws {
    try await TemporaryFolder.with { folder in
      let file = SavedSignIn.file(
        source: "jellyfin", server: Self.server, in: folder.appendingPathComponent("a/sign-in"))
      let previous = umask(0)
      defer { umask(previous) }
      try Self.saved.save(to: file)
      #expect(Self.mode(file.path) == 0o600, "private even with umask 0")
      #expect(Self.mode(file.deletingLastPathComponent().path) == 0o700)
      #expect(SavedSignIn.load(from: file, server: Self.server) == .found(Self.saved))
      // Written again, it is replaced whole, and nothing is left beside it.
      var second = Self.saved
      second.token = "fedcba9876543210"
      try second.save(to: file)
      #expect(SavedSignIn.load(from: file, server: Self.server) == .found(second))
      let left = try FileManager.default.contentsOfDirectory(
        atPath: file.deletingLastPathComponent().path)
      #expect(left == [file.lastPathComponent])
    }
  }

  @Test func aSymlinkPlantedAtItsNameIsNeitherFollowedNorRead() async throws {
    try await TemporaryFolder.with { folder in
      let target = folder.appendingPathComponent("target")
      try Data("theirs".utf8).write(to: target)
      let file = folder.appendingPathComponent("sign-in.json")
      try FileManager.default.createSymbolicLink(at: file, withDestinationURL: target)
      #expect(throws: PrivateFile.Failure.notAFile(path: file.path)) {
        try Self.saved.save(to: file)
      }
      #expect(try String(contentsOf: target, encoding: .utf8) == "theirs")
      guard case .unusable = SavedSignIn.load(from: file, server: Self.server) else {
        Issue.record("a symlink was read")
        return
      }
      #expect(throws: PrivateFile.Failure.notAFile(path: file.path)) {
        try PrivateFile.remove(file)
      }
      #expect(FileManager.default.fileExists(atPath: target.path))
    }
  }

  @Test func aFileOthersCanReadOrOfAnotherServerOrDamagedIsNotUsed() async throws {
    try await TemporaryFolder.with { folder in
      let file = folder.appendingPathComponent("sign-in.json")
      try Self.saved.save(to: file)
      chmod(file.path, 0o644)
      guard case .unusable(let why) = SavedSignIn.load(from: file, server: Self.server) else {
        Issue.record("a file others can read was used")
        return
      }
      #expect(why.contains("read by others"))
      chmod(file.path, 0o600)
      let elsewhere = Self.url("http://media.local:9000")
      guard case .unusable = SavedSignIn.load(from: file, server: elsewhere) else {
        Issue.record("another server's token was used")
        return
      }
      for damaged in [
        "", "{", "[]", #"{"server":"http://media.local:8096","token":7,"userId":"u"}"#,
      ] {
        try PrivateFile.write(Data(damaged.utf8), to: file)
        guard case .unusable = SavedSignIn.load(from: file, server: Self.server) else {
          Issue.record("'\(damaged)' was read as a sign-in")
          return
        }
      }
      #expect(try PrivateFile.remove(file))
      #expect(SavedSignIn.load(from: file, server: Self.server) == .none)
      #expect(try !PrivateFile.remove(file), "nothing to remove")
    }
  }
}
