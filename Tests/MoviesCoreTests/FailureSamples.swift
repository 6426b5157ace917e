@testable import MovieSources
@testable import MoviesCore

/// A source's request failures as the shared ``SourceHTTP`` words them, for tests that need
/// one without a server.
extension SourceHTTP.Failure {
  static func hoppin(_ cause: Cause, _ target: LoadTarget, attempts: Int = 1) -> Self {
    Self(cause, target, attempts: attempts, from: HoppinClient.server)
  }

  static func tmdb(_ cause: Cause, _ target: LoadTarget, attempts: Int = 1) -> Self {
    Self(cause, target, attempts: attempts, from: TMDbClient.server(credential: "TMDB_API_KEY"))
  }

  static func jellyfin(_ cause: Cause, _ target: LoadTarget, attempts: Int = 1) -> Self {
    Self(cause, target, attempts: attempts, from: JellyfinClient.server)
  }
}
