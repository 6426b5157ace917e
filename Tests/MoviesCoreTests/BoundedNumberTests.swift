import Foundation
import Testing

@testable import MoviesCore

/// `Int(x)` of a Double traps past `Int.max`, on an infinity and on NaN: a file whose header
/// claimed 1e297 seconds killed the program that way. Every number from a player or a server
/// is held within bounds before it becomes an integer.
@Suite(.timeLimit(.minutes(1))) struct BoundedNumberTests {
  static let hostile: [Double] = [
    1e300, -1e300, .infinity, -.infinity, .nan, Double(Int.max), -Double(Int.max), 1e19,
    .greatestFiniteMagnitude, -0.0, 0.4999999999999999,
  ]

  @Test func aDoubleBecomesAnIntWithinItsRangeWhateverItIs() {
    for value in Self.hostile {
      let whole = Int(rounding: value, within: -10...10)
      #expect((-10...10).contains(whole), "\(value)")
    }
    #expect(Int(rounding: 1e300, within: 0...Int.max) == Int.max)
    #expect(Int(rounding: -1e300, within: Int.min...0) == Int.min)
    #expect(Int(rounding: .nan, within: 3...9) == 3)
    #expect(Int(rounding: 4.5, within: 0...9) == 5)
    #expect(Int(rounding: 9_007_199_254_740_992, within: 0...Int.max) == 9_007_199_254_740_992)
  }

  @Test func aReportHoldsEveryNumberWithinAWeek() {
    let week = PlaybackReport.longest
    for position in Self.hostile {
      for length in Self.hostile + [7200] {
        let report = PlaybackReport(.stopped, position: position, length: length)
        #expect((0...week).contains(report.playback.position), "\(position) of \(length)")
        #expect((0...week * 1_000).contains(report.milliseconds))
        #expect((0...week * 1_000).contains(report.lengthMilliseconds))
        #expect((0...week * 10_000_000).contains(report.ticks))
        #expect(report.playback.length.map { (1...week).contains($0) } ?? true)
      }
    }
    #expect(PlaybackReport(.stopped, position: 61, length: 1e300).length == nil, "not believed")
    #expect(PlaybackReport(.stopped, position: 1e300, length: nil).milliseconds == week * 1_000)
  }

  @Test func thePlayersClaimOfALengthPastAWeekLeavesTheServersLength() {
    let progress = PlayerProgress(start: 0, length: 5400)
    progress.read(
      mpvLine: Array(#"{"event":"property-change","name":"duration","data":1e297}"#.utf8))
    #expect(progress.snapshot.length == 5400)
    progress.read(
      mpvLine: Array(#"{"event":"property-change","name":"time-pos","data":1e300}"#.utf8))
    #expect(progress.snapshot.position == Double(PlaybackReport.longest))
    progress.read(mpvLine: Array(#"{"event":"end-file","reason":"eof"}"#.utf8))
    let report = PlaybackReport(.stopped, at: progress.snapshot)
    #expect(report.playback.position == 5400, "the end, as the server knows it")
    #expect(report.isPlayedOut)
  }

  @Test func aServersNumbersInAPlaybackAreHeldWithinAWeek() {
    let playback = Playback(played: false, position: .max, length: .max)
    #expect(playback.length == nil)
    #expect(playback.position == PlaybackReport.longest)
    let movie = Movie(id: "1", title: "Long", runningTime: .max)
    let progress = PlayerProgress(start: .max, of: movie)
    #expect(progress.snapshot.length == nil, "Int.max minutes are not believed")
    #expect(progress.snapshot.position == Double(PlaybackReport.longest))
  }

  @Test func aRetryAfterOfIntMaxSecondsIsWrittenWithoutOverflow() {
    let wait = RetryAfter.wait(String(Int.max))
    #expect(wait != nil)
    #expect(Format.duration(wait ?? .zero).hasSuffix(" s"))
    #expect(RetryAfter.wait("Fri, 31 Dec 9999 23:59:59 GMT") != nil)
  }
}
