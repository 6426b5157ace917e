import Foundation
import TestSupport
import Testing

/// What script mode checks and says (issue 11): `-c` prints only what its commands
/// produce, default paths follow `$HOME`, genres and orders are checked, ranges clamp, the
/// config file, honest wording for offline posters, failed openers and HTML answers.
@Suite(.timeLimit(.minutes(2))) struct ScriptArgumentsAndMessagesTests {
  @Test func dashCPrintsOnlyWhatItsCommandsProduce() async throws {
    let ordered = try await MoviesRun.run(["--json", "-c", "order rating"])
    #expect(ordered.status == 0, "\(ordered.stderr)")
    let lines = ordered.stdout.split(separator: "\n")
    #expect(lines.count == 1, "one object for one command, no startup page")
    #expect(lines.first?.contains(#""order":"ratingdesc""#) == true)

    let shown = try await MoviesRun.run(["--json", "-c", "show 3"])
    #expect(shown.stdout.split(separator: "\n").count == 1)
    #expect(shown.stdout.contains(#""command":"show""#))

    let text = try await MoviesRun.run(["-c", "show 3"])
    #expect(text.status == 0)
    #expect(text.stdout.hasPrefix("#3  "), "no table before it: \(text.stdout.prefix(200))")
    // A first page that fails is still reported, as JSON too.
    let failed = try await MoviesRun.run(
      ["--json", "--retries", "0", "--api", "http://127.0.0.1:9/hoppin/movies", "-c", "list"])
    #expect(failed.status == 1)
    #expect(failed.stdout.split(separator: "\n").first?.contains(#""ok":false"#) == true)
    // Piped standard input still shows the first page.
    let piped = try await MoviesRun.run([], input: "show 3\n")
    #expect(piped.tableRows.count == 10)
  }

  @Test func theImageCacheFollowsHome() async throws {
    let home = try TestPaths.makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: home) }
    let run = try await MoviesRun.run(
      ["-c", "thumb 1"], environment: ["HOME": home.path, "XDG_CACHE_HOME": ""],
      workingDirectory: home)
    #expect(run.status == 0, "\(run.stderr)")
    let cached = try FileManager.default.contentsOfDirectory(
      atPath: home.appendingPathComponent(".cache/movies/thumbnails").path)
    #expect(!cached.isEmpty)
    #expect(!run.stdout.contains("disk cache"), "a fresh HOME has nothing cached")

    // Over HTTP nothing but the image cache is written under HOME (no URLCache folder).
    let server = try await HoppinTestServer(limit: 5)
    defer { server.stop() }
    let http = try await MoviesRun.run(
      ["--api", server.apiURL.absoluteString, "-c", "thumb 2"],
      environment: ["HOME": home.path, "XDG_CACHE_HOME": ""], workingDirectory: home)
    #expect(http.status == 0, "\(http.stderr)")
    let written = try FileManager.default.contentsOfDirectory(
      atPath: home.appendingPathComponent(".cache").path)
    #expect(written == ["movies"])
  }

  @Test func anUnknownGenreIsRefusedAndTheListKept() async throws {
    let command = try await MoviesRun.run(["-c", "genre 99", "-c", "list"])
    #expect(command.status == 1)
    #expect(command.stderr.contains("There is no genre '99'; try one of Action"))
    #expect(command.tableRows.count == 10, "the loaded rows are still there")

    let flag = try await MoviesRun.run(["--genre", "99", "-c", "list"])
    #expect(flag.status == 2)
    #expect(flag.stderr.contains("There is no genre '99'; try one of Action"))
    #expect(flag.stdout.isEmpty)

    let byName = try await MoviesRun.run(["--genre", "drama", "--json", "-c", "list"])
    #expect(byName.status == 0, "\(byName.stderr)")
    #expect(byName.stdout.contains(#""genreId":"4""#))
    #expect(byName.stdout.contains(#""Drama""#))
  }

  @Test func theOrderFlagTakesAliasesAndRefusesTypos() async throws {
    let alias = try await MoviesRun.run(["--order", "RATING", "--json", "-c", "list"])
    #expect(alias.status == 0, "\(alias.stderr)")
    #expect(alias.stdout.contains(#""order":"ratingdesc""#))
    let typo = try await MoviesRun.run(["--order", "ratingdsc"])
    #expect(typo.status == 2)
    #expect(typo.stderr.contains("did you mean 'ratingdesc'?"))
  }

  @Test func moreNLoadsNPagesAndARangeClampsToTheLoadedRows() async throws {
    let folder = try TestPaths.makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let run = try await MoviesRun.run(
      [
        "--download-dir", folder.appendingPathComponent("d").path, "--cache-dir",
        folder.appendingPathComponent("c").path, "-c", "more 3", "-c", "thumb 25-99",
      ])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.tableRows.map(\.number) == Array(11...40))
    #expect(run.stdout.contains("Saved 16 thumbnails"))
    #expect(run.stderr.contains("Only rows 1 to 40 are loaded, so rows 41 to 99 were left out"))
    let saved = try FileManager.default.contentsOfDirectory(
      atPath: folder.appendingPathComponent("d").path)
    #expect(saved.count == 16)
  }

  @Test func offlinePostersAreNotCalledDownloads() async throws {
    let folder = try TestPaths.makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let run = try await MoviesRun.run(
      [
        "--download-dir", folder.appendingPathComponent("d").path, "--cache-dir",
        folder.appendingPathComponent("c").path, "-c", "thumb 2", "-c", "thumb 2", "-c",
        "thumb 1-3",
      ])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(!run.stdout.contains("download"), "\(run.stdout)")
    #expect(run.stdout.contains("from the offline catalogue in "))
    #expect(run.stdout.contains("from memory)"))
  }

  @Test func theConfigFileGivesDefaultsThatFlagsOverride() async throws {
    let home = try ConfigHome("# defaults\ncount = 3\norder = rating   # best first\n")
    defer { home.remove() }
    let file = home.file
    let environment = home.environment

    let defaults = try await MoviesRun.run(["--json", "-c", "list"], environment: environment)
    #expect(defaults.status == 0, "\(defaults.stderr)")
    #expect(defaults.stdout.contains(#""count":3"#))
    #expect(defaults.stdout.contains(#""order":"ratingdesc""#))
    let flagged = try await MoviesRun.run(
      ["--count", "4", "--json", "-c", "list"], environment: environment)
    #expect(flagged.stdout.contains(#""count":4"#))

    try home.write("count = 3\ncolour = blue\n")
    let bad = try await MoviesRun.run(["-c", "list"], environment: environment)
    #expect(bad.status == 2)
    #expect(bad.stderr.contains("\(file.path), line 2: unknown setting 'colour'"))
    try home.write("count = lots\n")
    let badValue = try await MoviesRun.run(["-c", "list"], environment: environment)
    #expect(badValue.status == 2)
    #expect(badValue.stderr.contains("\(file.path), line 1: count needs a whole number"))
  }

  @Test func openSaysWhyALinkWasNotOpened() async throws {
    let server = try await HoppinTestServer(limit: 5)
    defer { server.stop() }
    let folder = try TestPaths.makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let failing = folder.appendingPathComponent("xdg-open")
    try TestPaths.writeScript("#!/bin/sh\nexit 4\n", to: failing)

    let failed = try await MoviesRun.run(
      ["--api", server.apiURL.absoluteString, "-c", "open 1"],
      environment: ["PATH": folder.path + ":/usr/bin:/bin"])
    #expect(failed.status == 1)
    #expect(failed.stderr.contains("xdg-open could not open row 1's link"))

    let empty = try TestPaths.makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: empty) }
    let missing = try await MoviesRun.run(
      ["--api", server.apiURL.absoluteString, "-c", "open 1"], environment: ["PATH": empty.path])
    #expect(missing.status == 0)
    #expect(missing.stdout.hasPrefix("Not opened: xdg-open is not installed. The link: http"))
  }

  @Test func anHTMLAnswerAfterGoodPagesQuotesItAndDoesNotBlameTheAddress() async throws {
    let server = try await HoppinTestServer(
      limit: 45, extraArguments: ["--fault", "html", "--fault-page", "4", "--fault-times", "1"])
    defer { server.stop() }
    let run = try await MoviesRun.run(
      ["--no-prefetch", "--api", server.apiURL.absoluteString], input: "more\nmore\nmore\nmore\n")
    #expect(run.status == 1)
    let errors = run.stderr.split(separator: "\n").filter { $0.hasPrefix("error: ") }
    #expect(errors.count == 1)
    let error = try #require(errors.first)
    #expect(error.contains(#"(it began "502 Bad Gateway")"#), "\(error)")
    #expect(error.contains("type 'more' to try again"))
    #expect(!error.contains("--api"))
    #expect(run.tableRows.map(\.number) == Array(1...40))
  }
}

