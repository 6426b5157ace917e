import Foundation
import MoviesCore
import MoviesStore

#if canImport(Glibc)
  import Glibc
#endif

/// Decides what this run is: reads the command line, the config file and the environment,
/// sets up the source, the watchlist and the terminal, and returns the ``Launch``. Warnings
/// are printed as they are found; the one error that stops the run is returned in the
/// launch, to be said the way the options ask.
@MainActor
struct Startup {
  /// The command line, without the program's name.
  let arguments: [String]
  /// The process's environment.
  let environment: [String: String]

  /// What to run.
  func launch() async -> Launch {
    var options: Options
    var configFile: ConfigFile?
    do {
      let config = try ConfigFile.load(arguments: arguments, environment: environment)
      configFile = config
      switch try Options.parse(arguments, environment: environment, config: config) {
      case .help:
        return .print(Options.helpText(width: min(Terminal.width(environment: environment), 80)))
      case .version: return .print(BuildInfo.versionLine + "\n")
      case .generate(let document): return .print(document.text)
      case .pickPreview(let file, let row):
        return .pickPreview(file: file, row: row, environment: environment)
      case .browse(let parsed): options = parsed
      }
    } catch {
      // The options that say how to report are the ones that could not be read.
      return .refused(.options(error), Reporter())
    }
    let reporter = Reporter(json: options.json, color: options.color, environment: environment)
    do throws(StartupError) {
      return try await session(options, configFile: configFile, reporter: reporter)
    } catch {
      return .refused(error, reporter)
    }
  }

  /// The browsing session the options ask for.
  private func session(_ parsed: Options, configFile: ConfigFile?, reporter: Reporter)
    async throws(StartupError) -> Launch
  {
    var options = parsed
    if let api = options.api, api.withoutUserInfo != api {
      // The address is stored in the watchlist, shown and handed to the browser: a password
      // in it would go everywhere, so it goes nowhere.
      options.api = api.withoutUserInfo
      if !options.json {
        reporter.warning(
          "The user name and password in the address are not used: movies keeps and shows "
            + "addresses, so it takes no credentials in one.")
      }
    }
    if let action = options.account {
      return .account(
        try JellyfinAccount(action, options: options, environment: environment), reporter)
    }
    // `-f FILE` is `movies < FILE`: the file becomes standard input, so script mode reads it.
    if let file = options.scriptFile {
      let descriptor = open(file, O_RDONLY | O_CLOEXEC)
      guard descriptor >= 0, dup2(descriptor, STDIN_FILENO) >= 0 else {
        throw .scriptFile(path: file, errno: errno)
      }
      close(descriptor)
    }
    let library = await openLibrary(reporter: options.json ? nil : reporter)
    if options.resume {
      try await adoptSavedSession(
        library, from: SQLiteLibrary.location(environment: environment), into: &options)
    }
    if let config = configFile, let key = config.exposedSecrets.first, !options.json {
      reporter.warning(
        "\(config.path) holds \(key) and others can read it; 'chmod 600 \(config.path)' "
          + "keeps it yours.")
    }
    let folder: URL?
    switch cacheFolder(options) {
    case .success(let chosen): folder = chosen
    case .failure(let refusal):
      folder = nil
      if !options.json { reporter.warning(refusal.message) }
    }
    let interactive = options.commands.isEmpty && Terminal.inputIsTerminal
    let (choice, bannerShown) = try await StartupBanner.setUpSource(
      options, environment: environment, cacheFolder: folder,
      showsBanner: interactive && !options.json, reporter: reporter)
    let source = choice.source
    if !options.orderGiven, !options.resume || !source.offers(order: options.query.order) {
      options.query.order = source.capabilities.defaultOrder
    }
    guard source.offers(order: options.query.order) else {
      throw .order(.order(options.query.order, offered: source.capabilities.orders ?? []))
    }
    if options.query.listing == .titles(.series), !source.capabilities.listsSeries {
      throw .noSeries
    }
    var genreName: String?
    if !options.query.genreID.isEmpty {
      // Checked against the source's genres before anything loads, so a mistyped genre is a
      // usage error rather than an empty table; a name is turned into its id, and the name
      // kept for the prompt.
      do {
        (options.query.genreID, genreName) = try await CommandContext.genre(
          for: options.query.genreID, in: choice.genreSource,
          kind: options.query.listing.titleKind ?? .film)
      } catch {
        throw .genre(error, from: options.genreOrigin)
      }
    }
    let (shell, typedAhead) = try shell(
      options, genreName: genreName, choice: choice, library: library, cacheFolder: folder,
      interactive: interactive, reporter: reporter)
    if !options.commands.isEmpty { return .session(shell, .commands(options.commands)) }
    guard interactive, let editor = lineEditor(shell, typedAhead: typedAhead, reporter: reporter)
    else {
      return .session(shell, .standardInput)
    }
    let banner =
      bannerShown
      ? nil
      : StartupBanner.text(
        name: source.name, credential: source.capabilities.credential,
        width: Terminal.width(environment: environment))
    return .session(shell, .prompt(editor, banner: banner))
  }
}
