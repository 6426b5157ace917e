import Foundation
import Testing

@testable import MovieSources
@testable import MoviesCore

/// The parts of the HTTP client that need no network: the addresses it builds.
@Suite(.timeLimit(.minutes(1))) struct HoppinClientTests {
  private func client(_ api: String) throws -> HoppinClient {
    HoppinClient(
      apiURL: try #require(URL(string: api)), engine: try HTTPEngine())
  }

  @Test func pageURLKeepsTheAPIsOwnItemsAndSetsThePagingOnes() throws {
    let url = try client("https://api.example/hoppin/movies?key=abc&page=9&order=x")
      .pageURL(3, of: MovieQuery(genreID: "4", order: "ratingdesc", pageSize: 20))
    let components = try #require(URLComponents(url: url, resolvingAgainstBaseURL: false))
    #expect(components.host == "api.example")
    #expect(components.path == "/hoppin/movies")
    #expect(
      components.queryItems == [
        URLQueryItem(name: "key", value: "abc"), URLQueryItem(name: "version", value: "1"),
        URLQueryItem(name: "page", value: "3"), URLQueryItem(name: "count", value: "20"),
        URLQueryItem(name: "genreId", value: "4"), URLQueryItem(name: "order", value: "ratingdesc"),
      ])
  }

  @Test(arguments: [
    ("http://images.example/1.jpg", "http://images.example/1.jpg"),
    ("HTTPS://images.example/2.png", "https://images.example/2.png"),
    ("/posters/3.png", "https://api.example/posters/3.png"),
  ])
  func thumbnailAddressesOverHTTP(reference: String, expected: String) throws {
    let url = try client("https://api.example/hoppin/movies").thumbnailURL(for: reference)
    #expect(url.absoluteString.lowercased() == expected.lowercased())
  }

  @Test(arguments: ["file:///etc/passwd", "ftp://images.example/1.jpg", "javascript:alert(1)"])
  func otherSchemesAreRefused(reference: String) throws {
    let client = try client("https://api.example/hoppin/movies")
    let error = #expect(throws: HoppinClient.Error.self) { try client.thumbnailURL(for: reference) }
    guard case .unsupportedThumbnailAddress(let address)? = error else {
      Issue.record("expected unsupportedThumbnailAddress, got \(String(describing: error))")
      return
    }
    #expect(address == reference)
  }
}
