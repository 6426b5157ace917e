import Foundation
import Testing

@testable import MoviesCore

/// The engine follows redirects itself: a credential header of any name goes only to the
/// scheme, host and port it was given for.
@Suite(.timeLimit(.minutes(1))) struct HTTPEngineRedirectTests {
  static let headers = [
    "X-Plex-Token: secret", "Authorization: MediaBrowser Token=\"secret\"",
    "X-Emby-Token: secret", "Accept: application/json", "Cookie: a=b",
  ]
  static let first = URL(string: "http://media.example:32400/library/sections/1/all")

  @Test func theSameOriginGetsEveryHeader() throws {
    let next = try #require(URL(string: "HTTP://Media.Example:32400/elsewhere?x=1"))
    #expect(
      HTTPEngine.headers(Self.headers, from: try #require(Self.first), to: next) == Self.headers)
  }

  @Test(arguments: [
    "http://media.example:32401/x", "https://media.example:32400/x", "http://cdn.example:32400/x",
    "http://127.0.0.1:32400/x", "http://media.example/x",
  ])
  func anotherSchemeHostOrPortGetsNoCredential(_ address: String) throws {
    let next = try #require(URL(string: address))
    #expect(
      HTTPEngine.headers(Self.headers, from: try #require(Self.first), to: next) == [
        "Accept: application/json"
      ])
  }

  @Test func theDefaultPortIsTheSameOrigin() throws {
    let first = try #require(URL(string: "https://media.example/a"))
    let next = try #require(URL(string: "https://media.example:443/b"))
    #expect(HTTPEngine.headers(Self.headers, from: first, to: next).count == Self.headers.count)
  }
}
