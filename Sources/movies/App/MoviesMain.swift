import Foundation
import MoviesCore
import MoviesStore

#if canImport(Glibc)
  import Glibc
#endif

/// `movies`: parses the command line, builds the browser and hands it to the shell.
@main
@MainActor
enum MoviesMain {
  @MainActor static func main() async {
    Allocator.keepGrownMemory()
    let environment = ProcessInfo.processInfo.environment
    var options: Options
    var configFile: ConfigFile?
    do {
      let arguments = Array(CommandLine.arguments.dropFirst())
      let config = try ConfigFile.load(arguments: arguments, environment: environment)
      configFile = config
      switch try Options.parse(arguments, environment: environment, config: config) {
      case .help:
        let width = min(Terminal.width(environment: environment), 80)
        Terminal.write(Options.helpText(width: width), to: STDOUT_FILENO)
        exit(0)
      case .version:
        Terminal.write("movies \(Options.version)\n", to: STDOUT_FILENO)
        exit(0)
      case .generate(let document):
        Terminal.write(document.text, to: STDOUT_FILENO)
        exit(0)
      case .pickPreview(let file, let row):
        exit(PickPreview.run(file: file, row: row, environment: environment))
      case .browse(let parsed):
        options = parsed
      }
    } catch {
      // The options that say how to report are the ones that could not be read.
      Reporter().exit(.options(error))
    }
    let reporter = Reporter(json: options.json, color: options.color, environment: environment)
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
    // `-f FILE` is `movies < FILE`: the file becomes standard input, so script mode reads it.
    if let file = options.scriptFile {
      let descriptor = open(file, O_RDONLY | O_CLOEXEC)
      guard descriptor >= 0, dup2(descriptor, STDIN_FILENO) >= 0 else {
        reporter.exit(.scriptFile(path: file, errno: errno))
      }
      close(descriptor)
    }

    let library = await openLibrary(
      environment: environment, reporter: options.json ? nil : reporter)
    if options.resume {
      do {
        try await adoptSavedSession(
          library, from: SQLiteLibrary.location(environment: environment), into: &options)
      } catch {
        reporter.exit(error)
      }
    }

    if let config = configFile, let key = config.exposedSecrets.first, !options.json {
      reporter.warning(
        "\(config.path) holds \(key) and others can read it; 'chmod 600 \(config.path)' "
          + "keeps it yours.")
    }
    let folder: URL?
    switch cacheFolder(options, environment: environment) {
    case .success(let chosen): folder = chosen
    case .failure(let refusal):
      folder = nil
      if !options.json { reporter.warning(refusal.message) }
    }
    let interactive = options.commands.isEmpty && Terminal.inputIsTerminal
    let (choice, bannerShown) = await StartupBanner.setUpSource(
      options, environment: environment, cacheFolder: folder,
      showsBanner: interactive && !options.json, reporter: reporter)
    let source = choice.source
    let genreSource = choice.genreSource
    if !options.orderGiven, !options.resume || !source.offers(order: options.query.order) {
      options.query.order = source.capabilities.defaultOrder
    }
    guard source.offers(order: options.query.order) else {
      reporter.exit(
        .order(.order(options.query.order, offered: source.capabilities.orders ?? [])))
    }
    var genreName: String?
    if !options.query.genreID.isEmpty {
      // Checked against the source's genres before anything loads, so a mistyped genre is a
      // usage error rather than an empty table; a name is turned into its id, and the name
      // kept for the prompt.
      do {
        (options.query.genreID, genreName) = try await CommandRunner.genre(
          for: options.query.genreID, in: genreSource)
      } catch {
        reporter.exit(.genre(error, from: options.genreOrigin))
      }
    }
    let thumbnails = ThumbnailStore(
      downloadFolder: URL(
        fileURLWithPath: HomeFolder.expand(options.downloadFolder, environment: environment),
        isDirectory: true),
      cacheFolder: folder)
    if thumbnails.downloadFolderIsInCache, let entries = thumbnails.cacheEntriesFolder {
      reporter.exit(
        .downloadFolderInCache(downloads: thumbnails.downloadFolder.path, entries: entries.path))
    }
    let browser = Browser(
      source: source, query: options.query, genreName: genreName, thumbnails: thumbnails,
      prefetches: !options.noPrefetch)
    let runner = CommandRunner(
      browser: browser, genreSource: genreSource,
      linkOpener: DesktopOpener(environment: environment), library: library,
      sourceID: choice.recorded.id, streamSource: choice.streamSource,
      player: MPVPlayer(environment: environment, quiet: options.json))

    // History only at the prompt: scripts must not fill it.
    let history =
      interactive ? HistoryFile.location(environment: environment).map(HistoryFile.init) : nil
    var shell = Shell(
      runner: runner, query: options.query, genreName: genreName, environment: environment,
      color: options.color,
      json: options.json,
      pager: options.noPager || !Terminal.outputIsTerminal
        ? nil : Pager(environment: environment, command: options.pager),
      history: history)
    let typedAhead: [UInt8]
    (shell.preview, typedAhead) = preview(
      options, interactive: interactive, environment: environment)
    if shell.preview == nil, interactive, !options.noPreview, Terminal.outputIsTerminal {
      shell.previewNote = noColorReason(options, environment: environment).map {
        "(No poster drawn: \($0). '--preview symbols' draws posters anyway.)"
      }
    }
    if let choice = shell.preview?.choice, !options.json, choice.mode != .symbols,
      !choice.passthrough, PreviewMode.insideMultiplexer(environment: environment)
    {
      reporter.warning(
        "\(choice.mode.rawValue) images do not get through tmux or screen, so posters may not show; "
          + "'--preview symbols' draws them there.")
    }
    if interactive && !options.json && Terminal.outputIsTerminal {
      shell.picker = Picker(
        environment: environment,
        thumbnailCache: thumbnails.cacheEntriesFolder,
        preview: shell.preview?.choice, pipeline: thumbnails.pipeline)
    }
    shell.resumes = options.resume
    shell.atPrompt = interactive
    shell.stopsOnError = options.stopOnError

    var editor: LineEditor?
    if interactive {
      do {
        editor = try LineEditor(
          programName: "movies", prompt: "movies> ", history: history?.entries() ?? [])
      } catch {
        reporter.warning(error.message)
      }
    }
    if let editor {
      // Keys typed while the terminal was asked about graphics are not lost.
      editor.push(typedAhead)
      let banner =
        bannerShown
        ? nil
        : StartupBanner.text(
          name: source.name, credential: source.capabilities.credential,
          width: Terminal.width(environment: environment))
      exit(await shell.runInteractive(editor: editor, interrupts: Interrupts(), banner: banner))
    } else if !options.commands.isEmpty {
      exit(await shell.runScript(lines: options.commands, showsFirstPage: false))
    } else {
      exit(await shell.runScript(lines: StandardInputLines()))
    }
  }

