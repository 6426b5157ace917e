import Testing

@testable import MoviesCore

/// What the relay reads of a player's `Range` and a server's `Content-Range`: anything it
/// cannot read is the whole stream from its start, or not a part at all.
@Suite(.timeLimit(.minutes(1))) struct StreamRelayRangeTests {
  @Test(
    arguments: [
      ("Range: bytes=0-", 0, nil), ("range: bytes=500-999", 500, 999), ("Range: bytes=7-3", 7, nil),
      ("Range: bytes=-500", 0, nil), ("Range: pages=1-2", 0, nil), ("Range: bytes=x-", 0, nil),
      ("Range: bytes=10-20, 30-40", 10, 20),
    ] as [(String, Int, Int?)])
  func aPlayersRange(_ line: String, _ first: Int, _ last: Int?) {
    let range = StreamRelay.range(in: ["GET /x HTTP/1.1", line])
    #expect(range.first == first && range.last == last, "\(line)")
  }

  @Test func noRangeIsTheWholeStream() {
    let range = StreamRelay.range(in: ["GET /x HTTP/1.1", "Host: 127.0.0.1"])
    #expect(range.first == 0 && range.last == nil)
  }

  @Test func aServersContentRange() {
    #expect(StreamRelay.contentRange("bytes 0-99/1000").map { [$0.first, $0.total] } == [0, 1000])
    #expect(StreamRelay.contentRange("bytes 100-199/*")?.total == nil)
    #expect(StreamRelay.contentRange("bytes 100-199/*")?.first == 100)
    #expect(StreamRelay.contentRange("items 0-1/2") == nil)
    #expect(StreamRelay.contentRange(nil) == nil)
    #expect(StreamRelay.contentRange("bytes */1000") == nil)
  }
}