/// Config files as other editors and tools write them, and ones no one should parse.
@Suite(.timeLimit(.minutes(2))) struct ConfigFileFormTests {
  private func run(withConfig bytes: Data) async throws -> MoviesRun {
    let home = try ConfigHome(bytes: bytes)
    defer { home.remove() }
    return try await MoviesRun.run(["--json", "-c", "list"], environment: home.environment)
  }

  @Test func crlfLinesAndAByteOrderMarkAreRead() async throws {
    let run = try await run(withConfig: Data("\u{FEFF}count = 3\r\norder = rating\r\n".utf8))
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains(#""count":3"#), "\(run.stdout)")
    #expect(run.stdout.contains(#""order":"ratingdesc""#))
  }

  @Test func aGenreTheSourceDoesNotListNamesTheConfigLine() async throws {
    let run = try await run(withConfig: Data("count = 3\ngenre = no-such-genre\n".utf8))
    #expect(run.status == 2)
    #expect(run.stderr.contains("config, line 2: "), "\(run.stderr)")
    #expect(!run.stderr.contains("--genre"), "\(run.stderr)")
  }

  @Test func aFileOverAMegabyteIsRefusedAtOnce() async throws {
    // 200 MB took over 20 s to parse; 2 MB of comments is refused by its size alone.
    let run = try await run(withConfig: Data(repeating: UInt8(ascii: "#"), count: 2 << 20))
    #expect(run.status == 2)
    #expect(run.stderr.contains("is larger than 1.0 MB; a config file holds"), "\(run.stderr)")
  }
}
