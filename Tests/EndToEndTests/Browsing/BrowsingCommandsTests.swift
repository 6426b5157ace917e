import Foundation
import TestSupport
import Testing

/// `genre`, `order`, `genres`, `find`, `open` and `--json` against the local server, checked
/// with its request log and a real JSON parser.
@Suite(.timeLimit(.minutes(1))) struct BrowsingCommandsEndToEndTests {
  /// The sample catalogue's genre list, read from the file the server serves.
  private func genres() throws -> [(id: String, name: String)] {
    let data = try Data(contentsOf: TestPaths.sampleData.appendingPathComponent("genres.json"))
    let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let list = try #require(root["genres"] as? [[String: String]])
    return list.compactMap { entry in
      guard let id = entry["genreId"], let name = entry["genreName"] else { return nil }
      return (id, name)
    }
  }

  private func objects(_ stdout: String) throws -> [[String: Any]] {
    try stdout.split(separator: "\n").map { line in
      try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }
  }

  @Test func genreByNameAsksTheServerForThatGenreID() async throws {
    let server = try await HoppinTestServer()
    defer { server.stop() }
    let drama = try #require(try genres().first { $0.name == "Drama" })

    let run = try await MoviesRun.run(
      ["--api", server.apiURL.absoluteString], input: "genre drama\nmore\n")

    #expect(run.status == 0, "\(run.stderr)")
    let pages = try server.requests().filter { $0.path == "/hoppin/movies" }
    // The first page of every genre; then the Drama pages that `genre` and `more` showed, and
    // at most one page fetched ahead of each query (page 2 of all genres may have been on
    // its way when `genre` cancelled it).
    #expect(pages.first?.query["genreId"] == "" && pages.first?.query["page"] == "1")
    let allGenres = pages.filter { $0.query["genreId"] == "" }.compactMap { $0.query["page"] }
    #expect(allGenres == ["1"] || allGenres == ["1", "2"])
    let dramaPages = pages.filter { $0.query["genreId"] == drama.id }.compactMap {
      $0.query["page"]
    }
    #expect(dramaPages == ["1", "2"] || dramaPages == ["1", "2", "3"])
    #expect(try server.requests().contains { $0.path == "/hoppin/genres" })
    let expected = try await server.titles(page: 1, extraQuery: "&genreId=\(drama.id)")
    for title in expected { #expect(run.stdout.contains(title)) }
  }

  @Test func orderRestartsTheListWithTheNewOrder() async throws {
    let server = try await HoppinTestServer(limit: 30)
    defer { server.stop() }

    let run = try await MoviesRun.run(
      ["--api", server.apiURL.absoluteString, "-c", "more", "-c", "order ratingdesc", "-c", "more"])

    #expect(run.status == 0, "\(run.stderr)")
    let pages = try server.requests().filter { $0.path == "/hoppin/movies" }
    func pagesIn(_ order: String) -> [String] {
      pages.filter { $0.query["order"] == order }.compactMap { $0.query["page"] }
    }
    // Pages 1 and 2 of each order, and at most one more fetched ahead of the last `more`
    // (page 3 of releasedateasc may have been on its way when `order` cancelled it).
    #expect(pages.first?.query["order"] == "releasedateasc")
    #expect(["1", "2"] == pagesIn("releasedateasc").prefix(2))
    #expect(pagesIn("releasedateasc").count <= 3)
    #expect(pagesIn("ratingdesc") == ["1", "2"] || pagesIn("ratingdesc") == ["1", "2", "3"])
  }

  @Test func jsonModeReportsAFailedThumbnailBatchAndExitsOne() async throws {
    let server = try await HoppinTestServer(
      limit: 10, extraArguments: ["--fault", "not-image", "--fault-on", "posters"])
    defer { server.stop() }
    let folder = try TestPaths.makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }

    let run = try await MoviesRun.run([
      "--json", "--api", server.apiURL.absoluteString, "--cache-dir", folder.path,
      "--download-dir", folder.appendingPathComponent("downloads").path, "-c", "thumb 1-2",
    ])

    #expect(run.status == 1, "the same exit status as without --json")
    let batch = try #require(try objects(run.stdout).last)
    #expect(batch["command"] as? String == "thumb")
    #expect(batch["ok"] as? Bool == false)
    #expect((batch["error"] as? [String: Any])?["code"] as? String == "thumbnail")
    #expect((batch["failed"] as? [Any])?.count == 2)
  }

  @Test func jsonModePrintsOneParseableObjectPerCommand() async throws {
    let server = try await HoppinTestServer(limit: 25)
    defer { server.stop() }
    let page = try await server.movies(page: 1)

    let run = try await MoviesRun.run(
      ["--api", server.apiURL.absoluteString, "--json"],
      input: "show 3\nshow 99\nfrobnicate\nfind \(try #require(page[4]["title"] as? String))\n")

    #expect(run.status == 1, "one command failed")
    #expect(run.stderr.isEmpty, "errors are JSON on standard output")
    let lines = try objects(run.stdout)
    try #require(lines.count == 5)
    #expect(lines.map { $0["command"] as? String } == ["more", "show", "show", nil, "find"])
    #expect(lines.map { $0["ok"] as? Bool } == [true, true, false, false, true])

    let rows = try #require(lines[0]["rows"] as? [[String: Any]])
    #expect(rows.map { $0["title"] as? String } == page.map { $0["title"] as? String })
    #expect(lines[0]["total"] as? Int == 25)
    let movie = try #require(lines[1]["movie"] as? [String: Any])
    #expect(movie["title"] as? String == page[2]["title"] as? String)
    #expect(movie["link"] as? String == page[2]["linkUrl"] as? String)
    #expect((lines[2]["error"] as? [String: Any])?["code"] as? String == "no_such_row")
    #expect((lines[3]["error"] as? [String: Any])?["code"] as? String == "usage")
    let found = try #require(lines[4]["rows"] as? [[String: Any]])
    #expect(found.contains { $0["row"] as? Int == 5 })
  }

  @Test func genresListsTheServersGenres() async throws {
    let server = try await HoppinTestServer(limit: 5)
    defer { server.stop() }

    let run = try await MoviesRun.run([
      "--api", server.apiURL.absoluteString, "--json", "-c", "genres",
    ])

    #expect(run.status == 0)
    let list = try #require(try objects(run.stdout).last?["genres"] as? [[String: String]])
    #expect(list.map { $0["name"] } == (try genres()).map(\.name))
  }

  @Test func openHandsTheLinkToXdgOpenOrPrintsIt() async throws {
    let server = try await HoppinTestServer(limit: 5)
    defer { server.stop() }
    let link = try #require(try await server.movies(page: 1).first?["linkUrl"] as? String)
    let folder = try TestPaths.makeTemporaryFolder()
    let opened = folder.appendingPathComponent("opened")
    let fake = folder.appendingPathComponent("xdg-open")
    try TestPaths.writeScript("#!/bin/sh\nprintf '%s\\n' \"$@\" >> '\(opened.path)'\n", to: fake)

    let withOpener = try await MoviesRun.run(
      ["--api", server.apiURL.absoluteString, "-c", "open 1"],
      environment: ["PATH": folder.path + ":/usr/bin:/bin"])
    let empty = try TestPaths.makeTemporaryFolder()
    let without = try await MoviesRun.run(
      ["--api", server.apiURL.absoluteString, "-c", "open 1"], environment: ["PATH": empty.path])

    #expect(withOpener.status == 0)
    #expect(try String(contentsOf: opened, encoding: .utf8) == link + "\n")
    #expect(without.status == 0)
    #expect(without.stdout.hasSuffix(link + "\n"))
  }
}
