import Foundation
import TestSupport
import Testing

/// What each source's one declaration promises everywhere: its secrets kept out of what
/// the server sends back, warned about in a config file others can read, refused with a
/// control character in them, sent only to the server named in this run; its address read
/// the way people paste it; its setup named in its own messages.
@Suite(.timeLimit(.minutes(3))) struct SourceDeclarationTests {
  /// A key with characters whose encodings differ: `/` and `@` percent-encode, `"` escapes.
  static let oddKey = "k3y/with\"odd@chars-0123"

  @Test func aKeyTheServerEchoesBackIsMaskedInEveryForm() async throws {
    let percent = try #require(
      Self.oddKey.addingPercentEncoding(withAllowedCharacters: .alphanumerics))
    let echoed = "bad key \(Self.oddKey); api_key%3D\(percent); apikey=\(Self.oddKey)"
    let server = try await TMDbTestServer(
      limit: 30,
      extraArguments: [
        "--api-key", Self.oddKey, "--fail", "/3/discover/movie", "--fail-status", "500",
        "--fail-message", echoed,
      ])
    defer { server.stop() }
    for json in [false, true] {
      let run = try await MoviesRun.run(
        server.arguments(["--retries", "0"] + (json ? ["--json"] : []) + ["-c", "more"]),
        environment: ["TMDB_API_KEY": Self.oddKey])
      let output = run.stdout + run.stderr
      #expect(output.contains("HTTP 500"), "\(output)")
      #expect(!output.contains(Self.oddKey), "\(output)")
      #expect(!output.contains(percent), "\(output)")
      #expect(!output.contains("k3y/with"), "\(output)")
      #expect(output.contains("REDACTED"), "\(output)")
    }
  }

  @Test func aConfigFileOthersCanReadWarnsForEverySourcesSecret() async throws {
    let home = try ConfigHome("jellyfin-token = abcdef0123\n", mode: 0o644)
    defer { home.remove() }
    let run = try await MoviesRun.run(["-c", "more"], environment: home.environment)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stderr.contains("holds jellyfin-token and others can read it"))
    #expect(run.stderr.contains("chmod 600"))
    #expect(!run.stderr.contains("abcdef0123"))
    try home.setMode(0o600)
    let private600 = try await MoviesRun.run(["-c", "more"], environment: home.environment)
    #expect(!private600.stderr.contains("others can read it"))
  }

  @Test func aSecretWithALineBreakIsRefusedNamingItsVariable() async throws {
    let server = try await TMDbTestServer(limit: 30)
    defer { server.stop() }
    let run = try await MoviesRun.run(
      server.arguments(["-c", "more"]),
      environment: ["TMDB_ACCESS_TOKEN": "abc\r\nX-Injected: yes"])
    #expect(run.status == 2)
    #expect(run.stderr.contains("TMDB_ACCESS_TOKEN holds a line break"))
    #expect(!run.stderr.contains("X-Injected"))
    #expect(try server.requests().isEmpty)
  }

  @Test func aRefusedKeyIsOneSentenceAtStartAndExit1() async throws {
    let server = try await TMDbTestServer(limit: 30)
    defer { server.stop() }
    let run = try await MoviesRun.run(
      server.arguments(), input: "more\nshow 1\n", environment: ["TMDB_API_KEY": "wrong-key"])
    #expect(run.status == 1)
    #expect(run.stdout.isEmpty)
    #expect(run.stderr.components(separatedBy: "refused the key").count == 2, "\(run.stderr)")
    // Nothing but the one request that found the key refused.
    #expect(try server.requests().count == 1)
  }

  @Test func aTMDbBaseWithoutItsVersionSaysItEndsIn3() async throws {
    let server = try await TMDbTestServer(limit: 30)
    defer { server.stop() }
    let run = try await MoviesRun.run(
      ["--source", "tmdb", "--api", server.baseURL.absoluteString, "--retries", "0", "-c", "more"],
      environment: ["TMDB_API_KEY": TMDbTestServer.apiKey])
    #expect(run.status == 1)
    #expect(run.stderr.contains("HTTP 404"), "\(run.stderr)")
    #expect(run.stderr.contains("Check that --api points at TMDb's API base, which ends in /3"))
  }

  @Test func aTMDbAddressGivenToTheHoppinSourceNamesTheFix() async throws {
    let run = try await MoviesRun.run(["--api", "https://api.themoviedb.org/3", "-c", "more"])
    #expect(run.status == 2)
    #expect(run.stderr.contains("--source tmdb"))
  }

  @Test func anAddressWithoutAPathGetsTheExampleOfItsSource() async throws {
    let run = try await MoviesRun.run(["--source", "jellyfin", "--api", "127.0.0.1:8096"])
    #expect(run.status == 2)
    #expect(run.stderr.contains("such as http://media.local:8096"))
    #expect(!run.stderr.contains("hoppin"))
    let missing = try await MoviesRun.run(["--source", "hoppin", "-c", "more"])
    #expect(missing.status == 2)
    #expect(missing.stderr.contains("--api http://127.0.0.1:8080/hoppin/movies"))
  }

  @Test func aJellyfinAddressCopiedFromTheBrowserIsCutToTheServer() async throws {
    let server = try await JellyfinTestServer(limit: 12)
    defer { server.stop() }
    let copied = server.baseURL.absoluteString + "/web/#/home.html"
    let run = try await MoviesRun.run(
      ["--source", "jellyfin", "--api", copied, "--jellyfin-user", "alice", "-c", "more"],
      environment: ["JELLYFIN_TOKEN": JellyfinTestServer.apiKey])
    #expect(run.status == 0, "\(run.stderr)")
    // `more` prints the second page: the two films after the first ten.
    #expect(run.tableRows.map(\.number) == [11, 12])
    #expect(try server.requests().allSatisfy { !$0.path.hasPrefix("/web") })
  }

  @Test func aJellyfinServerInTroubleCountsItsAttemptsAsEverySourceDoes() async throws {
    let server = try await JellyfinTestServer(limit: 12, extraArguments: ["--unavailable", "9"])
    defer { server.stop() }
    let run = try await MoviesRun.run(
      [
        "--source", "jellyfin", "--api", server.baseURL.absoluteString, "--jellyfin-user", "alice",
        "-c", "more",
      ],
      environment: ["JELLYFIN_TOKEN": JellyfinTestServer.apiKey])
    #expect(run.status == 1)
    #expect(run.stderr.contains("the Jellyfin server answered HTTP 503"), "\(run.stderr)")
    #expect(run.stderr.contains("after 3 attempts"), "\(run.stderr)")
  }
}
