import Foundation
import MovieSources
import MoviesCore
import MoviesStore

/// `--sign-in` and `--sign-out`: what a run does instead of browsing.
enum AccountAction: Sendable {
  case signIn
  case signOut

  /// The flag that asks for it.
  var flag: String { self == .signIn ? "--sign-in" : "--sign-out" }

  /// The flag's declaration, under Jellyfin's settings; the two cannot be given together.
  static func setting(_ action: AccountAction, help: @autoclosure @escaping @Sendable () -> String)
    -> Setting
  {
    Setting(flags: [action.flag], help: help()) { options, values throws(Options.UsageError) in
      guard values.inline == nil else {
        throw Options.UsageError(message: "\(action.flag) takes no value.")
      }
      if let other = options.account, other != action {
        throw Options.UsageError(message: "--sign-in and --sign-out cannot be given together.")
      }
      options.account = action
      return nil
    }
  }
}

/// Signing in to a Jellyfin server with a user name and password, and out again. The token
/// is kept in a ``SavedSignIn`` file, which later runs use when `JELLYFIN_TOKEN` is not set;
/// the password goes only into the one request's body and is never kept, shown or logged.
@MainActor
struct JellyfinAccount {
  var action: AccountAction
  /// The server's base address.
  var server: URL
  var options: Options
  var environment: [String: String]
  /// The sign-in's file for this server.
  var file: URL

  /// Checks the options and finds the file; nothing is asked or sent yet.
  init(_ action: AccountAction, options: Options, environment: [String: String])
    throws(StartupError)
  {
    guard SourceDefinition.chosen(by: options).name == SourceDefinition.jellyfin.name else {
      throw .wrongSource(
        "\(action.flag) is for a Jellyfin server: give --source jellyfin and its --api URL.")
    }
    let context = SourceContext(options: options, environment: environment, cacheFolder: nil)
    server = try ServerAddress.base(try context.address(of: .jellyfin), for: .jellyfin)
    guard let folder = SavedSignIn.folder(environment: environment) else {
      throw .wrongSource(
        "\(action.flag) keeps its token under $XDG_STATE_HOME or $HOME, and neither is set "
          + "to a folder.")
    }
    self.action = action
    self.options = options
    self.environment = environment
    file = SavedSignIn.file(source: SourceDefinition.jellyfin.name, server: server, in: folder)
  }

  private var name: String { TerminalText.escape(ServerName.of("Jellyfin", at: server)) }

  /// Does it; the exit status.
  func run(reporter: Reporter) async -> Int32 {
    do throws(StartupError) {
      // The process's one engine, for the sign-in and a sign-out after it alike.
      let engine = try SourceContext(options: options, environment: environment, cacheFolder: nil)
        .engine()
      switch action {
      case .signIn: return try await signIn(engine: engine)
      case .signOut: return try await signOut(engine: engine, reporter: reporter)
      }
    } catch {
      reporter.exit(error)
    }
  }

  private func http(token: String?, engine: HTTPEngine) throws(StartupError) -> SourceHTTP {
    let device = ClientIdentity.hostName()
    let id = ClientIdentity.deviceID()
    let authorization: JellyfinAuthorization
    if let token {
      do {
        authorization = try JellyfinAuthorization(
          token: token, device: device, deviceID: id, version: Options.version)
      } catch {
        throw .unusableSecret(origin: TerminalText.escape(file.path))
      }
    } else {
      authorization = .signingIn(device: device, deviceID: id, version: Options.version)
    }
    return JellyfinClient.http(
      authorization: authorization, engine: engine, retry: RetryPolicy(retries: options.retries))
  }