  /// The watchlist's file, opened; a file that cannot be used is reported in one line (unless
  /// `reporter` is nil, for `--json`) and the session goes on without it.
  private static func openLibrary(environment: [String: String], reporter: Reporter?) async
    -> LibraryAccess
  {
    guard let path = SQLiteLibrary.location(environment: environment) else { return .off }
    do {
      let library = try await SQLiteLibrary.open(path: path)
      if library.isReadOnly { reporter?.warning(LibraryError.readOnly(path: path).message) }
      return .open(library)
    } catch {
      reporter?.warning(error.message + " Going on without the watchlist.")
      return .unavailable(error)
    }
  }

  /// Posters are drawn when `--preview` asks, or at a colour terminal at the prompt; never in
  /// script mode unless asked, never with `--no-preview`. A graphics mode (or `auto`) asks
  /// the terminal, once, what it draws and how big its cells are; what was typed meanwhile
  /// comes back for the prompt.
  private static func preview(_ options: Options, interactive: Bool, environment: [String: String])
    -> (PosterPreview?, typed: [UInt8])
  {
    if options.noPreview { return (nil, []) }
    guard let mode = options.previewMode else {
      let colorTerminal = Terminal.usesColor(
        onTerminal: Terminal.outputIsTerminal, mode: options.color, environment: environment)
      guard interactive && colorTerminal else { return (nil, []) }
      // Inside tmux, symbols come in true colour where the terminal outside has it.
      let choice = PreviewChoice.decide(
        .symbols, environment: environment, answers: nil,
        tmux: TmuxFacts.read(environment: environment), window: Terminal.windowSize())
      return (PosterPreview(choice: choice), [])
    }
    let tmux = TmuxFacts.read(environment: environment)
    // Inside tmux only the outer terminal's answers tell, and they come through only with
    // passthrough on.
    let inTmux = PreviewMode.insideTmux(environment: environment)
    let asks =
      mode != .symbols && !options.json && environment["TERM"] != "dumb"
      && (!inTmux || tmux?.passthrough == true)
    let answers = asks ? TerminalProbe.ask(passthrough: inTmux) : nil
    let choice = PreviewChoice.decide(
      mode, environment: environment, answers: answers, tmux: tmux,
      window: Terminal.windowSize())
    return (PosterPreview(choice: choice), answers?.typed ?? [])
  }

  /// Why colour, and with it the poster preview, is off at this terminal; nil when it is on.
  private static func noColorReason(_ options: Options, environment: [String: String]) -> String? {
    switch options.color {
    case .always: return nil
    case .never: return "colour is off (--color never)"
    case .auto:
      if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return "NO_COLOR is set" }
      return environment["TERM"] == "dumb" ? "TERM is dumb" : nil
    }
  }

  /// `--cache-dir`, else `$XDG_CACHE_HOME/movies`, else `$HOME/.cache/movies`: `$HOME`, not
  /// the account's home, so a HOME set for a test or another user is obeyed. With neither,
  /// a folder of this user's own under the temporary folder (see ``SharedCacheFolder``).
  private static func cacheFolder(_ options: Options, environment: [String: String])
    -> Result<URL, SharedCacheFolder.Refusal>
  {
    if let folder = options.cacheFolder {
      return .success(
        URL(fileURLWithPath: HomeFolder.expand(folder, environment: environment), isDirectory: true)
      )
    }
    if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
      return .success(URL(fileURLWithPath: xdg, isDirectory: true).appendingPathComponent("movies"))
    }
    guard let home = environment["HOME"], home.hasPrefix("/") else {
      return SharedCacheFolder.claim(in: FileManager.default.temporaryDirectory)
    }
    return .success(
      URL(fileURLWithPath: home, isDirectory: true)
        .appendingPathComponent(".cache/movies", isDirectory: true))
  }
}
