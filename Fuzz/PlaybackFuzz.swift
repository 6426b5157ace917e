import Foundation
import MoviesCore

/// libFuzzer target: any bytes as what mpv says over its JSON IPC, one message a line, then
/// the reports built from where it left the film. Nothing may trap (a Double past Int.max
/// once did), and every number a server is sent stays within a week.
@_cdecl("LLVMFuzzerTestOneInput")
public func playbackFuzz(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  let data = bytes.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
  // The first two bytes choose where the server said the film starts and how long it is.
  let start = Int(data.first ?? 0) * 60
  let length = data.count > 1 ? Int(data[1]) * 60 : nil
  let progress = PlayerProgress(start: start, length: length)
  for line in data.dropFirst(2).split(separator: UInt8(ascii: "\n")) {
    progress.read(mpvLine: line)
  }
  let week = PlaybackReport.longest
  for state in [PlaybackReport.State.started, .playing, .paused, .stopped] {
    let report = PlaybackReport(state, at: progress.snapshot)
    let playback = report.playback
    guard (0...week).contains(playback.position),
      playback.length.map({ (1...week).contains($0) }) ?? true,
      (0...week * 1_000).contains(report.milliseconds),
      (0...week * 1_000).contains(report.lengthMilliseconds),
      (0...week * 10_000_000).contains(report.ticks)
    else { fatalError("a report out of bounds: \(report)") }
    _ =
      Playback(played: playback.played, position: playback.position, length: playback.length)
      .resumePosition
  }
  return 0
}
