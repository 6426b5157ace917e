import Foundation
import MovieSources
import MoviesCore

extension SourceDefinition {
  /// The Movie Database, with a key from the environment or the config file.
  static let tmdb = SourceDefinition(
    name: "tmdb", summary: "The Movie Database; needs TMDB_API_KEY or TMDB_ACCESS_TOKEN",
    address: .usual(TMDbSource.usualAddress),
    settings: [
      .value(
        "--language", "CODE",
        help: "TMDb's language for titles and overviews, such as fr-FR (default: from the "
          + "locale)",
        configKey: "language"
      ) { options, text, flag throws(Options.UsageError) in
        options.sourceValues["language"] = try Options.localeCode(
          text, flag: flag, example: "en-US or fr")
      },
      .value(
        "--region", "CODE",
        help: "TMDb's country for release dates and where to stream, such as DE (default: from "
          + "the locale, else US)",
        configKey: "region"
      ) { options, text, flag throws(Options.UsageError) in
        options.sourceValues["region"] = try Options.localeCode(
          text, flag: flag, example: "US or DE"
        ).uppercased()
      },
    ],
    secrets: [
      Secret(
        variable: TMDbCredential.keyVariable, configKey: "tmdb-api-key",
        help: "a TMDb v3 API key", sentAs: "the api_key parameter"),
      Secret(
        variable: TMDbCredential.tokenVariable, configKey: "tmdb-access-token",
        help: "a TMDb v4 read access token", sentAs: "an Authorization: Bearer header"),
    ],
    setup: "TMDb needs an API key: get one free at https://www.themoviedb.org/settings/api and "
      + "set TMDB_API_KEY (or TMDB_ACCESS_TOKEN to a read access token).",
    capabilities: TMDbClient.declaredCapabilities, make: TMDbSource.make)
}

/// How the TMDb source is made from the options.
enum TMDbSource {
  /// TMDb itself; the fallback is never taken, the text being a valid address.
  static let usualAddress =
    URL(string: "https://api.themoviedb.org/3") ?? URL(fileURLWithPath: "/")

  static func make(_ context: SourceContext) async throws(StartupError) -> SourceChoice {
    guard let (secret, value, origin) = try context.secret(among: SourceDefinition.tmdb.secrets)
    else { throw .needsSecret(.tmdb) }
    let credential = TMDbCredential(
      kind: secret.variable == TMDbCredential.tokenVariable ? .accessToken : .apiKey,
      secret: value, origin: origin)
    let api = try context.address(of: .tmdb)
    let locale = locale(context.environment)
    var settings = TMDbClient.Settings(
      apiURL: api, credential: credential,
      language: context.value("language") ?? locale.language,
      region: context.value("region") ?? locale.region)
    // Narrow terminals draw small previews: a smaller poster is enough. The width when a
    // page is asked for, so it follows a resized terminal (issue 31).
    let environment = context.environment
    settings.posterWidth = {
      let width = Terminal.width(environment: environment)
      return width < 60 ? 154 : width < 100 ? 185 : 342
    }
    let server = (api.host ?? "tmdb") + (api.port.map { "_\($0)" } ?? "")
    let safe = server.filter { $0.isLetter || $0.isNumber || "._-".contains($0) }
    settings.configurationFile = context.cacheFolder?.appendingPathComponent(
      "tmdb/configuration-\(safe).json")
    // By region: `on:` names the services of the region it searches.
    let region = settings.serviceRegion.filter { $0.isLetter }
    settings.servicesFile = context.cacheFolder?.appendingPathComponent(
      "tmdb/watch-providers-\(safe)-\(region).json")
    let client = TMDbClient(settings: settings, engine: try context.engine(), retry: context.retry)
    // A refused key is said once, now, rather than by every command after.
    do {
      _ = try await client.genres()
    } catch let failure as SourceHTTP.Failure {
      if case .refused = failure.cause { throw .refused(failure) }
    } catch {}
    let usual = api == usualAddress
    return SourceChoice(
      source: client, genreSource: client,
      recorded: RecordedSource(kind: "tmdb", address: usual ? nil : api))
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
}
