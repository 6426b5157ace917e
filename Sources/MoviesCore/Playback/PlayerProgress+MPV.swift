import Foundation

extension PlayerProgress {
  /// mpv's JSON IPC properties this reads, by the id their `observe_property` is given.
  public static let mpvObserved = [1: "time-pos", 2: "duration", 3: "pause"]

  /// Takes in one line of mpv's JSON IPC: a property's new value (``mpvObserved``), the end
  /// of the file, or anything else, ignored. The line is the player's, so untrusted: a
  /// duration of 1e297 seconds or a position of NaN is held within bounds or ignored.
  public func read(mpvLine line: some Collection<UInt8>) {
    guard let object = JSONDocument.parse(Data(line))?.root as? [String: Any],
      let event = object["event"] as? String
    else { return }
    switch event {
    case "property-change":
      switch object["name"] as? String {
      case "time-pos": (object["data"] as? Double).map(moved(to:))
      case "duration": (object["data"] as? Double).map(measured(length:))
      case "pause": (object["data"] as? Bool).map(paused)
      default: break
      }
    case "end-file" where object["reason"] as? String == "eof":
      reachedEnd()
    default: break
    }
  }
}
