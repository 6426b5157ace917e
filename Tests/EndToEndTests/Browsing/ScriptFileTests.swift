import Foundation
import TestSupport
import Testing

/// Scripts as people write them: `-c more` prints a table with its header, no line of
/// prompt hints reaches standard output, `#` comments are skipped, `-f FILE` reads a file,
/// and `--stop-on-error` stops at the first failure (by default the rest still run).
@Suite(.timeLimit(.minutes(1))) struct ScriptFileTests {
  @Test func dashCMorePrintsItsTableWithAHeaderAndNoPromptHints() async throws {
    let run = try await MoviesRun.run(
      ["-c", "more", "-c", "watch 12", "-c", "watchlist"],
      environment: ["MOVIES_DB": try TestPaths.makeTemporaryFolder().path + "/db"])
    #expect(run.status == 0, "\(run.stderr)")
    let lines = run.stdout.split(separator: "\n")
    #expect(lines.first?.contains("Title") == true, "the header comes first: \(run.stdout)")
    #expect(lines.first { $0.hasPrefix("Showing ") } == "Showing 20 of 2,006", "\(run.stdout)")
    #expect(lines.contains("1 movie on the watchlist"), "\(run.stdout)")
    for hint in ["· more", "show N", "thumb N", "· help", "unwatch wN"] {
      #expect(!run.stdout.contains(hint), "no prompt hint '\(hint)' in a script: \(run.stdout)")
    }
  }

  @Test func commentLinesAreSkipped() async throws {
    let run = try await MoviesRun.run([], input: "# the first row\n  # indented\nshow 1\n")
    #expect(run.status == 0)
    #expect(run.stderr.isEmpty, "\(run.stderr)")
    #expect(run.stdout.contains("#1  Nosferatu"))
  }

  @Test func dashFReadsTheFileAndStopOnErrorStopsAtTheFirstFailure() async throws {
    let folder = try TestPaths.makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let script = folder.appendingPathComponent("script")
    try "# look one up\nshow 99\nshow 2\n".write(to: script, atomically: true, encoding: .utf8)

    let goesOn = try await MoviesRun.run(["-f", script.path], input: "show 3\n")
    #expect(goesOn.status == 1, "a failed command still fails the run")
    #expect(goesOn.stdout.contains("#2  Bronenosets Potyomkin"), "the rest ran: \(goesOn.stdout)")
    #expect(!goesOn.stdout.contains("#3  "), "standard input is not read with -f")
    #expect(goesOn.stderr.contains("There is no row 99"))

    let stops = try await MoviesRun.run(["-f", script.path, "--stop-on-error"])
    #expect(stops.status == 1)
    #expect(!stops.stdout.contains("#2  "), "nothing after the failure ran: \(stops.stdout)")

    let missing = try await MoviesRun.run(["-f", folder.appendingPathComponent("none").path])
    #expect(missing.status == 2)
    #expect(missing.stderr.contains("-f: cannot read"), "\(missing.stderr)")
  }
}