  private func signIn(engine: HTTPEngine) async throws(StartupError) -> Int32 {
    if Terminal.inputIsTerminal {
      _ = Terminal.write("Signing in to \(name).\n", to: STDERR_FILENO)
    }
    guard case .line(let user) = TypedLine.read(prompt: "User name: ", hidden: false),
      !user.trimmingCharacters(in: .whitespaces).isEmpty
    else { throw .wrongSource("--sign-in: no user name was given; nothing was kept.") }
    let password: String
    switch TypedLine.read(prompt: "Password: ", hidden: true) {
    case .line(let typed): password = typed
    case .interrupted: return 130
    case .ended: throw .wrongSource("--sign-in: no password was given; nothing was kept.")
    }
    let http = try http(token: nil, engine: engine)
    let signedIn: JellyfinClient.SignedIn
    do {
      signedIn = try await JellyfinClient.signIn(
        user: user, password: password, server: server, http: http)
    } catch {
      throw .setup(error)
    }
    let saved = SavedSignIn(
      server: server, userName: signedIn.userName.isEmpty ? user : signedIn.userName,
      userID: signedIn.userID, token: signedIn.token)
    do {
      // Checked before it is kept: a token a header cannot carry is of no use later.
      _ = try JellyfinAuthorization(token: saved.token, device: "", deviceID: "", version: "")
      try saved.save(to: file)
    } catch {
      // The session was opened; a token that cannot be kept must not stay valid.
      try? await JellyfinClient.signOut(
        server: server, http: try self.http(token: saved.token, engine: engine))
      if let failure = error as? PrivateFile.Failure { throw .setup(failure) }
      throw .setup(JellyfinClient.SignInError.unreadableAnswer)
    }
    let shownUser = TerminalText.escape(saved.userName)
    var said =
      "Signed in to \(name) as \(shownUser); the token is kept in "
      + "\(TerminalText.escape(file.path)), readable by you alone, for later runs."
    if !(environment["JELLYFIN_TOKEN"] ?? "").isEmpty {
      said += " JELLYFIN_TOKEN is set, and is used instead while it is."
    }
    say(said, ["user": saved.userName, "file": file.path, "signedIn": true])
    return 0
  }

  /// The outcome on standard output: the sentence, or with `--json` one object with the
  /// command, the server and `fields`.
  private func say(_ text: String, _ fields: [String: Any]) {
    guard options.json else {
      _ = Terminal.write(text + "\n", to: STDOUT_FILENO)
      return
    }
    let object = fields.merging(
      ["command": String(action.flag.dropFirst(2)), "server": server.absoluteString]
    ) { mine, _ in mine }
    let data =
      (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
    _ = Terminal.write(String(decoding: data, as: UTF8.self) + "\n", to: STDOUT_FILENO)
  }

  private func signOut(engine: HTTPEngine, reporter: Reporter) async throws(StartupError)
    -> Int32
  {
    let saved: SavedSignIn
    switch SavedSignIn.load(from: file, server: server) {
    case .none:
      say("You are not signed in to \(name); nothing to do.", ["wasSignedIn": false])
      return 0
    case .unusable(let why):
      reporter.warning(why)
      return 1
    case .found(let found): saved = found
    }
    var ended = true
    var problem: String?
    do {
      try await JellyfinClient.signOut(
        server: server, http: try http(token: saved.token, engine: engine))
    } catch let failure as SourceHTTP.Failure {
      // A token the server no longer takes has no session left to end.
      if case .refused = failure.cause {
      } else {
        ended = false
        problem = failure.message
      }
    } catch {
      ended = false
      problem = Reporter.describer.message(for: error)
    }
    do {
      try PrivateFile.remove(file)
    } catch {
      throw .setup(error)
    }
    guard ended else {
      reporter.warning(
        "The session on \(name) could not be ended: \(problem ?? "") The token kept in "
          + "\(TerminalText.escape(file.path)) is removed; the server keeps the session until "
          + "it is revoked in its dashboard (Devices).")
      if options.json { say("", ["wasSignedIn": true, "sessionEnded": false, "removed": true]) }
      return 1
    }
    say(
      "Signed out of \(name) (\(TerminalText.escape(saved.userName))); the session is ended "
        + "and its token removed.",
      ["wasSignedIn": true, "sessionEnded": true, "removed": true, "user": saved.userName])
    return 0
  }
}
