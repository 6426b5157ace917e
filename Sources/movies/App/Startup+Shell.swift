import Foundation
import MoviesCore
import MoviesStore

extension Startup {
  /// The shell over a browser of `choice`'s source, with its pager, history, poster preview
  /// and picker, made whole from one ``ShellConfiguration``; and the keys typed while the
  /// terminal was asked about graphics.
  func shell(
    _ options: Options, genreName: String?, choice: SourceChoice, library: LibraryAccess,
    cacheFolder: URL?, interactive: Bool, reporter: Reporter
  ) throws(StartupError) -> (Shell, typedAhead: [UInt8]) {
    let thumbnails = ThumbnailStore(
      downloadFolder: URL(
        fileURLWithPath: HomeFolder.expand(options.downloadFolder, environment: environment),
        isDirectory: true),
      cacheFolder: cacheFolder)
    if thumbnails.downloadFolderIsInCache, let entries = thumbnails.cacheEntriesFolder {
      throw .downloadFolderInCache(downloads: thumbnails.downloadFolder.path, entries: entries.path)
    }
    // A source that is not told what was seen keeps its marks in the library's diary.
    var source = choice.source
    if case .open(let opened) = library, choice.streamSource?.playedMarker == nil {
      source = DiarySource(source, library: opened, sourceID: choice.recorded.id)
    }
    let browser = Browser(
      source: source, query: options.query, genreName: genreName,
      prefetches: !options.noPrefetch)
    let runner = CommandRunner(
      browser: browser, thumbnails: thumbnails, genreSource: choice.genreSource,
      linkOpener: DesktopOpener(environment: environment), library: library,
      sourceID: choice.recorded.id, streamSource: choice.streamSource,
      player: MPVPlayer(
        environment: environment, engine: choice.streamSource?.engine,
        preferredTracks: options.preferredTracks))
    // History only at the prompt: scripts must not fill it.
    let history =
      interactive ? HistoryFile.location(environment: environment).map(HistoryFile.init) : nil
    var configuration = ShellConfiguration(
      runner: runner, query: options.query, genreName: genreName, environment: environment,
      color: options.color, json: options.json,
      reporter: Reporter(json: options.json, color: options.color, environment: environment),
      pager: options.noPager || !Terminal.outputIsTerminal
        ? nil : Pager(environment: environment, command: options.pager),
      history: history, resumes: options.resume, atPrompt: interactive,
      stopsOnError: options.stopOnError)
    let typedAhead: [UInt8]
    (configuration.preview, typedAhead) = preview(options, interactive: interactive)
    if configuration.preview == nil, interactive, !options.noPreview, Terminal.outputIsTerminal {
      configuration.previewNote = noColorReason(options).map {
        "(No poster drawn: \($0). '--preview symbols' draws posters anyway.)"
      }
    }
    if let choice = configuration.preview?.choice, !options.json, choice.mode != .symbols,
      !choice.passthrough, PreviewMode.insideMultiplexer(environment: environment)
    {
      reporter.warning(
        "\(choice.mode.rawValue) images do not get through tmux or screen, so posters may not show; "
          + "'--preview symbols' draws them there.")
    }
    if interactive && !options.json && Terminal.outputIsTerminal {
      configuration.picker = Picker(
        environment: environment,
        thumbnailCache: thumbnails.cacheEntriesFolder,
        preview: configuration.preview?.choice, pipeline: thumbnails.pipeline)
    }
    let shell = Shell(configuration)
    return (shell, typedAhead)
  }

  /// The prompt's line editor, with the shell's history and the keys already typed; nil,
  /// after a warning, when libedit cannot start (the lines are then read plainly).
  func lineEditor(_ shell: Shell, typedAhead: [UInt8], reporter: Reporter) -> LineEditor? {
    do {
      let editor = try LineEditor(
        programName: "movies", prompt: "movies> ", history: shell.history?.entries() ?? [])
      // Keys typed while the terminal was asked about graphics are not lost.
      editor.push(typedAhead)
      return editor
    } catch {
      reporter.warning(error.message)
      return nil
    }
  }
}
