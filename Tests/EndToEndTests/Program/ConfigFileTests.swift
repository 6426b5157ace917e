import Foundation
import TestSupport
import Testing

/// The config file as people use it: a bad line names the file, the line and the key (not
/// the flag), `preview` says `off` is allowed, `--offline`, `--no-config` and `--config FILE`
/// get past it for one run, and the keys for what a person sets for good work.
@Suite(.timeLimit(.minutes(1))) struct ConfigFileTests {
  /// Runs `movies` with a config file holding `lines`, in its own XDG_CONFIG_HOME.
  private func run(
    config lines: String, _ arguments: [String], environment: [String: String] = [:]
  ) async throws -> (MoviesRun, file: String) {
    let home = try ConfigHome(lines)
    defer { home.remove() }
    let run = try await MoviesRun.run(
      arguments, environment: environment.merging(home.environment) { $1 })
    return (run, home.file.path)
  }

  @Test func aBadGenreNamesTheFileTheLineAndTheKey() async throws {
    let (run, file) = try await run(config: "count = 5\ngenre = horror\n", ["-c", "list"])
    #expect(run.status == 2)
    #expect(run.stderr.hasPrefix("movies: \(file), line 2: genre: There is no genre 'horror'"))
    #expect(!run.stderr.contains("--genre"), "\(run.stderr)")
  }

  @Test func badValuesNameTheKeyNotTheFlag() async throws {
    for (line, message) in [
      ("count = 0", "count needs a whole number"), ("timeout = soon", "timeout needs a number"),
      ("preview = none", "preview needs one of symbols, kitty, iterm, sixel, auto, or off."),
      ("prefetch = maybe", "prefetch needs on or off."),
    ] {
      let (run, file) = try await run(config: line + "\n", ["-c", "list"])
      #expect(run.status == 2)
      #expect(run.stderr.hasPrefix("movies: \(file), line 1: \(message)"), "\(run.stderr)")
      let key = line.prefix { $0 != " " }
      #expect(!run.stderr.contains("--\(key)"), "no flag named: \(run.stderr)")
    }
  }

  @Test func offlineNoConfigAndConfigFileGetPastTheFileForOneRun() async throws {
    let unreachable = "api = http://127.0.0.1:9/hoppin/movies\n"
    let (offline, _) = try await run(
      config: unreachable, ["--offline", "-c", "show 1"],
      environment: ["MOVIES_API": "http://127.0.0.1:9/hoppin/movies"])
    #expect(offline.status == 0, "\(offline.stderr)")
    #expect(offline.stdout.contains("#1  Nosferatu"))
    // `--offline` is `--source offline`: it wins over the file's source too, with no TMDb key.
    let (overSource, _) = try await run(
      config: "source = tmdb\n", ["--offline", "-c", "show 1"],
      environment: ["TMDB_API_KEY": "", "TMDB_ACCESS_TOKEN": ""])
    #expect(overSource.status == 0, "\(overSource.stderr)")
    #expect(overSource.stdout.contains("#1  Nosferatu"))

    let (noConfig, _) = try await run(config: "count = 0\n", ["--no-config", "-c", "list"])
    #expect(noConfig.status == 0, "\(noConfig.stderr)")
    #expect(noConfig.tableRows.count == 10)

    let other = try TestPaths.makeTemporaryFolder().appendingPathComponent("other")
    defer { try? FileManager.default.removeItem(at: other.deletingLastPathComponent()) }
    try "count = 3\n".write(to: other, atomically: true, encoding: .utf8)
    let (named, _) = try await run(config: "count = 0\n", ["--config", other.path, "-c", "list"])
    #expect(named.status == 0, "\(named.stderr)")
    #expect(named.tableRows.count == 3)

    let (missing, _) = try await run(config: "", ["--config=/nonexistent/config", "-c", "list"])
    #expect(missing.status == 2)
    #expect(missing.stderr.contains("--config: cannot read /nonexistent/config"))
  }

  @Test func theKeysForWhatIsSetForGood() async throws {
    let home = try TestPaths.makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: home) }
    let server = try await HoppinTestServer(limit: 40)
    defer { server.stop() }
    let (listed, _) = try await run(
      config: """
        api = \(server.apiURL.absoluteString)
        color = always
        download-dir = ~/posters
        cache-dir = ~/cache
        timeout = 20
        retries = 0
        prefetch = off
        """, ["-c", "list"], environment: ["HOME": home.path])
    #expect(listed.status == 0, "\(listed.stderr)")
    #expect(listed.stdoutBytes.contains(0x1B), "color = always colours a script's output")
    #expect(try server.pageRequests() == [1], "prefetch = off fetches no page ahead")
    let (thumb, _) = try await run(
      config: "download-dir = ~/posters\ncache-dir = ~/cache\n", ["-c", "thumb 1"],
      environment: ["HOME": home.path])
    #expect(thumb.status == 0, "\(thumb.stderr)")
    let saved = try FileManager.default.contentsOfDirectory(
      atPath: home.appendingPathComponent("posters").path)
    #expect(saved.count == 1)
  }

  /// home-manager and dotfile managers make the config a symlink: it is followed, and the
  /// target is the file checked, for being a file and for who may read it.
  @Test func aConfigFileThatIsASymlinkIsReadAndItsTargetChecked() async throws {
    let folder = try TestPaths.makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let target = folder.appendingPathComponent("dotfiles/movies-config")
    let link = folder.appendingPathComponent("movies/config")
    for file in [target, link] {
      try FileManager.default.createDirectory(
        at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    }
    try Data("count = 3\ntmdb-api-key = a-secret-key\n".utf8).write(to: target)
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
    let environment = ["XDG_CONFIG_HOME": folder.path]
    for mode in [0o600, 0o644] {
      try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: target.path)
      for arguments in [
        ["--offline", "-c", "list"], ["--config", link.path, "--offline", "-c", "list"],
      ] {
        let run = try await MoviesRun.run(arguments, environment: environment)
        #expect(run.status == 0, "\(arguments) \(run.stderr)")
        #expect(run.tableRows.map(\.number) == [1, 2, 3], "count = 3 was read: \(run.stdout)")
        #expect(run.stderr.contains("others can read it") == (mode == 0o644), "\(run.stderr)")
        #expect(!run.stderr.contains("a-secret-key"))
      }
    }
    // A link to a FIFO is followed too, and refused as no file, without waiting on it.
    try FileManager.default.removeItem(at: target)
    #expect(mkfifo(target.path, 0o600) == 0)
    let fifo = try await MoviesRun.run(
      ["--config", link.path, "-c", "list"], environment: environment, timeout: .seconds(20))
    #expect(fifo.status == 2)
    #expect(fifo.stderr.contains("is not a file that can be read"), "\(fifo.stderr)")
  }
}
