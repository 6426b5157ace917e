import Foundation
import MovieSources
import MoviesCore

#if canImport(Glibc)
  import Glibc
#endif

/// The prompt's first line, `movies 0.1.0 on TMDb at … (key from TMDB_API_KEY). 'help' lists
/// commands; Ctrl-D leaves.`, and the source's setup that may come after it.
@MainActor
enum StartupBanner {
  static func text(name: String, credential: String?, width: Int) -> String {
    TextWrap.wrap(
      "movies \(Options.version) on \(name)"
        + (credential.map { variable in
          variable.hasPrefix(SourceContext.signedIn)
            ? " (\(variable))"
            : " (\(variable.lowercased().hasSuffix("token") ? "token" : "key") from \(variable))"
        } ?? "")
        + ". 'help' lists commands; Ctrl-D leaves.",
      toColumns: width)
  }

  /// The source the options ask for, made. A source whose setup
  /// asks its server (Jellyfin looks up the user) prints the banner first when `showsBanner`,
  /// and a spinner while the server answers, so a slow server does not leave the screen empty.
  /// Says whether the banner was printed.
  static func setUpSource(
    _ options: Options, environment: [String: String], cacheFolder: URL?, showsBanner: Bool,
    reporter: Reporter
  ) async throws(StartupError) -> (SourceChoice, bannerShown: Bool) {
    let setUp = { () async -> Result<SourceChoice, StartupError> in
      do throws(StartupError) {
        return .success(
          try await SourceChoice.make(options, environment: environment, cacheFolder: cacheFolder))
      } catch {
        return .failure(error)
      }
    }
    let made: Result<SourceChoice, StartupError>
    var bannerShown = false
    let definition = SourceDefinition.chosen(by: options)
    let context = SourceContext(
      options: options, environment: environment, cacheFolder: cacheFolder)
    // Without a token the setup fails at once, before any request: no banner for that.
    if showsBanner, let product = definition.asksAtStart,
      let server = try? context.address(of: definition),
      let found = (try? context.credential(of: definition, server: server)) ?? nil
    {
      let name = ServerName.of(product, at: server)
      let banner = text(
        name: name, credential: found.origin, width: Terminal.width(environment: environment))
      Terminal.write(banner + "\n", to: STDOUT_FILENO)
      bannerShown = true
      let terminal = TerminalSnapshot(environment: environment)
      if terminal.showsLiveLines {
        made =
          await Spinner.run(
            label: "Connecting to \(TerminalText.escape(name))…", palette: reporter.palette,
            width: terminal.columns, unicode: terminal.unicode, setUp
          ).result
      } else {
        made = await setUp()
      }
    } else {
      made = await setUp()
    }
    return (try made.get(), bannerShown)
  }
}
