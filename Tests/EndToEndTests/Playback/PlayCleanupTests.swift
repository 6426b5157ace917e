import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The token mpv needs goes to it in a file that is off the disk before mpv starts: closing
/// the terminal (SIGHUP), SIGTERM or SIGKILL during `play` leaves no token behind. What an
/// older version left (`movies-XXXXXX/mpv.conf`), and the socket or empty folder of a run
/// ended before it connected, are removed by the next `play` once a minute old.
@Suite(.timeLimit(.minutes(3))) struct PlayCleanupTests {
  enum Ending: String, CaseIterable {
    case terminalClosed, terminated, killed
  }

  /// Every regular file under `folder` that holds `secret`.
  private func files(holding secret: String, under folder: URL) -> [String] {
    let walker = FileManager.default.enumerator(atPath: folder.path)
    var found: [String] = []
    while let name = walker?.nextObject() as? String {
      let path = folder.appendingPathComponent(name).path
      if let data = FileManager.default.contents(atPath: path),
        String(decoding: data, as: UTF8.self).contains(secret)
      {
        found.append(name)
      }
    }
    return found
  }

  @Test(arguments: Ending.allCases)
  func endingThePlayLeavesNoTokenOnDisk(_ ending: Ending) async throws {
    let server = try await JellyfinTestServer(limit: 5)
    let player = try StandInPlayer(holds: true)
    let temporary = try TestPaths.makeTemporaryFolder()
    defer {
      player.remove()
      try? FileManager.default.removeItem(at: temporary)
    }
    let session = try TmuxSession(
      arguments: [
        "--source", "jellyfin", "--api", server.baseURL.absoluteString, "--jellyfin-user", "alice",
        "--no-prefetch",
      ],
      environment: [
        "JELLYFIN_TOKEN": JellyfinTestServer.apiKey, "PATH": player.path(),
        "TMPDIR": temporary.path,
      ])
    defer { session.stop() }
    try await session.waitFor("movies added 5>")
    try session.type("play 1\r")
    let started = try await eventually(timeout: .seconds(30)) { try player.run() != nil }
    try #require(started, "the stand-in mpv started")
    let mpv = try #require(try player.run())
    defer { kill(mpv.pid, SIGKILL) }
    #expect(mpv.streamStatus == 200, "mpv had the header")
    switch ending {
    case .terminalClosed: session.stop()
    case .terminated: kill(mpv.parent, SIGTERM)
    case .killed: kill(mpv.parent, SIGKILL)
    }
    let ended = try await eventually(timeout: .seconds(20)) { kill(mpv.parent, 0) != 0 }
    #expect(ended, "the program ended")
    #expect(files(holding: JellyfinTestServer.apiKey, under: temporary) == [])
    let left = (try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? []
    #expect(left.filter { $0.hasPrefix("movies-") } == [], "nothing of the program's left")
  }

  @Test func playRemovesWhatAnOlderVersionLeftAndKeepsWhatMayBeInUse() async throws {
    let server = try await JellyfinTestServer(limit: 5)
    let player = try StandInPlayer()
    let temporary = try TestPaths.makeTemporaryFolder()
    defer {
      player.remove()
      try? FileManager.default.removeItem(at: temporary)
    }
    func leftover(_ name: String, age: TimeInterval) throws -> URL {
      let folder = temporary.appendingPathComponent(name)
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
      let file = folder.appendingPathComponent("mpv.conf")
      try Data("http-header-fields-append=%5%Token".utf8).write(to: file)
      try FileManager.default.setAttributes(
        [.modificationDate: Date(timeIntervalSinceNow: -age)], ofItemAtPath: file.path)
      return folder
    }
    let old = try leftover("movies-Ab12Cd", age: 600)
    let fresh = try leftover("movies-Ef34Gh", age: 0)
    let other = try leftover("movies-pick-1-x", age: 600)
    // A run ended before it connected leaves the socket mpv made, or an empty folder.
    func folder(_ name: String, socket: Bool, age: TimeInterval) throws -> URL {
      let folder = temporary.appendingPathComponent(name)
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
      let made = folder.appendingPathComponent("ipc")
      if socket {
        let bind = Process()
        bind.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        bind.arguments = [
          "python3", "-c", "import socket,sys; socket.socket(socket.AF_UNIX).bind(sys.argv[1])",
          made.path,
        ]
        try bind.run()
        bind.waitUntilExit()
      }
      try FileManager.default.setAttributes(
        [.modificationDate: Date(timeIntervalSinceNow: -age)],
        ofItemAtPath: socket ? made.path : folder.path)
      return folder
    }
    let oldSocket = try folder("movies-Ij56Kl", socket: true, age: 600)
    let oldEmpty = try folder("movies-Mn78Op", socket: false, age: 600)
    let freshEmpty = try folder("movies-Qr90St", socket: false, age: 0)
    let run = try await MoviesRun.run(
      [
        "--source", "jellyfin", "--api", server.baseURL.absoluteString, "--jellyfin-user", "alice",
        "--no-prefetch",
        "-c", "play 1",
      ],
      environment: [
        "JELLYFIN_TOKEN": JellyfinTestServer.apiKey, "PATH": player.path(),
        "TMPDIR": temporary.path,
      ])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(!FileManager.default.fileExists(atPath: old.path), "a minute-old leftover is removed")
    #expect(FileManager.default.fileExists(atPath: fresh.path), "an older version may be starting")
    #expect(FileManager.default.fileExists(atPath: other.path), "not a player's folder")
    #expect(!FileManager.default.fileExists(atPath: oldSocket.path), "an old socket's folder")
    #expect(!FileManager.default.fileExists(atPath: oldEmpty.path), "an old empty folder")
    #expect(FileManager.default.fileExists(atPath: freshEmpty.path), "a run may be starting")
  }
}
