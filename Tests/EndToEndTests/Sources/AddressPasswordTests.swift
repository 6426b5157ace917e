import Foundation
import TestSupport
import Testing

/// A user name and password in the API address (`http://user:pass@host/`) are dropped, and
/// said so: the address is stored in the watchlist, shown by `watchlist` and `--json`, and
/// links built on it go to `xdg-open`'s command line, where a password must never be.
@Suite(.timeLimit(.minutes(2))) struct AddressPasswordTests {
  private static let secret = "hunter2-sekrit"

  /// The address with `mallory:` and the secret put in before the host.
  private func withPassword(_ url: URL) throws -> String {
    var components = try #require(URLComponents(url: url, resolvingAgainstBaseURL: false))
    components.user = "mallory"
    components.password = Self.secret
    return try #require(components.string)
  }

  @Test func thePasswordIsNeitherStoredNorShown() async throws {
    let server = try await HoppinTestServer(limit: 10)
    defer { server.stop() }
    let folder = try TestPaths.makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let database = folder.appendingPathComponent("library.db").path
    let api = try withPassword(server.apiURL)
    let environment = ["MOVIES_DB": database]

    let text = try await MoviesRun.run(
      ["--api", api, "-c", "watch 1", "-c", "watchlist"], environment: environment)
    let json = try await MoviesRun.run(
      ["--api", api, "--json", "-c", "watch 2", "-c", "watchlist"], environment: environment)

    #expect(text.status == 0, "\(text.stderr)")
    #expect(json.status == 0, "\(json.stderr)")
    #expect(text.stderr.contains("The user name and password in the address are not used"))
    #expect(json.stdout.contains(#""entry":"w2""#), "both entries listed: \(json.stdout)")
    for output in [text.stdout, text.stderr, json.stdout, json.stderr] {
      #expect(!output.contains(Self.secret), "\(output)")
      #expect(!output.contains("mallory"), "\(output)")
    }
    #expect(
      json.stdout.contains(#""source":"\#(server.apiURL.absoluteString)""#),
      "the address, without them")
    #expect(!(try server.pageRequests()).isEmpty, "the server was still asked")
    for suffix in ["", "-wal"] {
      let bytes = FileManager.default.contents(atPath: database + suffix) ?? Data()
      #expect(bytes.range(of: Data(Self.secret.utf8)) == nil, "in \(database + suffix)")
    }
    let sources = try PythonSQLite.value(
      of: "SELECT group_concat(source, ' ') FROM watchlist", in: database)
    #expect(sources == "\(server.apiURL.absoluteString) \(server.apiURL.absoluteString)")
  }

  @Test func aLinkHandedToXdgOpenCarriesNoPassword() async throws {
    let server = try await JellyfinTestServer(limit: 10)
    let folder = try TestPaths.makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let opened = folder.appendingPathComponent("opened")
    try TestPaths.writeScript(
      "#!/bin/sh\nprintf '%s\\n' \"$@\" >> '\(opened.path)'\n",
      to: folder.appendingPathComponent("xdg-open"))

    let run = try await MoviesRun.run(
      [
        "--source", "jellyfin", "--api", try withPassword(server.baseURL), "--jellyfin-user",
        "alice", "-c", "open 1",
      ],
      environment: [
        "JELLYFIN_TOKEN": JellyfinTestServer.apiKey, "PATH": folder.path + ":/usr/bin:/bin",
      ])

    #expect(run.status == 0, "\(run.stderr)")
    let argv = try String(contentsOf: opened, encoding: .utf8)
    #expect(argv.hasPrefix(server.baseURL.absoluteString + "/web/"), "\(argv)")
    #expect(!argv.contains(Self.secret) && !argv.contains("mallory"), "\(argv)")
    #expect(!run.stdout.contains(Self.secret) && !run.stderr.contains(Self.secret))
  }
}
