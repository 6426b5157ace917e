import MoviesCore

/// What the man page and the completions are built from: the flag table, the command table
/// and the sources, read in one place so that each generator only lays them out.
enum Generated {
  /// The flags a person types, in `--help`'s order (`--pick-preview`, run by fzf, left out).
  static var flags: [Setting] { Setting.all.filter { !$0.flags.isEmpty && !$0.hidden } }

  /// The settings only the config file takes (`pager`, the secrets).
  static var configOnly: [Setting] { Setting.all.filter { $0.flags.isEmpty } }

  /// The command names `-c` takes, with the spoken aliases (`exit`).
  static var commandNames: [String] { CommandSpec.all.flatMap(\.spokenNames) }

  /// The sources `--source` takes, each with what it needs.
  ///
  /// Until each source is declared once (issue 28's `SourceDefinition`), this is the one
  /// place that gathers them; it is the one line to point at the definitions then.
  static var sources: [SourceSummary] { SourceKind.allCases.map(SourceSummary.init) }
}

/// A source as the documents describe it: its name, what it is and the secrets it reads.
struct SourceSummary {
  /// A secret the source reads from the environment or the config file, never a flag.
  struct Secret {
    var environment: String
    var configKey: String
    /// What it is and how it is sent, one clause.
    var meaning: String
  }

  var name: String
  var summary: String
  var secrets: [Secret] = []

  init(_ kind: SourceKind) {
    name = kind.rawValue
    switch kind {
    case .offline:
      summary = "the catalogue installed with the program (the default without --api)"
    case .hoppin:
      summary = "a Hoppin-style movies endpoint at --api (the default with --api)"
    case .tmdb:
      summary = "The Movie Database (--api is its base, default \(SourceChoice.tmdbAPI))"
      secrets = [
        Secret(
          environment: "TMDB_API_KEY", configKey: "tmdb-api-key",
          meaning: "a TMDb v3 API key, sent as the api_key parameter"),
        Secret(
          environment: "TMDB_ACCESS_TOKEN", configKey: "tmdb-access-token",
          meaning: "a TMDb v4 read access token, sent as Authorization: Bearer"),
      ]
    case .jellyfin:
      summary = "a Jellyfin library at --api; --jellyfin-user picks the user for an API key"
      secrets = [
        Secret(
          environment: "JELLYFIN_TOKEN", configKey: "jellyfin-token",
          meaning: "a Jellyfin API key or user access token, sent in the Authorization header")
      ]
    }
  }
}
