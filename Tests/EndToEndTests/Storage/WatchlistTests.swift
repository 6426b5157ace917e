import Foundation
import TestSupport
import Testing

@testable import MoviesStore

/// The watchlist in its SQLite file, across processes, and what happens to a file it cannot use.
@Suite(.timeLimit(.minutes(2))) struct WatchlistTests {
  /// A folder for the database, removed afterwards, and `MOVIES_DB` pointing into it.
  private func withDatabase(
    _ body: (_ path: String, _ environment: [String: String]) async throws -> Void
  )
    async throws
  {
    let folder = try TestPaths.makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("movies.sqlite3").path
    try await body(path, ["MOVIES_DB": path])
  }

  /// A `list` longer than any watchlist reads the source's watched keys whole instead of
  /// looking up each row: the marks are the same.
  @Test func aLongListMarksTheWatchedRows() async throws {
    try await withDatabase { _, environment in
      let run = try await MoviesRun.run(
        ["--count", "100", "-c", "watch 5", "-c", "more 20", "-c", "watch 1500", "-c", "list"],
        environment: environment.merging(["LC_ALL": "C", "LANG": "C"]) { _, new in new })
      #expect(run.status == 0, "\(run.stderr)")
      let listed = run.tableRows.suffix(2_006)
      #expect(listed.count == 2_006)
      #expect(listed.filter { $0.text.hasPrefix("* ") }.map(\.number) == [5, 1500])
    }
  }

  @Test func watchedInOneRunListedInTheNextWithTheServerDown() async throws {
    try await withDatabase { _, environment in
      let server = try await HoppinTestServer(limit: 25)
      let titles = try await server.titles(page: 1)
      let watched = try await MoviesRun.run(
        ["--api", server.apiURL.absoluteString, "-c", "watch 2", "-c", "watch 7", "-c", "list"],
        environment: environment.merging(["LC_ALL": "C", "LANG": "C"]) { _, new in new })
      server.stop()
      #expect(watched.status == 0, "\(watched.stderr)")
      #expect(watched.stdout.contains("Added row 7, \"\(titles[6])\", to the watchlist."))
      // The list marks the watched rows (`*` without a UTF-8 locale) and no others.
      let marked = watched.tableRows.filter { $0.text.hasPrefix("* ") }.map(\.number)
      #expect(marked.suffix(2) == [2, 7], "\(watched.stdout)")

      // The server is gone: the next run's first page fails, but the watchlist is all local.
      let listed = try await MoviesRun.run(
        [
          "--api", server.apiURL.absoluteString, "--retries", "0", "-c", "watchlist", "-c",
          "show w2",
        ],
        environment: environment)
      #expect(listed.status == 1, "the first page failed")
      #expect(listed.stdout.contains("w1  \(titles[6])"), "newest first: \(listed.stdout)")
      #expect(listed.stdout.contains("w2  \(titles[1])"))
      #expect(listed.stdout.contains("On the watchlist, from \(server.apiURL.absoluteString)"))

      let json = try await MoviesRun.run(
        ["--json", "-c", "watchlist"], environment: environment)
      let line = try #require(json.stdout.split(separator: "\n").last)
      let object = try #require(
        try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      let entries = try #require(object["entries"] as? [[String: Any]])
      #expect(entries.compactMap { $0["title"] as? String } == [titles[6], titles[1]])
      #expect(entries.allSatisfy { $0["onWatchlist"] as? Bool == true })
    }
  }

  /// `find` prints its rows as it finds them, before the result: they are marked too.
  @Test func findsStreamedRowsMarkTheWatchedOnes() async throws {
    try await withDatabase { _, environment in
      let server = try await HoppinTestServer(limit: 25)
      defer { server.stop() }
      let titles = try await server.titles(page: 1)
      let run = try await MoviesRun.run(
        ["--api", server.apiURL.absoluteString, "-c", "watch 2", "-c", "find \(titles[1])"],
        environment: environment.merging(["LC_ALL": "C", "LANG": "C"]) { _, new in new })
      #expect(run.status == 0, "\(run.stderr)")
      let found = run.tableRows.filter {
        $0.text.hasSuffix(titles[1]) || $0.text.contains(titles[1] + " ")
      }
      #expect(found.contains { $0.number == 2 && $0.text.hasPrefix("* ") }, "\(run.stdout)")
      #expect(found.filter { $0.number != 2 }.allSatisfy { !$0.text.hasPrefix("* ") })
    }
  }

  @Test func watchedRowsAreWatchedInJSONAndUnwatchTakesThemOff() async throws {
    try await withDatabase { _, environment in
      let run = try await MoviesRun.run(
        ["--json", "-c", "watch 3", "-c", "list", "-c", "unwatch w1", "-c", "list"],
        environment: environment)
      #expect(run.status == 0, "\(run.stderr)")
      let objects = run.stdout.split(separator: "\n").compactMap {
        try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
      }
      func watchedRows(_ object: [String: Any]) -> [Int] {
        (object["rows"] as? [[String: Any]] ?? []).filter { $0["onWatchlist"] as? Bool == true }
          .compactMap { $0["row"] as? Int }
      }
      // With -c the first page is loaded but not printed: one object per command.
      try #require(objects.count == 4)
      #expect(watchedRows(objects[1]) == [3])
      #expect(objects[2]["removed"] as? Bool == true)
      #expect(watchedRows(objects[3]).isEmpty)
    }
  }

  @Test func thumbOfAnEntryLoadsFromItsOwnSourceOnly() async throws {
    try await withDatabase { _, environment in
      let server = try await HoppinTestServer(limit: 25)
      defer { server.stop() }
      let folders = try ThumbnailFolders()
      defer { folders.remove() }
      let saved = try await MoviesRun.run(
        folders.arguments(for: server) + ["--json", "-c", "watch 3", "-c", "thumb w1"],
        environment: environment)
      #expect(saved.status == 0, "\(saved.stderr)")
      let line = try #require(saved.stdout.split(separator: "\n").last)
      let object = try #require(
        try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      #expect(object["entry"] as? String == "w1")
      let file = try #require(object["file"] as? String)
      #expect(
        file.hasPrefix(folders.downloads.path) && FileManager.default.fileExists(atPath: file))
      // Named after the entry, so it never takes the name row 1's poster would have.
      #expect(URL(fileURLWithPath: file).lastPathComponent.hasPrefix("w1-"), "\(file)")
      #expect(try server.posterRequests().count == 1)

      // Offline, the same entry's poster is the server's: refused, with what works instead.
      let offline = try await MoviesRun.run(["-c", "thumb w1"], environment: environment)
      #expect(offline.status == 1)
      #expect(offline.stderr.contains("'open w1' and 'show w1' work here"), "\(offline.stderr)")
    }
  }

  @Test func twoProcessesWatchingAtTheSameMomentLoseNothing() async throws {
    try await withDatabase { path, environment in
      // Several at once, on a file that does not exist yet: creating it and migrating race too.
      let rows = 1...6
      let runs = try await withThrowingTaskGroup(of: MoviesRun.self) { group in
        for row in rows {
          group.addTask {
            try await MoviesRun.run(
              ["--count", "10", "-c", "watch \(row)"], environment: environment)
          }
        }
        return try await group.reduce(into: []) { $0.append($1) }
      }
      #expect(runs.allSatisfy { $0.status == 0 }, "\(runs.map(\.stderr))")
      let list = try await MoviesRun.run(["-c", "watchlist"], environment: environment)
      let entries = list.stdout.split(separator: "\n").filter { $0.hasPrefix("w") }
      #expect(entries.count == rows.count, "\(list.stdout)")
      #expect(try SQLiteDatabase(path: path).query("PRAGMA integrity_check") == [[.text("ok")]])
    }
  }

  @Test func aCorruptFileIsReportedKeptByteForByteAndTheSessionGoesOn() async throws {
    try await withDatabase { path, environment in
      var bytes = Data("SQLite format 3\u{0}".utf8)
      bytes.append(Data((0..<8_000).map { UInt8(truncatingIfNeeded: $0 &* 7919) }))
      try bytes.write(to: URL(fileURLWithPath: path))

      let run = try await MoviesRun.run(
        ["-c", "watch 1", "-c", "show 2", "-c", "watchlist"], environment: environment)
      #expect(run.status == 1)
      #expect(run.stdout.contains("#2  "), "the session goes on")
      let lines = run.stderr.split(separator: "\n")
      #expect(lines.first?.hasPrefix("warning: \(path) ") == true, "\(run.stderr)")
      #expect(lines.filter { $0.hasPrefix("error: \(path) ") }.count == 2, "\(run.stderr)")
      #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)
      let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
      #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["movies.sqlite3"])
    }
  }

  @Test func killedDuringABurstOfWatchesTheFileStaysSound() async throws {
    try await withDatabase { path, environment in
      let session = try MoviesSession(["--count", "1000"], environment: environment)
      try await session.waitForOutput(containing: "Showing 1,000")
      // Ten thousand transactions (watch all, unwatch all, five times over): more than the
      // pipe holds, so the kill lands in the middle however fast the machine is.
      for phase in 0..<10 {
        for row in 1...1_000 { session.send("\(phase % 2 == 0 ? "watch" : "unwatch") \(row)") }
      }
      try await session.waitForOutput(containing: "Added row 40,")
      session.killNow()

      let acknowledged = session.stdout.split(separator: "\n").filter {
        $0.hasPrefix("Added row") || $0.hasPrefix("Took ")
      }.count
      let database = try SQLiteDatabase(path: path)
      #expect(try database.query("PRAGMA integrity_check") == [[.text("ok")]])
      let count = try #require(
        database.query("SELECT count(*) FROM watchlist").first?.first?.integer)
      // Every change that was reported is kept; at most the one in flight is lost or kept.
      let (phase, done) = acknowledged.quotientAndRemainder(dividingBy: 1_000)
      let expected = phase % 2 == 0 ? done : 1_000 - done
      #expect(abs(Int(count) - expected) <= 1, "\(acknowledged) reported, \(count) kept")
      #expect(acknowledged < 10_000, "killed mid-burst")
    }
  }
}

