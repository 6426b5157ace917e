import Foundation
import TestSupport
import Testing

/// Script mode: errors on stderr, the session going on after a bad command, honest exit
/// codes, flags.
@Suite(.timeLimit(.minutes(1))) struct ScriptModeTests {
  @Test func badCommandsPrintOneLineEachAndTheSessionGoesOn() async throws {
    let server = try await HoppinTestServer(limit: 25)
    defer { server.stop() }

    let run = try await MoviesRun.run(
      ["--api", server.apiURL.absoluteString],
      input: "show\nshow 0\nshow abc\nshow 999\nfrobnicate\nshow 2\n")

    #expect(run.status == 1)
    let errors = run.stderr.split(separator: "\n")
    #expect(errors.count == 5)
    #expect(errors.allSatisfy { $0.hasPrefix("error: ") })
    #expect(errors[0].contains("needs a row number"))
    #expect(errors[1].contains("start at 1"))
    #expect(errors[2].contains("'abc' is not a row number"))
    #expect(errors[3].contains("There is no row 999"))
    #expect(errors[4].contains("Unknown command 'frobnicate'"))
    let second = try #require(await server.titles(page: 1).dropFirst().first)
    #expect(run.stdout.contains("#2  \(second)"))
  }

  @Test func everyCommandSucceedingExitsZeroWithNoPromptAndNoColour() async throws {
    let server = try await HoppinTestServer(limit: 25)
    defer { server.stop() }

    let run = try await MoviesRun.run(
      ["--api", server.apiURL.absoluteString], input: "more\n\nlist\nshow 12\nhelp\nquit\nshow 0\n")

    #expect(run.status == 0, "quit stops before the bad command: \(run.stderr)")
    #expect(run.stderr.isEmpty)
    #expect(!run.stdout.contains("movies>"))
    #expect(!run.stdoutBytes.contains(0x1B))
  }

  @Test func dashCRunsItsCommandsInsteadOfStandardInput() async throws {
    let server = try await HoppinTestServer(limit: 25)
    defer { server.stop() }

    let run = try await MoviesRun.run(
      ["--api", server.apiURL.absoluteString, "-c", "more", "-c", "show 15"],
      input: "frobnicate\n")

    #expect(run.status == 0)
    #expect(Array(try server.pageRequests().prefix(2)) == [1, 2])
    #expect(run.stdout.contains("#15  "))
  }

  @Test(arguments: [
    ["--frobnicate"], ["--count", "0"], ["--count", "abc"], ["--api", "ftp://example.com"],
    ["--count"], ["--no-color=yes"], ["--color", "sometimes"], ["--json=yes"], ["--no-pager=1"],
  ])
  func usageErrorsExitTwo(arguments: [String]) async throws {
    let run = try await MoviesRun.run(arguments)

    #expect(run.status == 2)
    #expect(run.stdout.isEmpty)
    #expect(run.stderr.hasPrefix("movies: "))
    // The message, then the pointer to --help on a line of its own.
    let lines = run.stderr.split(separator: "\n")
    #expect(lines.count == 2 && lines.last == "See 'movies --help'.", "\(run.stderr)")
  }

  @Test func colorAlwaysColoursEvenAPipeAndNeverNothing() async throws {
    let always = try await MoviesRun.run(["--color", "always", "-c", "list"])
    let never = try await MoviesRun.run(["--color=never", "-c", "list"])

    #expect(always.status == 0)
    #expect(always.stdoutBytes.contains(0x1B))
    #expect(never.status == 0)
    #expect(!never.stdoutBytes.contains(0x1B))
  }

  @Test func helpAndVersionExitZero() async throws {
    let help = try await MoviesRun.run(["--help"])
    #expect(help.status == 0)
    for flag in [
      "--api", "--count", "--order", "--genre", "--download-dir", "--cache-dir", "--no-color",
      "-c", "--version",
    ] {
      #expect(help.stdout.contains(flag), "--help documents \(flag)")
    }

    let version = try await MoviesRun.run(["--version"])
    #expect(version.status == 0)
    #expect(version.stdout.hasPrefix("movies "))
  }

  @Test func theAPICanComeFromTheEnvironment() async throws {
    let server = try await HoppinTestServer(limit: 5)
    defer { server.stop() }

    let run = try await MoviesRun.run(
      [], environment: ["MOVIES_API": server.apiURL.absoluteString])

    #expect(run.status == 0)
    #expect(try server.pageRequests() == [1])
    #expect(run.stdout.contains("All 5 movies loaded."))
  }
}
