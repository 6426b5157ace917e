import Foundation
import TestSupport
import Testing

/// A slow load at the prompt, in tmux: the spinner says for how long, which attempt a request
/// is on once it is tried again, and that Ctrl-C cancels, and keys typed meanwhile stay out of
/// its line and come up at the next prompt. Without a UTF-8 locale, the program's own marks
/// are ASCII.
@Suite(.serialized, .timeLimit(.minutes(2))) struct SlowLoadTests {
  @Test func theSpinnerCountsSecondsAndSaysCtrlCCancels() async throws {
    let server = try await HoppinTestServer(extraArguments: ["--fault", "hang"])
    defer { server.stop() }
    let session = try TmuxSession(arguments: ["--api", server.apiURL.absoluteString])
    defer { session.stop() }
    try await session.waitFor("Ctrl-C cancels", timeout: .seconds(60))
    let screen = try await session.waitUntil("the seconds counted") {
      // Any count of seconds: under load a frame may come late and skip one.
      $0.contains("Loading page 1 from 127.0.0.1")
        && $0.range(of: #" [1-9][0-9]* s · Ctrl-C cancels"#, options: .regularExpression) != nil
    }
    #expect(screen.split(separator: "\n").allSatisfy { $0.count <= 100 })
    try session.press("C-c")
    try await session.waitFor("Cancelled; nothing was changed.")
  }

  @Test func theSpinnerSaysWhichAttemptAHungServerIsOn() async throws {
    let server = try await HoppinTestServer(extraArguments: ["--fault", "hang"])
    defer { server.stop() }
    let session = try TmuxSession(
      arguments: ["--api", server.apiURL.absoluteString, "--timeout", "1", "--retries", "2"])
    defer { session.stop() }
    let screen = try await session.waitUntil("the second attempt") {
      $0.contains("Loading page 1 from 127.0.0.1") && $0.contains(" · attempt 2 of 3 · ")
    }
    #expect(!screen.contains("attempt 1 of"), "the first attempt is not numbered")
    try await session.waitFor("attempt 3 of 3", timeout: .seconds(30))
    try session.press("C-c")
    try await session.waitFor("Cancelled; nothing was changed.")
  }

  @Test func keysTypedDuringALoadStayOutOfTheSpinnerAndComeUpAtThePrompt() async throws {
    let server = try await HoppinTestServer(
      extraArguments: ["--fault", "slow-headers", "--fault-seconds", "3", "--fault-times", "1"])
    defer { server.stop() }
    let session = try TmuxSession(arguments: ["--api", server.apiURL.absoluteString])
    defer { session.stop() }
    try await session.waitFor("Loading page 1")
    try session.type("show 2")
    try await Task.sleep(for: .milliseconds(500))
    let during = try session.screen()
    #expect(during.contains("Loading page 1") && !during.contains("show 2"), "\(during)")
    try await session.waitUntil("the typed keys at the prompt") {
      TmuxSession.lastLine(of: $0) == "movies 10/25> show 2"
        || TmuxSession.lastLine(of: $0).hasSuffix("> show 2")
    }
  }

  @Test func withoutAUTF8LocaleTheProgramsMarksAreASCII() async throws {
    let run = try await MoviesRun.run(
      // `list` streams its rows, `more` renders them with the reply: both are held to it.
      ["--no-config", "-c", "list", "-c", "more", "-c", "show 99"],
      environment: ["LC_ALL": "C", "LANG": "C", "COLUMNS": "32"])
    #expect(run.stdout.contains("..."), "cut titles end in ...: \(run.stdout)")
    for mark in ["…", "·", "★", "–"] {
      #expect(!run.stdout.contains(mark) && !run.stderr.contains(mark), "no \(mark)")
    }
  }
}
