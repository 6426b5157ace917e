import MovieSources
import MoviesCore

extension SourceDefinition {
  /// A Hoppin-style movies endpoint at `--api`.
  static let hoppin = SourceDefinition(
    name: RecordedSource.hoppin,
    summary: "a Hoppin-style movies endpoint at --api, the default with --api",
    address: .required(example: "http://127.0.0.1:8080/hoppin/movies"),
    capabilities: SourceCapabilities(), make: HoppinSource.make)
}

/// How the Hoppin source is made from the options.
enum HoppinSource {
  static func make(_ context: SourceContext) async throws(StartupError) -> SourceChoice {
    let api = try context.address(of: .hoppin)
    // TMDb's address would only answer 401s and 404s: say which source it is.
    if api.host?.hasSuffix("themoviedb.org") == true || api.path.hasSuffix("/3") {
      throw .wrongSource(
        "--api \(Options.shown(api)) looks like TMDb's API, which the Hoppin source cannot "
          + "read: add --source tmdb.")
    }
    let client = HoppinClient(apiURL: api, engine: try context.engine(), retry: context.retry)
    return SourceChoice(
      source: client, genreSource: HoppinGenres(apiURL: api, http: client.http),
      recorded: RecordedSource(kind: RecordedSource.hoppin, address: api))
  }
}
