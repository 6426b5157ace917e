import Foundation
import MoviesCore
import Synchronization

/// Which of Jellyfin's paths a server takes for a user's items: 10.9's
/// (`/UserItems/{id}/UserData?userId=`, `/UserPlayedItems/{id}`, `/Items/{id}?userId=`), or
/// the older ones under `/Users/{userId}/`. The current ones are tried first; a 404 to one
/// of them moves this server to the older ones for the rest of the run.
final class JellyfinPaths: Sendable {
  private let older = Mutex(false)

  /// `ask` at `current`, or at `older` when this server has answered a current path 404.
  func trying<Value: Sendable>(
    current: URL, older olderPath: URL, _ ask: (URL) async throws -> Value
  ) async throws -> Value {
    if older.withLock({ $0 }) { return try await ask(olderPath) }
    do {
      return try await ask(current)
    } catch let failure as SourceHTTP.Failure {
      guard case .status(404, _) = failure.cause else { throw failure }
      let answer = try await ask(olderPath)
      older.withLock { $0 = true }
      return answer
    }
  }
}
