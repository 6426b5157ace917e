import MovieSources
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
  /// The source needs an address and `--api` gives none.
  case needsAddress(SourceDefinition)
  /// The source needs a secret and neither the environment nor the config file has one.
  case needsSecret(SourceDefinition)
  /// A secret holds a control character, which would end a header and start another.
  case unusableSecret(origin: String)
  /// The server refused the credential: said once, at start.
  case refused(SourceHTTP.Failure)
  /// The options name a source that cannot work this way; the sentence says what to change.
  case wrongSource(String)
  /// The source could not be set up (its user or library not found, the server down).
  case setup(any Error)
  /// `--resume` would reopen a session on another source or server than the command line
  /// names: a token goes only to a server named in this run.
  case resumeConflict(saved: String, named: String)
  /// `--order` names an order the source does not sort by.
  case order(SourceRefusal)
  /// `--series` (or `kind = series`) on a source that lists no series.
  case noSeries
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
    case .needsAddress(let definition):
      if case .required(let example) = definition.address {
        "--source \(definition.name) needs the server's address, such as --api \(example) "
          + "(or MOVIES_API)."
      } else {
        "--source \(definition.name) needs the server's address: --api URL (or MOVIES_API)."
      }
    case .needsSecret(let definition): definition.setup
    case .unusableSecret(let origin):
      "\(origin) holds a line break or another control character, which no key or token has; "
        + "set it again."
    case .refused(let failure): failure.message
    case .wrongSource(let message): message
    case .setup(let error): Reporter.describer.message(for: error)
    case .resumeConflict(let saved, let named):
      "--resume reopens the session saved on \(saved), but the command line names \(named); "
        + "leave out one of them (a secret goes only to the server named in this run)."
    case .order(let refusal): "--order: " + refusal.message
    case .noSeries: "--series: " + SourceRefusal.noSeries.message
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
    case .options, .downloadFolderInCache, .scriptFile, .needsAddress, .needsSecret,
      .unusableSecret, .wrongSource, .resumeConflict, .order, .noSeries:
      .usage
    case .refused(let failure): failure.code
    case .setup(let error): Reporter.describer.code(for: error)
    // Not a usage error: nothing on the command line was wrong.
    case .genre(_, .savedSession): .noSession
    case .genre(let error, _): Reporter.describer.code(for: error)
    case .httpEngine: .internal
    case .noCatalogue: .source
    }
  }
}
