import Foundation
import TestSupport
import Testing

/// Ctrl-C and Ctrl-D while `find` waits for the server's own search (a Jellyfin whose
/// searches never answer), at the prompt: Ctrl-C ends the search at once with one clear
/// line, the list as it was; Ctrl-D ends input at the prompt, not a command: the search goes
/// on, and nothing of it reaches the next line.
@Suite(.timeLimit(.minutes(2))) struct FindSearchInterruptTests {
  private func session(_ server: JellyfinTestServer) throws -> TmuxSession {
    try TmuxSession(
      arguments: [
        "--source", "jellyfin", "--api", server.baseURL.absoluteString, "--no-prefetch",
        "--count", "20",
      ],
      environment: ["JELLYFIN_TOKEN": JellyfinTestServer.bobToken], width: 120, height: 40)
  }

  private func searched(_ server: JellyfinTestServer) async throws {
    let asked = try await eventually(timeout: .seconds(20)) {
      try server.requests().contains { $0.path == "/Items" && $0.status == 0 }
    }
    try #require(asked, "the search was asked for")
  }

  static let prompt = "movies added 20>"

  /// `list` shows the twenty rows loaded before, after prompt `count`.
  private func expectListKept(_ session: TmuxSession, after count: Int) async throws {
    try session.type("list\r")
    let listed = try await session.waitForPrompt(count + 1, Self.prompt)
    let rows = listed.split(separator: "\n").compactMap { line in
      line.split(separator: " ").first.flatMap { Int($0) }
    }
    #expect(rows == Array(1...20), "the list as it was: \(listed)")
  }

  @Test func ctrlCDuringTheServersSearchKeepsTheList() async throws {
    let server = try await JellyfinTestServer(limit: 20, extraArguments: ["--hang-search"])
    let session = try session(server)
    defer { session.stop() }
    try await session.waitFor("movies added 20>")
    let program = try #require(try session.programPID())
    try session.type("find the\r")
    try await searched(server)
    let pressed = ContinuousClock.now
    try session.press("C-c")
    let screen = try await session.waitForPrompt(2, Self.prompt)
    #expect(ContinuousClock.now - pressed < .seconds(3), "at once, not the server's deadline")
    #expect(screen.contains("error: Cancelled"), "one clear line: \(screen)")
    try await expectListKept(session, after: 2)
    #expect(ProcessLeftovers.children(of: program).isEmpty)
    try session.press("C-d")
    try await session.waitForExit()
  }

  @Test func ctrlDDuringTheServersSearchLeavesAfterIt() async throws {
    let server = try await JellyfinTestServer(limit: 20, extraArguments: ["--hang-search"])
    let session = try session(server)
    defer { session.stop() }
    try await session.waitFor("movies added 20>")
    try session.type("find the\r")
    try await searched(server)
    try session.press("C-d")
    try await Task.sleep(for: .milliseconds(500))
    #expect(try session.prompts(Self.prompt) == 1, "a Ctrl-D does not end a command")
    try session.press("C-c")
    try await session.waitForPrompt(2, Self.prompt)
    // The Ctrl-D left nothing in the next line.
    try await expectListKept(session, after: 2)
    try session.press("C-d")
    try await session.waitForExit()
  }
}
