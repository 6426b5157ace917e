import Foundation
import TestSupport
import Testing

/// `show N` in one order on every source, and `--json` with the same data keys, against the
/// local TMDb, Jellyfin and Plex: TMDb's details in one request, Jellyfin's with the item.
@Suite(.timeLimit(.minutes(3))) struct DetailsOrderTests {
  /// The labels `show` prints, in order, up to the first that is not one of `known`.
  private static let decidingOrder = [
    "Overview", "Where to watch", "Progress", "Running time", "Genres", "Rating",
    "Released",
    "Directors", "Cast",
  ]

  private static func labels(_ stdout: String) -> [String] {
    stdout.split(separator: "\n").compactMap { line -> String? in
      guard line.hasPrefix("  "), !line.hasPrefix("   ") else { return nil }
      let label = line.dropFirst(2).components(separatedBy: "  ").first ?? ""
      return decidingOrder.contains(label) ? label : nil
    }
  }

  /// Whether the first view's labels come in the deciding order, with `required` among them.
  private static func inOrder(_ stdout: String, with required: [String]) -> Bool {
    var labels = labels(stdout)
    if let again = labels.dropFirst().firstIndex(of: "Overview") {
      labels = Array(labels[..<again])
    }
    return labels == decidingOrder.filter(labels.contains)
      && required.allSatisfy(labels.contains)
  }

  private static func value(of label: String, in stdout: String) -> String? {
    stdout.split(separator: "\n").first { $0.hasPrefix("  \(label) ") }.map {
      $0.dropFirst(2 + label.count).trimmingCharacters(in: .whitespaces)
    }
  }

  private static func jsonMovie(_ run: MoviesRun) throws -> [String: Any] {
    let line = try #require(run.stdout.split(separator: "\n").last)
    let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
    return try #require(object?["movie"] as? [String: Any])
  }

  /// The keys a movie has on every source, and none of them a display label.
  private static func expectDataKeys(_ movie: [String: Any], source: String) {
    for key in ["overview", "runtime", "tagline", "directors", "cast", "imdbId", "trailer"] {
      #expect(movie.keys.contains(key), "\(source) has \(key)")
    }
    #expect(movie["runningTime"] == nil, "\(source)")
    #expect((movie["directors"] as? [String])?.isEmpty == false, "\(source)")
    #expect((movie["cast"] as? [String])?.isEmpty == false, "\(source)")
    let other = movie["otherFields"] as? [String: Any] ?? [:]
    // The server's own names or data keys, as `--json` has them: "criticRating", not
    // "Critic rating".
    for key in other.keys {
      #expect(
        key.first?.isLowercase == true && !key.contains(" "),
        "\(source)'s \(key) is a display label as a key")
    }
  }

  @Test func tmdbShowsInOneRequestWhatDecidesFirst() async throws {
    let server = try await TMDbTestServer(limit: 60)
    let cache = try TestPaths.makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: cache) }
    let first = try #require(try await server.results().first)
    let id = try #require(first["id"] as? Int)
    let run = try await MoviesRun.run(
      server.arguments(["--no-prefetch", "-c", "show 1", "-c", "show 1"]),
      environment: server.environment(cache: cache))
    #expect(run.status == 0, "\(run.stderr)")
    let asked = try server.requests().filter { $0.path.hasPrefix("/3/movie/") }
    #expect(asked.map(\.path) == ["/3/movie/\(id)"], "one request per film: \(asked)")
    #expect(asked.first?.query["append_to_response"] == "credits,videos,watch/providers")
    #expect(
      Self.inOrder(
        run.stdout, with: ["Overview", "Where to watch", "Running time", "Directors", "Cast"]),
      "\(run.stdout)")
    // The oracle: the same answer straight from the server.
    let details = try await server.document("movie/\(id)", query: "append_to_response=credits")
    let credits = try #require(details["credits"] as? [String: Any])
    let crew = credits["crew"] as? [[String: Any]] ?? []
    let directors = crew.filter { $0["job"] as? String == "Director" }.compactMap {
      $0["name"] as? String
    }
    let cast = (credits["cast"] as? [[String: Any]] ?? [])
      .sorted { ($0["order"] as? Int ?? 0) < ($1["order"] as? Int ?? 0) }
      .compactMap { $0["name"] as? String }
    #expect(Self.value(of: "Directors", in: run.stdout) == directors.joined(separator: ", "))
    #expect(
      Self.value(of: "Cast", in: run.stdout) == cast.prefix(5).joined(separator: ", "),
      "the first five in billing order")
  }

  @Test func tmdbJSONCarriesTheProvidersAsData() async throws {
    let server = try await TMDbTestServer(limit: 60)
    let cache = try TestPaths.makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: cache) }
    let results = try await server.results()
    // A film TMDb's stand-in offers somewhere (every fifth is offered nowhere).
    let row = try #require(results.firstIndex { ($0["id"] as? Int ?? 0) % 5 != 0 }) + 1
    let id = try #require(results[row - 1]["id"] as? Int)
    let run = try await MoviesRun.run(
      server.arguments(["--no-prefetch", "--json", "--region", "GB", "-c", "show \(row)"]),
      environment: server.environment(cache: cache))
    #expect(run.status == 0, "\(run.stderr)")
    let movie = try Self.jsonMovie(run)
    Self.expectDataKeys(movie, source: "TMDb")
    let providers = try #require(movie["providers"] as? [String: Any])
    let oracle = try await server.document("movie/\(id)/watch/providers")
    let gb = (oracle["results"] as? [String: Any])?["GB"] as? [String: Any] ?? [:]
    func names(_ kind: String) -> [String] {
      (gb[kind] as? [[String: Any]] ?? []).compactMap { $0["provider_name"] as? String }
    }
    #expect(providers["region"] as? String == "GB")
    #expect(providers["stream"] as? [String] == names("flatrate"))
    #expect(providers["rent"] as? [String] == names("rent"))
    #expect(providers["buy"] as? [String] == names("buy"))
    #expect(providers["link"] as? String == gb["link"] as? String)
    let runtime = try await server.document("movie/\(id)")["runtime"] as? Int
    #expect(movie["runtime"] as? Int == runtime)
  }

  @Test func jellyfinShowsTheSameOrderFromTheItemAlone() async throws {
    let server = try await JellyfinTestServer(limit: 30)
    let arguments = [
      "--source", "jellyfin", "--api", server.baseURL.absoluteString, "--jellyfin-user", "alice",
      "--no-prefetch", "--count", "5",
    ]
    let environment = ["JELLYFIN_TOKEN": JellyfinTestServer.apiKey]
    let run = try await MoviesRun.run(arguments + ["-c", "show 1"], environment: environment)
    #expect(run.status == 0, "\(run.stderr)")
    let pages = try server.itemRequests()
    let paths = try server.requests().map(\.path)
    #expect(pages.count == 1, "show asked nothing more: \(paths)")
    let fields = Set((pages.first?.query["Fields"] ?? "").split(separator: ",").map(String.init))
    #expect(fields.isSuperset(of: ["People", "RemoteTrailers"]))
    #expect(
      Self.inOrder(run.stdout, with: ["Overview", "Running time", "Directors", "Cast"]),
      "\(run.stdout)")
    let item = try #require(
      try await server.items(
        query: "userId=&IncludeItemTypes=Movie&Recursive=true&SortBy=DateCreated,SortName"
          + "&SortOrder=Descending,Ascending&Limit=1&Fields=People"
      ).first)
    let people = item["People"] as? [[String: Any]] ?? []
    let actors = people.filter { $0["Type"] as? String == "Actor" }.compactMap {
      $0["Name"] as? String
    }
    let director = people.first { $0["Type"] as? String == "Director" }?["Name"] as? String
    #expect(Self.value(of: "Directors", in: run.stdout) == director)
    #expect(Self.value(of: "Cast", in: run.stdout) == actors.prefix(5).joined(separator: ", "))
    let json = try await MoviesRun.run(
      arguments + ["--json", "-c", "show 1"], environment: environment)
    Self.expectDataKeys(try Self.jsonMovie(json), source: "Jellyfin")
  }

  @Test func plexShowsTheSameOrderWithItsExtrasAskedOnce() async throws {
    let server = try await PlexTestServer(limit: 30)
    let run = try await MoviesRun.run(
      server.arguments(["--no-prefetch", "--count", "5", "-c", "show 2"]),
      environment: PlexTestServer.environment)
    #expect(run.status == 0, "\(run.stderr)")
    let details = try server.requests().filter { $0.path.hasPrefix("/library/metadata/") }
    #expect(details.count == 1, "\(details.map(\.path))")
    #expect(details.first?.query["includeExtras"] == "1")
    #expect(
      Self.inOrder(run.stdout, with: ["Overview", "Running time", "Directors", "Cast"]),
      "\(run.stdout)")
    let json = try await MoviesRun.run(
      server.arguments(["--no-prefetch", "--count", "5", "--json", "-c", "show 2"]),
      environment: PlexTestServer.environment)
    let movie = try Self.jsonMovie(json)
    Self.expectDataKeys(movie, source: "Plex")
    let trailer = try #require(movie["trailer"] as? String)
    #expect(trailer.hasPrefix(server.baseURL.absoluteString) && trailer.hasSuffix("/trailer.mp4"))
    #expect(!trailer.contains(PlexTestServer.token))
  }
}
