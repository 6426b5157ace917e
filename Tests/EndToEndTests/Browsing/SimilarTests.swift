import Foundation
import TestSupport
import Testing

/// `similar N` against the local TMDb, Jellyfin and Plex: one request to the server's own
/// "more like this", its films listed as matches f1, f2, … that the row commands act on; a
/// source without it refuses in one sentence.
@Suite(.timeLimit(.minutes(3))) struct SimilarTests {
  /// The `fN` rows a run printed: their labels and the start of their titles.
  private static func matches(_ stdout: String) -> [(label: String, text: String)] {
    let lines = stdout.split(separator: "\n")
    let summary = lines.firstIndex { $0.contains(" films like '") } ?? lines.endIndex
    return lines[..<summary].compactMap { line in
      let trimmed = line.drop { $0 == " " }
      guard trimmed.first == "f", let space = trimmed.firstIndex(of: " "),
        Int(trimmed[trimmed.index(after: trimmed.startIndex)..<space]) != nil
      else { return nil }
      return (String(trimmed[..<space]), trimmed[space...].trimmingCharacters(in: .whitespaces))
    }
  }

  @Test func tmdbListsItsRecommendationsAsMatches() async throws {
    let server = try await TMDbTestServer(limit: 60)
    let cache = try TestPaths.makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: cache) }
    let results = try await server.results()
    let row = try #require(results.firstIndex { !($0["genre_ids"] as? [Int] ?? []).isEmpty }) + 1
    let id = try #require(results[row - 1]["id"] as? Int)
    let run = try await MoviesRun.run(
      server.arguments(["--no-prefetch", "-c", "similar \(row)", "-c", "show f2"]),
      environment: server.environment(cache: cache))
    #expect(run.status == 0, "\(run.stderr)")
    let asked = try server.requests(to: "/3/movie/\(id)/recommendations")
    #expect(asked.count == 1)
    let liked = try await server.results("movie/\(id)/recommendations")
    let titles = liked.compactMap { $0["title"] as? String }
    let shown = Self.matches(run.stdout)
    #expect(shown.map(\.label) == titles.indices.map { "f\($0 + 1)" }, "\(run.stdout)")
    for (match, title) in zip(shown, titles) {
      #expect(match.text.hasPrefix(String(title.prefix(20))), "\(match.text) is \(title)")
    }
    #expect(run.stdout.contains("\(titles.count) films like '"), "\(run.stdout)")
    #expect(run.stdout.contains("f2  \(titles[1])"), "show f2 shows the second")
    let pages = try server.pages()
    #expect(pages == [1], "the list stayed as it was: \(pages)")
  }

  @Test func jellyfinAsksItsSimilarItems() async throws {
    let server = try await JellyfinTestServer(limit: 40)
    // The first row whose film has a genre: the stand-in finds films like it by genre.
    let listed = try await server.items(
      query: "IncludeItemTypes=Movie&Recursive=true&SortBy=DateCreated,SortName"
        + "&SortOrder=Descending,Ascending&Limit=5&Fields=Genres")
    let row = try #require(listed.firstIndex { !($0["Genres"] as? [String] ?? []).isEmpty }) + 1
    let run = try await MoviesRun.run(
      [
        "--source", "jellyfin", "--api", server.baseURL.absoluteString, "--jellyfin-user",
        "alice", "--no-prefetch", "--count", "5", "-c", "similar \(row)",
      ], environment: ["JELLYFIN_TOKEN": JellyfinTestServer.apiKey])
    #expect(run.status == 0, "\(run.stderr)")
    let asked = try server.requests().filter { $0.path.hasSuffix("/Similar") }
    let request = try #require(asked.first)
    #expect(asked.count == 1)
    #expect(request.path == "/Items/\(listed[row - 1]["Id"] as? String ?? "")/Similar")
    #expect(request.query["Limit"] == "20")
    let expected = try await server.items(
      request.path, query: "userId=\(request.query["userId"] ?? "")&Limit=20")
    let names = expected.compactMap { $0["Name"] as? String }
    #expect(!names.isEmpty)
    let shown = Self.matches(run.stdout)
    #expect(shown.count == names.count, "\(run.stdout)")
    for (match, name) in zip(shown, names) {
      // After the mark of what was seen, where the source knows it.
      #expect(match.text.contains(String(name.prefix(20))), "\(match.text) is \(name)")
    }
  }

  @Test func plexAsksItsSimilarFilms() async throws {
    let server = try await PlexTestServer(limit: 40)
    let listed = try await server.metadata(
      "/library/sections/1/all?type=1&sort=addedAt:desc,titleSort", size: 5)
    var row = 1
    for (index, film) in listed.enumerated() {
      let key = film["ratingKey"] as? String ?? ""
      if try await !server.metadata("/library/metadata/\(key)/similar").isEmpty {
        row = index + 1
        break
      }
    }
    let run = try await MoviesRun.run(
      server.arguments(["--no-prefetch", "--count", "5", "--json", "-c", "similar \(row)"]),
      environment: PlexTestServer.environment)
    #expect(run.status == 0, "\(run.stderr)")
    let asked = try server.requests().filter {
      $0.path.hasSuffix("/similar") && $0.headers["X-Plex-Client-Identifier"] != "oracle"
    }
    let path = try #require(asked.first?.path)
    #expect(asked.count == 1)
    let expected = try await server.metadata(path).compactMap { $0["title"] as? String }
    #expect(!expected.isEmpty)
    let line = try #require(run.stdout.split(separator: "\n").last)
    let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
    let rows = object?["rows"] as? [[String: Any]] ?? []
    #expect(rows.compactMap { $0["title"] as? String } == expected)
    #expect(rows.first?["match"] as? String == "f1")
  }

  @Test func aSourceWithoutItRefusesInOneSentence() async throws {
    let run = try await MoviesRun.run(["-c", "similar 1"])
    #expect(run.status == 1)
    #expect(
      run.stderr.contains("This source does not know which films are like another"),
      "\(run.stderr)")
    #expect(run.stderr.split(separator: "\n").count == 1)
  }
}
