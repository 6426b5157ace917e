import Foundation
import TestSupport
import Testing

/// `find` searches the whole list: offline at once, over HTTP by loading the rest in large
/// pages that join the list; Ctrl-C stops it and keeps what was loaded.
@Suite(.timeLimit(.minutes(3))) struct FindTests {
  /// The IMDb CSV the catalogues are made from.
  private static let csv = TestPaths.imdbCSV

  @Test func offlineFindGodfatherFromAFreshStartGivesARowThatShowOpens() async throws {
    let run = try await MoviesRun.run([], input: "find godfather\n")
    #expect(run.status == 0)
    let row = try #require(run.tableRows.first { $0.text.hasPrefix("The Godfather ") })
    #expect(run.stdout.contains("3 matches in 2,006 movies ("))

    let show = try await MoviesRun.run([], input: "find godfather\nshow \(row.number)\n")
    #expect(show.status == 0)
    #expect(show.stdout.contains("#\(row.number)  The Godfather\n"))
    #expect(show.stdout.contains("Released      1972"))
  }

  @Test func aKoreanSyllableFindsTheTitleThatStartsWithIt() async throws {
    let run = try await MoviesRun.run([], input: "find 올드\n")
    #expect(run.tableRows.map(\.text).contains { $0.hasPrefix("올드보이") })
  }

  @Test func aBadFilterIsAUsageErrorAndChangesNothing() async throws {
    let run = try await MoviesRun.run(["--json"], input: "find year:abc\nlist\n")
    let lines = run.stdout.split(separator: "\n").compactMap {
      try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
    }
    try #require(lines.count == 3)
    #expect((lines[1]["error"] as? [String: Any])?["code"] as? String == "usage")
    #expect(lines[2]["loaded"] as? Int == 10, "nothing was loaded")
    #expect(run.status == 1)
  }

  /// Every other movie of the test CSV (5,396, about as many as every 12th of the whole IMDb CSV),
  /// made into a catalogue by the repo's own script and served over HTTP; `find` at an odd page
  /// size must list exactly the CSV's titles with the words.
  @Test func aScanOverHTTPListsEveryTitleOfTheCSVWithTheWords() async throws {
    let folder = try TestPaths.makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let lines = try String(contentsOf: Self.csv, encoding: .utf8).split(separator: "\n")
    let sample =
      [lines[0]] + lines.dropFirst().enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
    let smallCSV = folder.appendingPathComponent("small.csv")
    try (sample.joined(separator: "\n") + "\n").write(
      to: smallCSV, atomically: true, encoding: .utf8)
    let catalogue = folder.appendingPathComponent("catalogue")
    let make = Process()
    make.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    make.arguments = [
      "python3", TestPaths.packageRoot.appendingPathComponent("scripts/make-sample-data.py").path,
      "--csv", smallCSV.path, "--all", "--no-posters", "--out", catalogue.path,
    ]
    make.standardOutput = FileHandle.nullDevice
    try make.run()
    make.waitUntilExit()
    try #require(make.terminationStatus == 0)
    // The oracle: the CSV's titles (the second quoted field) holding every word.
    let titles = sample.dropFirst().compactMap { line -> String? in
      let fields = line.split(separator: "\"", omittingEmptySubsequences: false)
      return fields.count > 3 ? String(fields[3]) : nil
    }
    func expected(_ words: [String]) -> [String] {
      titles.filter { title in words.allSatisfy { title.lowercased().contains($0) } }.sorted()
    }

    let server = try await HoppinTestServer(catalogue: catalogue)
    defer { server.stop() }
    let run = try await MoviesRun.run(
      ["--api", server.apiURL.absoluteString, "--count", "7", "--json"],
      input: "find love\nfind the man\nmore\n")

    #expect(run.status == 0, "\(run.stderr)")
    let objects = run.stdout.split(separator: "\n").compactMap {
      try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
    }
    try #require(objects.count == 4)
    func found(_ object: [String: Any]) -> [String] {
      ((object["rows"] as? [[String: Any]]) ?? []).compactMap { $0["title"] as? String }.sorted()
    }
    #expect(found(objects[1]) == expected(["love"]))
    #expect(found(objects[2]) == expected(["the", "man"]))
    #expect(expected(["love"]).count > 10)
    #expect(objects[1]["loaded"] as? Int == titles.count, "the whole list joined")
    #expect(objects[1]["complete"] as? Bool == true)
    #expect(objects[1]["stopped"] as? Bool == false)
    #expect(objects[1]["text"] as? String == "love")
    #expect((objects[1]["seconds"] as? Double).map { $0 > 0 && $0 < 60 } == true)
    // find never moves where `more` goes: it shows rows 8 to 14, already loaded.
    let more = (objects[3]["rows"] as? [[String: Any]])?.compactMap { $0["row"] as? Int }
    #expect(more == Array(8...14))
    #expect(objects[3]["shown"] as? Int == 14)

    // Pages at multiples of --count, never asking for a row twice.
    let requests = try server.requests().filter { $0.path == "/hoppin/movies" }
    var ranges: [Range<Int>] = []
    for request in requests {
      let page = try #require(request.query["page"].flatMap(Int.init))
      let count = try #require(request.query["count"].flatMap(Int.init))
      #expect(count % 7 == 0, "count \(count) is a multiple of --count")
      let range = (page - 1) * count..<page * count
      #expect(!ranges.contains { $0.overlaps(range) }, "rows \(range) asked for twice")
      ranges.append(range)
    }
    #expect(requests.count < 30, "large pages: \(requests.count) requests")
  }

  @Test func ctrlCMidScanKeepsTheListAndTheRowsFound() async throws {
    // Its matches outgrow the screen, which would send them to the pager: off here.
    // Page 3 never answers: the scan loads 64 pages' worth in large pages (two of them 640
    // rows), then waits there.
    let server = try await HoppinTestServer(extraArguments: [
      "--fault", "hang", "--fault-page", "3",
    ])
    defer { server.stop() }
    let session = try TmuxSession(
      arguments: [
        "--api", server.apiURL.absoluteString, "--timeout", "600", "--no-color", "--no-pager",
      ],
      height: 40)
    defer { session.stop() }
    try await session.waitFor("movies 10/2,006>")

    try session.type("find the\r")
    try await session.waitFor("searched 1,280 of 2,006")
    try session.press("C-c")
    // The prompt counts the browsing position, which a search never moves.
    let screen = try await session.waitFor("movies 10/2,006>")
    #expect(screen.contains(" in 1,280 of 2,006 movies ("))
    #expect(screen.contains(" movies ("), "\(screen)")
    // One line says it was stopped, and one what to type: the renderers agree it was cancelled.
    #expect(screen.contains("; stopped."))
    #expect(screen.contains("error: Cancelled; the rows loaded and the matches found so far"))

    try session.type("show 1280\r")
    try await session.waitFor("#1280  ")
    let asked = try server.requests().count
    try session.type("more\r")
    try await session.waitFor("movies 20/2,006>")
    #expect(try server.requests().count == asked, "rows 11 to 20 were loaded already")
  }
}
