import Foundation
import TestSupport
import Testing

/// `list` of a long list, and `--json`'s rows, are written as they are rendered, a slice of
/// rows at a time: the whole text is never held, so memory does not grow with the list.
@Suite(.timeLimit(.minutes(10))) struct LongListTests {
  /// The peak resident memory of a process so far, in KB.
  private func peakMemory(of process: Int32) throws -> Int {
    let status = try String(contentsOfFile: "/proc/\(process)/status", encoding: .utf8)
    let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") })
    return try #require(Int(line.split(separator: " ", omittingEmptySubsequences: true)[1]))
  }

  @Test func listingAHundredThousandRowsAddsLittleMemory() async throws {
    // The 2,006 sample movies fifty times over: 100,300 rows, some 9 MB of table text.
    let server = try await HoppinTestServer(extraArguments: ["--repeat", "50"])
    defer { server.stop() }
    let session = try MoviesSession(["--api", server.apiURL.absoluteString, "--count", "1000"])
    session.send("more 100")
    try await session.waitUntil("every page", timeout: .seconds(300)) { stdout, _ in
      stdout.contains("All 100,300 movies loaded.")
    }
    let before = try peakMemory(of: session.processIdentifier)

    session.send("list")
    try await session.waitUntil("the list", timeout: .seconds(300)) { stdout, _ in
      stdout.components(separatedBy: "All 100,300 movies loaded.").count == 3
    }
    let added = try peakMemory(of: session.processIdentifier) - before

    // Rendered whole before it was written, the text and its copy took 11 MB more.
    #expect(added < 4_000, "list raised the peak memory by \(added) KB")
    let run = try await session.finish()
    let listed = run.stdout.components(separatedBy: "\n").drop { !$0.hasPrefix("All 100,300") }
    #expect(listed.filter { $0.hasPrefix("100300  ") }.count == 1, "the last row was listed")
    #expect(listed.contains { $0.hasPrefix("     1  ") }, "the first row was listed")
  }

  @Test func aHundredThousandMatchesInJSONCostAboutWhatTheirTableCosts() async throws {
    let server = try await HoppinTestServer(extraArguments: ["--repeat", "50"])
    defer { server.stop() }
    let find = ["--api", server.apiURL.absoluteString, "-c", "find year:1800-"]
    let text = try await MoviesRun.runMeasuringMemory(find, timeout: .seconds(300))
    let json = try await MoviesRun.runMeasuringMemory(["--json"] + find, timeout: .seconds(300))
    #expect(text.status == 0 && json.status == 0, "\(json.stderr.prefix(300))")
    #expect(text.stdout.contains("100,300 matches"), "\(text.stdout.suffix(300))")
    #expect(json.stdout.filter { $0 == "\n" }.count == 1, "one object")
    #expect(json.stdout.hasPrefix(#"{"command":"find","complete":true,"#))
    #expect(json.stdout.contains(#""row":100300,"#), "the last match is in it")

    // Before, JSONSerialization took 870 MB and 35 s of CPU where the table took 150 MB and
    // 2.3 s.
    let (jsonMB, textMB) = (json.peakResidentBytes >> 20, text.peakResidentBytes >> 20)
    #expect(jsonMB < 2 * textMB, "\(jsonMB) MB for JSON, \(textMB) MB for the table")
    #expect(
      json.cpuSeconds < 3 * text.cpuSeconds + 2,
      "\(json.cpuSeconds) s of CPU for JSON, \(text.cpuSeconds) s for the table")
  }
}
