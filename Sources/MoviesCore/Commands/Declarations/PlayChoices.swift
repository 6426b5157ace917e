/// What `play N` was told besides the row: where to start (`from:start`, `from:12:30`) and
/// which audio and subtitle track to play (`audio:ja`, `sub:en`, `sub:off`, `sub:2`). A
/// script needs no question answered: everything is on the line.
public struct PlayChoices: Sendable, Hashable {
  /// Where the film starts.
  public enum Start: Sendable, Hashable {
    /// Where the server says it stopped (the default).
    case resume
    /// At the beginning, whatever the server says (`from:start`).
    case beginning
    /// This many seconds in (`from:12:30`, `from:1:02:30`).
    case at(Int)
  }

  /// One kind of track, as chosen.
  public enum Track: Sendable, Hashable, CustomStringConvertible {
    /// The first track in this language (`ja`, `jpn`, `pt-BR`), lowercased.
    case language(String)
    /// The Nth of its kind, as `tracks N` numbers them and mpv counts them.
    case number(Int)
    /// None (`sub:off`).
    case off

    /// As typed after `audio:` or `sub:`.
    public var description: String {
      switch self {
      case .language(let code): code
      case .number(let number): String(number)
      case .off: "off"
      }
    }

    /// `off`, a track number, or a language code (letters, with a region after a dash);
    /// nil for anything else.
    public init?(_ word: String) {
      let word = word.lowercased()
      // Not `no`: that is Norwegian.
      if word == "off" || word == "none" {
        self = .off
      } else if let number = Int(word) {
        guard (1...99).contains(number) else { return nil }
        self = .number(number)
      } else {
        let parts = word.split(separator: "-", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), (2...3).contains(parts[0].count),
          parts.allSatisfy({ !$0.isEmpty && $0.count <= 8 && $0.allSatisfy(\.isASCII) }),
          parts.allSatisfy({ $0.allSatisfy { $0.isLetter || $0.isNumber } }),
          parts[0].allSatisfy(\.isLetter)
        else { return nil }
        self = .language(word)
      }
    }
  }

  /// Where the film starts.
  public var start: Start = .resume
  /// The audio track; nil leaves it to the `audio-language` setting, then to mpv.
  public var audio: Track?
  /// The subtitles; nil leaves them to the `subtitle-language` setting, then to mpv.
  public var subtitles: Track?

  /// As the server says, and the settings' tracks.
  public init(start: Start = .resume, audio: Track? = nil, subtitles: Track? = nil) {
    self.start = start
    self.audio = audio
    self.subtitles = subtitles
  }

  /// The words after the row, each `from:`, `audio:` or `sub:` once.
  static func parse(_ words: some Sequence<String>, command: String, row: String)
    throws(Command.ParseError) -> PlayChoices
  {
    var choices = PlayChoices()
    var seen: Set<String> = []
    for word in words {
      let (key, value) = split(word)
      guard let key, ["from", "audio", "sub"].contains(key) else {
        throw .notAPlayChoice(command: command, argument: word)
      }
      guard seen.insert(key).inserted else {
        throw .repeatedPlayChoice(command: command, key: key)
      }
      switch key {
      case "from":
        guard let start = Self.start(value) else {
          throw .notAStart(command: command, row: row, argument: value)
        }
        choices.start = start
      default:
        guard let track = Track(value) else {
          throw .notATrack(command: command, row: row, key: key, argument: value)
        }
        if key == "audio" { choices.audio = track } else { choices.subtitles = track }
      }
    }
    return choices
  }

  /// `key:value`, the key lowercased; a nil key without a colon.
  private static func split(_ word: String) -> (String?, String) {
    guard let colon = word.firstIndex(of: ":") else { return (nil, word) }
    return (word[..<colon].lowercased(), String(word[word.index(after: colon)...]))
  }

  /// `start` (or `beginning`, `0`), `M:SS`, `MM:SS` or `H:MM:SS`; nil for anything else or a
  /// time past ``PlaybackReport/longest``.
  static func start(_ text: String) -> Start? {
    if ["start", "beginning", "0"].contains(text.lowercased()) { return .beginning }
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    guard (2...3).contains(parts.count),
      parts.allSatisfy({
        !$0.isEmpty && $0.count <= 4 && $0.allSatisfy { $0.isASCII && $0.isNumber }
      }),
      case let numbers = parts.compactMap({ Int($0) }), numbers.count == parts.count,
      parts.dropFirst().allSatisfy({ $0.count == 2 }),
      numbers.dropFirst().allSatisfy({ $0 < 60 })
    else { return nil }
    let seconds = numbers.reduce(0) { $0 * 60 + $1 }
    guard seconds <= PlaybackReport.longest else { return nil }
    return seconds == 0 ? .beginning : .at(seconds)
  }
}
