import Foundation
import TestSupport
import Testing

/// Bodies that are small on the wire and enormous once decoded, bodies that never end, and
/// headers that never end: the cap counts decoded bytes and the transfer really stops there,
/// so the next command goes out at once and memory stays near the cap.
// --no-prefetch, as in FaultTransferTests: the fault is about one load.
@Suite(.timeLimit(.minutes(3))) struct FaultBombTests {
  /// The page cap (16 MB) plus the 64 MB the issue allows above it.
  private static let memoryCeiling = 16_000_000 + 64 << 20

  private func runWithFaultOnPageTwo(
    _ fault: [String], flags: [String] = []
  ) async throws -> (MoviesRun, HoppinTestServer) {
    let server = try await HoppinTestServer(
      limit: 25, extraArguments: fault + ["--fault-page", "2", "--fault-times", "1"])
    let run = try await MoviesRun.runMeasuringMemory(
      ["--no-prefetch", "--api", server.apiURL.absoluteString] + flags,
      input: "more\nmore\nmore\n")
    return (run, server)
  }

  @Test(arguments: ["gzip-bomb", "zstd-bomb", "endless"])
  func aBodyPastTheCapIsStoppedAtOnce(kind: String) async throws {
    let (run, server) = try await runWithFaultOnPageTwo(["--fault", kind])
    defer { server.stop() }

    #expect(run.status == 1)
    let errors = FaultChecks.errors(run)
    #expect(errors.count == 1, "\(errors)")
    #expect(errors.first?.contains("page 2: the answer was larger than 16.0 MB") == true)
    #expect(try server.pageRequests() == [1, 2, 2, 3])
    // The second request for page 2 is the next command. Behind a transfer that went on
    // decoding after its cap it came 20 to 40 seconds later; alone on a machine it comes
    // within 100 ms, and the bound leaves room for a busy one.
    let times = try server.pageRequestTimes()
    #expect(times.count == 4)
    if times.count == 4 {
      #expect(times[2] - times[1] < 2.0, "\(times)")
    }
    #expect(run.peakResidentBytes > 0)
    #expect(run.peakResidentBytes < Self.memoryCeiling, "\(run.peakResidentBytes) bytes")
    FaultChecks.expectCompleteList(run, titles: try await FaultChecks.expectedTitles(limit: 25))
  }

  @Test func aHeaderFloodIsStoppedByTheHeaderCap() async throws {
    let (run, server) = try await runWithFaultOnPageTwo(
      ["--fault", "header-flood", "--fault-seconds", "0"], flags: ["--retries", "0"])
    defer { server.stop() }

    #expect(run.status == 1)
    let errors = FaultChecks.errors(run)
    #expect(errors.count == 1, "\(errors)")
    #expect(errors.first?.contains("page 2: the answer's headers were larger than") == true)
    #expect(try server.pageRequests() == [1, 2, 2, 3])
    FaultChecks.expectCompleteList(run, titles: try await FaultChecks.expectedTitles(limit: 25))
  }

  @Test func aSlowHeaderFloodIsStoppedByTheDeadline() async throws {
    let (run, server) = try await runWithFaultOnPageTwo(
      ["--fault", "header-flood", "--fault-seconds", "0.001"],
      flags: ["--timeout", "2", "--retries", "0"])
    defer { server.stop() }

    #expect(run.status == 1)
    let errors = FaultChecks.errors(run)
    #expect(errors.first?.contains("page 2: the server did not finish within 2.0 s") == true)
    // The next command follows the two-second deadline; with the deadline overshot by a
    // header flood it came 14 to 19 seconds later.
    let times = try server.pageRequestTimes()
    #expect(times.count == 4)
    if times.count == 4 {
      #expect(times[2] - times[1] < 3.5, "\(times)")
    }
    FaultChecks.expectCompleteList(run, titles: try await FaultChecks.expectedTitles(limit: 25))
  }
}
