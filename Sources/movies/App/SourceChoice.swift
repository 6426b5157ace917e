import Foundation
import MoviesCore

/// The movie source the options ask for, built: the offline catalogue, a Hoppin server, or
/// TMDb with its credential from the environment or the config file.
struct SourceChoice {
  var source: any MovieSource
  var genreSource: any GenreSource
  /// The source as the library records it: `offline`, `tmdb`, `jellyfin:` and the server's
  /// address, or the Hoppin address.
  var id: String
  /// Where `play N` finds streams: a Jellyfin library; nil for the others.
  var streamSource: (any StreamSource)? = nil

  /// TMDb's address unless `--api` says otherwise.
  static let tmdbAPI = "https://api.themoviedb.org/3"

  /// Fails with the startup error to report: no catalogue, no credential, no engine.
  static func make(
    _ options: Options, environment: [String: String], cacheFolder: URL
  ) async throws(StartupError) -> SourceChoice {
    switch options.source ?? (options.api == nil ? .offline : .hoppin) {
    case .offline:
      guard let folder = SampleCatalogue.locate() else { throw .noCatalogue }
      let catalogue = OfflineCatalogue(folder: folder)
      return SourceChoice(source: catalogue, genreSource: catalogue, id: RecordedSource.offline.id)
    case .hoppin:
      guard let api = options.api else { throw .hoppinNeedsAddress }
      let engine = try engine(options)
      return SourceChoice(
        source: HoppinClient(
          apiURL: api, engine: engine, retry: RetryPolicy(retries: options.retries)),
        genreSource: HoppinGenres(apiURL: api, engine: engine), id: RecordedSource.hoppin(api).id)
    case .tmdb:
      guard let credential = credential(options, environment: environment) else {
        throw .noTMDbCredential
      }
      guard let api = options.api ?? URL(string: tmdbAPI) else { throw .noTMDbCredential }
      let locale = Self.locale(environment)
      var settings = TMDbClient.Settings(
        apiURL: api, credential: credential, language: options.language ?? locale.language,
        region: options.region ?? locale.region)
      // Narrow terminals draw small previews: a smaller poster is enough. The width when a
      // page is asked for, so it follows a resized terminal.
      settings.posterWidth = {
        let columns = Terminal.width(environment: environment)
        return columns < 60 ? 154 : columns < 100 ? 185 : 342
      }
      let server = (api.host ?? "tmdb") + (api.port.map { "_\($0)" } ?? "")
      settings.configurationFile = cacheFolder.appendingPathComponent(
        "tmdb/configuration-\(server.filter { $0.isLetter || $0.isNumber || "._-".contains($0) }).json"
      )
      let client = TMDbClient(
        settings: settings, engine: try engine(options),
        retry: RetryPolicy(retries: options.retries))
      return SourceChoice(source: client, genreSource: client, id: RecordedSource.tmdb.id)
    case .jellyfin:
      let engine = try engine(options)
      let client: JellyfinClient
      do {
        client = try await JellyfinSetup.client(options, environment: environment, engine: engine)
      } catch {
        throw .jellyfin(error)
      }
      return SourceChoice(
        source: client, genreSource: client, id: RecordedSource.jellyfin(client.server).id,
        streamSource: client)
    }
  }

  /// `TMDB_API_KEY`, then `TMDB_ACCESS_TOKEN`, then the config file's.
  static func credential(_ options: Options, environment: [String: String]) -> TMDbCredential? {
    if let key = environment[TMDbCredential.keyVariable], !key.isEmpty {
      return TMDbCredential(kind: .apiKey, secret: key, origin: TMDbCredential.keyVariable)
    }
    if let token = environment[TMDbCredential.tokenVariable], !token.isEmpty {
      return TMDbCredential(kind: .accessToken, secret: token, origin: TMDbCredential.tokenVariable)
    }
    return options.configCredential
  }

  /// The language and country of `LC_ALL`, `LC_MESSAGES` or `LANG` (`fr_FR.UTF-8` is fr-FR
  /// and FR); none for the C locale.
  static func locale(_ environment: [String: String]) -> (language: String?, region: String?) {
    let name =
      ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }
      .first { !$0.isEmpty } ?? ""
    let base = name.prefix { $0 != "." && $0 != "@" }
    let parts = base.split(separator: "_")
    guard let language = parts.first, language.count == 2 || language.count == 3,
      language.allSatisfy({ $0.isASCII && $0.isLetter })
    else { return (nil, nil) }
    guard parts.count == 2, parts[1].count == 2, parts[1].allSatisfy({ $0.isASCII && $0.isLetter })
    else { return (language.lowercased(), nil) }
    let region = parts[1].uppercased()
    return ("\(language.lowercased())-\(region)", region)
  }

  private static func engine(_ options: Options) throws(StartupError) -> HTTPEngine {
    do {
      return try HTTPEngine(timeout: .milliseconds(Int(options.timeout * 1_000)))
    } catch {
      throw .httpEngine(error)
    }
  }
}
