import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `--sign-in` and `--sign-out` against the local Jellyfin: a person types a user name and a
/// password that is never on the screen, the token is kept in a 0600 file that later runs
/// browse with (the environment's token winning), a wrong password keeps nothing, and
/// signing out ends the session on the server and removes the file, even when the server is
/// down. The token is never on the screen, in the history or in any output.
@Suite(.timeLimit(.minutes(3))) struct JellyfinSignInTests {
  private static let password = "alice-password"

  /// `movies --source jellyfin --api … FLAG`, as a command line.
  private static func arguments(_ server: JellyfinTestServer, _ flags: String...) -> [String] {
    ["--source", "jellyfin", "--api", server.baseURL.absoluteString] + flags
  }

  /// The state folders of `home`, and no token in the environment.
  private static func environment(home: URL, token: String = "") -> [String: String] {
    [
      "HOME": home.path, "XDG_STATE_HOME": home.appendingPathComponent("state").path,
      "JELLYFIN_TOKEN": token,
    ]
  }

  private static func signInFolder(_ home: URL) -> URL {
    home.appendingPathComponent("state/movies/sign-in")
  }

  /// The files kept under `home`'s sign-in folder.
  private static func kept(_ home: URL) -> [URL] {
    let folder = signInFolder(home)
    return ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).map {
      folder.appendingPathComponent($0)
    }
  }

  private static func mode(_ url: URL) -> Int {
    var status = stat()
    guard lstat(url.path, &status) == 0 else { return -1 }
    return Int(status.st_mode & 0o7777)
  }

  /// The token in a kept file.
  private static func token(in file: URL) throws -> String {
    let object = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any]
    return try #require(object?["token"] as? String)
  }

  /// A bash in tmux with the home's state folders, where `movies … --sign-in` is typed.
  private static func shell(_ server: JellyfinTestServer) throws -> TmuxSession {
    let home = try TestPaths.makeTemporaryFolder()
    return try TmuxSession(
      arguments: arguments(server, "--sign-in"), environment: environment(home: home),
      home: home, width: 150, height: 30, inShell: true)
  }

  /// Starts `movies … --sign-in` at the shell, answers `alice` to the user name, and waits
  /// for the password's prompt.
  private static func askedForThePassword(_ session: TmuxSession) async throws {
    try await session.waitFor("$")
    try session.type(session.commandLine + "; echo exit=$?\r")
    try await session.waitFor("User name:")
    try session.type("alice\r")
    try await session.waitFor("Password:")
  }

  /// A new home signed in as alice, the name and password piped in; its environment.
  private static func signedInThroughAPipe(_ server: JellyfinTestServer) async throws -> (
    home: URL, environment: [String: String]
  ) {
    let home = try TestPaths.makeTemporaryFolder()
    let environment = Self.environment(home: home)
    let signIn = try await MoviesRun.run(
      Self.arguments(server, "--sign-in"), input: "alice\n\(Self.password)\n",
      environment: environment)
    try #require(signIn.status == 0, "\(signIn.stderr)")
    return (home, environment)
  }

  /// Waits for the shell's `exit=N` line after the command; returns the screen.
  private static func exitStatus(_ session: TmuxSession) async throws -> String {
    try await session.waitUntil("the exit status") {
      $0.range(of: #"\nexit=[0-9]"#, options: .regularExpression) != nil
    }
  }

  @Test func aPersonSignsInWithoutThePasswordOnTheScreenAndALaterRunBrowsesWithTheToken()
    async throws
  {
    let server = try await JellyfinTestServer(limit: 20)
    let session = try Self.shell(server)
    defer { session.stop() }
    try await Self.askedForThePassword(session)
    try session.type(Self.password)
    try await Task.sleep(for: .milliseconds(300))
    #expect(!(try session.screen()).contains(Self.password), "typed, and not echoed")
    try session.type("\r")
    let screen = try await Self.exitStatus(session)
    #expect(screen.contains("exit=0"), "\(screen)")
    #expect(
      screen.contains("Signed in to Jellyfin at 127.0.0.1:\(server.baseURL.port ?? 0) as alice"))
    #expect(!screen.contains(Self.password))

    let files = Self.kept(session.home)
    #expect(files.count == 1)
    try #require(!files.isEmpty)
    let file = files[0]
    #expect(Self.mode(file) == 0o600)
    #expect(Self.mode(Self.signInFolder(session.home)) == 0o700)
    let token = try Self.token(in: file)
    #expect(!screen.contains(token))
    #expect(!(try String(contentsOf: file, encoding: .utf8)).contains(Self.password))

    let signIn = try #require(
      try server.requests().first { $0.path == "/Users/AuthenticateByName" })
    #expect(signIn.method == "POST" && signIn.status == 200)
    #expect(signIn.token == "missing", "no token goes with a sign-in")
    #expect(signIn.authorization?["Client"] == "movies")
    #expect(signIn.authorization?["Version"]?.isEmpty == false)
    #expect(signIn.authorization?["DeviceId"]?.hasPrefix("movies-") == true)
    #expect(signIn.body["Username"] == "alice")
    #expect(signIn.body["Pw"] == "(given)", "the password was in the body")

    // A later run, with no JELLYFIN_TOKEN, browses as alice with that token.
    let before = try server.requests().count
    let later = try await MoviesRun.run(
      Self.arguments(server, "--no-prefetch", "-c", "more"),
      environment: Self.environment(home: session.home))
    #expect(later.status == 0, Comment(rawValue: later.stderr))
    #expect(later.tableRows.count == 10, "the second page")
    let used = try server.requests().dropFirst(before)
    #expect(!used.isEmpty)
    #expect(used.allSatisfy { $0.token == "user" && $0.signedIn == 1 }, "\(used)")
    #expect(used.allSatisfy { $0.authorization?["Client"] == "movies" })
    #expect(!later.stdout.contains(token) && !later.stderr.contains(token))

    // JELLYFIN_TOKEN wins over the kept token.
    let count = try server.requests().count
    let bob = try await MoviesRun.run(
      Self.arguments(server, "--no-prefetch", "-c", "more"),
      environment: Self.environment(home: session.home, token: JellyfinTestServer.bobToken))
    #expect(bob.status == 0, Comment(rawValue: bob.stderr))
    #expect(try server.requests().dropFirst(count).allSatisfy { $0.signedIn == nil })

    // At the prompt, the banner says whose sign-in it is, and the history holds no token.
    try session.type(
      "clear; " + session.commandLine.replacingOccurrences(of: "'--sign-in'", with: "") + "\r")
    let banner = try await session.waitFor("movies added 10/20>")
    #expect(banner.contains("(signed in as alice)"), "\(banner)")
    try session.type("more\r")
    try await session.waitFor("movies added 20>")
    try session.type("quit\r")
    try await session.waitFor("$ ")
    let history = session.home.appendingPathComponent("state/movies/history")
    let saved = (try? String(contentsOf: history, encoding: .utf8)) ?? ""
    #expect(saved.contains("more"))
    #expect(!saved.contains(token))
    #expect(!(try session.unfoldedScreen()).contains(token))
  }

  @Test func aWrongPasswordGetsOneSentenceExitsOneAndKeepsNothing() async throws {
    let server = try await JellyfinTestServer(limit: 5)
    let session = try Self.shell(server)
    defer { session.stop() }
    try await Self.askedForThePassword(session)
    try session.type("not-her-password\r")
    let screen = try await Self.exitStatus(session)
    #expect(screen.contains("exit=1"), "\(screen)")
    #expect(screen.contains("refused the user name or password"))
    #expect(!screen.contains("not-her-password"))
    #expect(Self.kept(session.home).isEmpty, "nothing kept")
    let signIn = try #require(
      try server.requests().first { $0.path == "/Users/AuthenticateByName" })
    #expect(signIn.status == 401)
    // A later run has no token to use.
    let later = try await MoviesRun.run(
      Self.arguments(server, "-c", "more"), environment: Self.environment(home: session.home))
    #expect(later.status == 2)
    #expect(later.stderr.contains("JELLYFIN_TOKEN"))
  }

  @Test func fromAPipeTheFirstTwoLinesAreTheUserAndPasswordAndNothingIsAsked() async throws {
    let server = try await JellyfinTestServer(limit: 5)
    let home = try TestPaths.makeTemporaryFolder()
    let run = try await MoviesRun.run(
      Self.arguments(server, "--sign-in"), input: "bob\nbob-password\n",
      environment: Self.environment(home: home))
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.hasPrefix("Signed in to Jellyfin at"))
    #expect(!run.stdout.contains("Password") && !run.stderr.contains("Password"))
    #expect(Self.kept(home).count == 1)
    // With --json, the outcome is one object, and the token is not in it.
    let json = try await MoviesRun.run(
      Self.arguments(server, "--sign-in", "--json"), input: "bob\nbob-password\n",
      environment: Self.environment(home: home))
    #expect(json.status == 0, "\(json.stderr)")
    let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
    #expect(object?["command"] as? String == "sign-in")
    #expect(object?["user"] as? String == "bob")
    #expect(object?["signedIn"] as? Bool == true)
    #expect(!json.stdout.contains(try Self.token(in: try #require(Self.kept(home).first))))
  }

  @Test func signingOutEndsTheSessionOnTheServerAndRemovesTheFile() async throws {
    let server = try await JellyfinTestServer(limit: 5)
    let (home, environment) = try await Self.signedInThroughAPipe(server)
    let file = try #require(Self.kept(home).first)
    let token = try Self.token(in: file)
    let kept = PrivateFileCopy(file: file, bytes: try Data(contentsOf: file))

    let out = try await MoviesRun.run(
      Self.arguments(server, "--sign-out"), environment: environment)
    #expect(out.status == 0, "\(out.stderr)")
    #expect(out.stdout.contains("Signed out of Jellyfin at"))
    #expect(!out.stdout.contains(token) && !out.stderr.contains(token))
    let logout = try #require(try server.requests().first { $0.path == "/Sessions/Logout" })
    #expect(logout.method == "POST" && logout.status == 204)
    #expect(logout.token == "user" && logout.signedIn == 1, "with the kept token")
    #expect(Self.kept(home).isEmpty, "the file is removed")

    // Put back, the file's token is one the server no longer takes: one sentence, exit 1.
    try kept.restore()
    let revoked = try await MoviesRun.run(
      Self.arguments(server, "-c", "more"), environment: environment)
    #expect(revoked.status == 1)
    #expect(revoked.stderr.contains("sign in again with --sign-in"), "\(revoked.stderr)")
    #expect(!revoked.stderr.contains(token))
    try FileManager.default.removeItem(at: kept.file)

    let again = try await MoviesRun.run(
      Self.arguments(server, "--sign-out"), environment: environment)
    #expect(again.status == 0)
    #expect(again.stdout.contains("not signed in"))
  }

  @Test func signingOutOfAServerThatIsDownStillRemovesTheFileAndSaysSo() async throws {
    let server = try await JellyfinTestServer(limit: 5)
    let (home, environment) = try await Self.signedInThroughAPipe(server)
    server.stop()
    let out = try await MoviesRun.run(
      Self.arguments(server, "--sign-out", "--retries", "0"), environment: environment)
    #expect(out.status == 1)
    #expect(out.stderr.contains("could not be ended"), "\(out.stderr)")
    #expect(out.stderr.contains("is removed"))
    #expect(Self.kept(home).isEmpty)
  }

  @Test func ctrlCAtThePasswordKeepsNothingAndGivesTheTerminalItsEchoBack() async throws {
    let server = try await JellyfinTestServer(limit: 5)
    let session = try Self.shell(server)
    defer { session.stop() }
    try await Self.askedForThePassword(session)
    try session.type("alice-pa")
    try session.press("C-c")
    let screen = try await Self.exitStatus(session)
    #expect(screen.contains("exit=130"), "\(screen)")
    #expect(Self.kept(session.home).isEmpty)
    #expect(try server.requests().allSatisfy { $0.path != "/Users/AuthenticateByName" })
    try session.type("stty -a | tr ' ' '\\n' | grep -x -- '-\\?echo'\r")
    let settings = try await session.waitUntil("stty's answer") {
      $0.range(of: #"\n-?echo\n"#, options: .regularExpression) != nil
    }
    #expect(settings.contains("\necho\n"), "echo is on again: \(settings)")
  }

  @Test func aSymlinkPlantedAtTheTokensNameIsRefusedAndNotFollowed() async throws {
    let server = try await JellyfinTestServer(limit: 5)
    let home = try TestPaths.makeTemporaryFolder()
    let environment = Self.environment(home: home)
    // Where the file would go, found by a first sign-in, then replaced by a link.
    let first = try await MoviesRun.run(
      Self.arguments(server, "--sign-in"), input: "bob\nbob-password\n", environment: environment)
    try #require(first.status == 0, "\(first.stderr)")
    let file = try #require(Self.kept(home).first)
    try FileManager.default.removeItem(at: file)
    let target = home.appendingPathComponent("theirs")
    try Data("theirs".utf8).write(to: target)
    try FileManager.default.createSymbolicLink(at: file, withDestinationURL: target)
    let run = try await MoviesRun.run(
      Self.arguments(server, "--sign-in"), input: "bob\nbob-password\n", environment: environment)
    #expect(run.status == 1)
    #expect(run.stderr.contains("is not a regular file"), "\(run.stderr)")
    #expect(try String(contentsOf: target, encoding: .utf8) == "theirs")
    // The token that could not be kept was ended at once.
    #expect(try server.requests().last?.path == "/Sessions/Logout")
  }

  @Test func signingInIsForJellyfinAlone() async throws {
    let run = try await MoviesRun.run(["--sign-in"], environment: ["HOME": "/nonexistent"])
    #expect(run.status == 2)
    #expect(run.stderr.contains("--sign-in is for a Jellyfin server"), "\(run.stderr)")
    let both = try await MoviesRun.run(["--source", "jellyfin", "--sign-in", "--sign-out"])
    #expect(both.status == 2)
    #expect(both.stderr.contains("cannot be given together"))
  }
}

/// A kept sign-in file's bytes, to put back after `--sign-out` removed it.
private struct PrivateFileCopy {
  var file: URL
  var bytes: Data

  func restore() throws {
    try bytes.write(to: file)
    chmod(file.path, 0o600)
  }
}