/// Numbers read back from the database that JSON cannot hold.
@Suite(.timeLimit(.minutes(2))) struct WatchlistNumberTests {
  @Test func anInfiniteRatingIsNullAndTheObjectKeepsItsCommand() async throws {
    let folder = try TestPaths.makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("movies.sqlite3").path
    let watched = try await MoviesRun.run(["-c", "watch 1"], environment: ["MOVIES_DB": path])
    #expect(watched.status == 0, "\(watched.stderr)")
    // 9e999 is infinity to SQLite.
    try PythonSQLite.run("UPDATE watchlist SET rating = 9e999, added_at = -9e999;", on: path)

    let run = try await MoviesRun.run(
      ["--json", "-c", "watchlist", "-c", "show w1"], environment: ["MOVIES_DB": path])

    #expect(run.status == 0, "\(run.stderr)")
    let objects = run.stdout.split(separator: "\n").compactMap {
      try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
    }
    try #require(objects.count == 2, "\(run.stdout)")
    #expect(objects.map { $0["command"] as? String } == ["watchlist", "show"])
    let entry = try #require((objects[0]["entries"] as? [[String: Any]])?.first)
    #expect(entry["rating"] is NSNull)
    #expect(entry["added"] is NSNull)
    #expect(objects.allSatisfy { $0["ok"] as? Bool == true })
  }
}
