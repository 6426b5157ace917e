import Foundation
import MoviesCore

/// The source the options asked for, made by its ``SourceDefinition``.
struct SourceChoice {
  var source: any MovieSource
  var genreSource: any GenreSource
  /// The source as the library records it beside a saved session and watchlist entries.
  var recorded: RecordedSource
  /// Where `play N` finds streams; nil for a source without them.
  var streamSource: (any StreamSource)? = nil

  /// The source the options name, made; fails with the startup error to report.
  static func make(
    _ options: Options, environment: [String: String], cacheFolder: URL?, terminalWidth: Int
  ) async throws(StartupError) -> SourceChoice {
    let definition = SourceDefinition.chosen(by: options)
    return try await definition.make(
      SourceContext(
        options: options, environment: environment, cacheFolder: cacheFolder,
        terminalWidth: terminalWidth))
  }
}
