import MoviesCore

#if canImport(Glibc)
  import Glibc
#endif

/// Why the program stopped before running a command; ``Reporter/exit(_:)`` reports it.
enum StartupError: Error, UserFacingError {
  /// The command line or the config file is wrong.
  case options(Options.UsageError)
  /// The genre (from `--genre`, the config file's `genre` or the saved session) is none of
  /// the source's, or its genres could not be loaded.
  case genre(any Error, from: Options.GenreOrigin)
  /// libcurl could not be set up.
  case httpEngine(TransferFailure)
  /// No `--api` and no offline catalogue beside the program.
  case noCatalogue
  /// `-f FILE` could not be opened.
  case scriptFile(path: String, errno: Int32)
  /// `--source tmdb` without a key in the environment or the config file.
  case noTMDbCredential
  /// `--source jellyfin` without what it needs, or its user could not be found.
  case jellyfin(JellyfinSetup.Problem)
  /// `--source plex` without what it needs, or its library could not be found.
  case plex(PlexSetup.Problem)
  /// `--source hoppin` without `--api`.
  case hoppinNeedsAddress
  /// `--order` names an order the source does not sort by.
  case order(SourceRefusal)
  /// `--download-dir` is inside the image cache, whose files are removed to keep it small.
  case downloadFolderInCache(downloads: String, entries: String)

  var message: String {
    switch self {
    case .options(let error): error.message
    case .genre(let error, .flag) where Reporter.describer.code(for: error) == .noGenreList:
      // The core's advice names the prompt's `genre ID`; here the user typed a flag.
      "--genre: the source has no list of genre names; give the genre's number (--genre 4)."
    case .genre(let error, .config(let path, let line))
    where Reporter.describer.code(for: error) == .noGenreList:
      "\(path), line \(line): genre: the source has no list of genre names; give the genre's "
        + "number (genre = 4)."
    case .genre(let error, .flag): "--genre: " + Reporter.describer.message(for: error)
    case .genre(let error, .config(let path, let line)):
      // The line's key, as the config file's other messages name it.
      "\(path), line \(line): genre: " + Reporter.describer.message(for: error)
    case .genre(let error, .savedSession(let path)):
      "the session saved in \(path) browses a genre: " + Reporter.describer.message(for: error)
        + " Start without --resume, or 'resume list' at the prompt for another session."
    case .httpEngine(let failure): "HTTP could not start: \(failure.explanation)."
    case .scriptFile(let path, let code):
      "-f: cannot read \(TerminalText.escape(path)): \(String(cString: strerror(code)))."
    case .noCatalogue:
      "the offline catalogue (sample-data/) is not next to the program; reinstall it "
        + "(scripts/install)."
    case .noTMDbCredential:
      "TMDb needs an API key: get one free at https://www.themoviedb.org/settings/api and "
        + "set TMDB_API_KEY (or TMDB_ACCESS_TOKEN to a read access token)."
    case .hoppinNeedsAddress:
      "--source hoppin needs the server's movies endpoint: --api URL (or MOVIES_API)."
    case .order(let refusal): "--order: " + refusal.message
    case .jellyfin(let problem): problem.message
    case .plex(let problem): problem.message
    case .downloadFolderInCache(let downloads, let entries):
      "the download folder \(downloads) is inside the image cache's \(entries), "
        + "where files may be removed; pick another --download-dir or --cache-dir."
    }
  }

  var remedy: Remedy? {
    if case .noCatalogue = self { return .onlineSource }
    return nil
  }

  var code: ErrorCode {
    switch self {
    case .options, .downloadFolderInCache, .scriptFile, .noTMDbCredential, .hoppinNeedsAddress,
      .order:
      .usage
    // Not a usage error: nothing on the command line was wrong.
    case .genre(_, .savedSession): .noSession
    case .genre(let error, _): Reporter.describer.code(for: error)
    case .jellyfin(let problem): problem.code
    case .plex(let problem): problem.code
    case .httpEngine: .internal
    case .noCatalogue: .source
    }
  }
}
