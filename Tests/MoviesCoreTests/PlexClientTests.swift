import Foundation
import TestSupport
import Testing

@testable import MovieSources
@testable import MoviesCore

/// The Plex adapter against the local Plex: the library it picks, the page it asks for in the
/// container headers, and posters and streams that stay on the server with the token in a
/// header.
@Suite(.timeLimit(.minutes(2))) struct PlexClientTests {
  private static func headers(_ token: String = PlexTestServer.token) throws -> PlexHeaders {
    try PlexHeaders(token: token, clientIdentifier: "tests", version: "1")
  }

  private func client(_ server: PlexTestServer, library: String? = nil) async throws -> PlexClient {
    let headers = try Self.headers()
    return try await PlexClient.connect(
      server: server.baseURL, headers: headers, library: library,
      http: PlexClient.http(headers: headers, engine: try HTTPEngine()))
  }

  @Test func pagesGoByTheContainerHeadersAndEndAtTheTotal() async throws {
    let server = try await PlexTestServer(limit: 25)
    let client = try await client(server)
    #expect(client.section == PlexParser.Section(key: "1", title: "Movies"))
    #expect(client.machineIdentifier == PlexTestServer.machineIdentifier)
    let query = MovieQuery(order: "titleasc", pageSize: 10)
    let first = try await client.page(1, of: query)
    let third = try await client.page(3, of: query)
    #expect(first.totalCount == 25)
    #expect(first.movies.count == 10 && third.movies.count == 5)
    #expect(
      first.movies.map(\.title)
        == (try await server.titles(query: "sort=titleSort", start: 0, size: 10)))
    let pages = try server.listRequests().filter {
      $0.headers["X-Plex-Client-Identifier"] == "tests"
    }
    #expect(pages.map(\.containerStart) == [0, 20])
    #expect(pages.allSatisfy { $0.containerSize == 10 && $0.tokenVia == "header" })
  }

  @Test func aLibraryIsChosenByNameInAnyCaseAndAnUnknownOneListsTheOthers() async throws {
    let server = try await PlexTestServer(limit: 20)
    #expect(try await client(server, library: "FILMS 4k").section.key == "3")
    await #expect {
      _ = try await client(server, library: "Cartoons")
    } throws: { error in
      (error as? PlexClient.Error)?.message
        == "The Plex server has no movie library 'Cartoons'; its movie libraries are Movies, "
        + "Films 4K."
    }
  }

  @Test func postersAndStreamsStayOnTheServerWithTheTokenInAHeader() async throws {
    let server = try await PlexTestServer(limit: 10)
    let client = try await client(server)
    let url = try client.thumbnailURL(for: "/library/metadata/1001/thumb/5")
    #expect(url.path == "/photo/:/transcode")
    #expect(url.query?.contains("url=%2Flibrary%2Fmetadata%2F1001%2Fthumb%2F5") == true)
    #expect(!url.absoluteString.contains(PlexTestServer.token))
    for foreign in ["http://elsewhere.example/p.jpg", "//elsewhere.example/p.jpg", "x\u{1B}"] {
      #expect(throws: SourceHTTP.Unusable.self) { try client.thumbnailURL(for: foreign) }
    }
    let movie = Movie(
      id: "1001", title: "A",
      otherFields: [PlexParser.streamField: "/library/parts/1001/1/file.mkv"],
      playback: Playback(played: false, position: 90))
    let stream = try #require(client.stream(for: movie))
    #expect(
      stream.url.absoluteString == server.baseURL.absoluteString + "/library/parts/1001/1/file.mkv")
    #expect(stream.headers.contains("X-Plex-Token: " + PlexTestServer.token))
    #expect(stream.start == 90)
    #expect(!stream.url.absoluteString.contains(PlexTestServer.token))
    #expect(client.stream(for: Movie(id: "1", title: "B")) == nil)
  }
}
