import Foundation
import MoviesCore
import MoviesStore

extension Startup {
  /// The watchlist's file, opened; a file that cannot be used is reported in one line (unless
  /// `reporter` is nil, for `--json`) and the session goes on without it.
  func openLibrary(reporter: Reporter?) async
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

  /// `--cache-dir`, else `$XDG_CACHE_HOME/movies`, else `$HOME/.cache/movies`: `$HOME`, not
  /// the account's home, so a HOME set for a test or another user is obeyed. With neither,
  /// a folder of this user's own under the temporary folder (see ``SharedCacheFolder``).
  func cacheFolder(_ options: Options)
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
