import Foundation
import TestSupport
import Testing

@testable import MoviesCore

/// The engine's POST, against the local Jellyfin: a JSON body arrives whole with its length,
/// an empty one still as a POST, and a load without a body stays a GET.
@Suite(.timeLimit(.minutes(1)))
struct HTTPEnginePostTests {
  @Test func aBodyGoesAsAPostAndNoBodyAsAGet() async throws {
    let server = try await JellyfinTestServer(limit: 5)
    let alice = try await server.userID("alice")
    let film = try #require(try await server.films(userID: alice).first)
    let engine = try HTTPEngine()
    let limits = TransferLimits(maxBytes: 1 << 16, deadline: .seconds(10))
    let header =
      "Authorization: MediaBrowser Client=\"t\", Device=\"t\", DeviceId=\"t\", Version=\"1\", "
      + "Token=\"\(JellyfinTestServer.apiKey)\""
    let base = server.baseURL.absoluteString
    let data = try #require(URL(string: "\(base)/UserItems/\(film.id)/UserData?userId=\(alice)"))
    let written = try await engine.load(
      data, limits: limits, headers: [header, "Content-Type: application/json"],
      post: Data(#"{"PlaybackPositionTicks":1234567890}"#.utf8))
    #expect(written.status == 200)
    let played = try #require(URL(string: "\(base)/UserPlayedItems/\(film.id)?userId=\(alice)"))
    #expect(
      try await engine.load(played, limits: limits, headers: [header], post: Data()).status == 200)
    let item = try #require(URL(string: "\(base)/Items/\(film.id)?userId=\(alice)"))
    #expect(try await engine.load(item, limits: limits, headers: [header]).status == 200)
    let log = try server.requests()
    #expect(log.map(\.method).suffix(3) == ["POST", "POST", "GET"])
    #expect(log.suffix(3).first?.body["PlaybackPositionTicks"] == "1234567890")
    #expect(log.suffix(2).first?.body.isEmpty == true)
  }
}
