extension SourceDefinition {
  /// Every source, in the order `--help` lists them. A new source is one line here.
  static let all: [SourceDefinition] = [.offline, .hoppin, .tmdb, .jellyfin, .plex]
}
