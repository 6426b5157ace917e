import Foundation

/// One audio or subtitle track of a film, as its media server lists it (each adapter reads
/// its server's list of streams): what `tracks N` shows and `play N audio:… sub:…` chooses
/// from.
public struct MediaTrack: Sendable, Hashable {
  /// Audio or subtitles.
  public enum Kind: String, Sendable, Hashable {
    case audio, subtitles

    /// The word `play` takes before its choice: `audio:` or `sub:`.
    public var word: String { self == .audio ? "audio" : "sub" }
    /// As a sentence names it: an `audio` or a `subtitle` track.
    public var noun: String { self == .audio ? "audio" : "subtitle" }
  }

  /// Audio or subtitles.
  public var kind: Kind
  /// The server's language code (`eng`, `ja`); nil when it does not say.
  public var language: String?
  /// The track's own title (`English 5.1`, `SDH`), server data: escape it before printing.
  public var title: String?
  /// Its codec (`aac`, `subrip`).
  public var codec: String?
  /// The file says to play it unless told otherwise.
  public var isDefault: Bool
  /// A file of its own beside the film (subtitles only): mpv gets it as `--sub-file`.
  public var isExternal: Bool
  /// Where an external track is fetched from on the server, with the stream's headers (never
  /// with a credential in it); nil for a track inside the film's file.
  public var fetch: URL?

  /// A track from its parts.
  public init(
    kind: Kind, language: String?, title: String?, codec: String?, isDefault: Bool,
    isExternal: Bool, fetch: URL? = nil
  ) {
    self.kind = kind
    self.language = language
    self.title = title
    self.codec = codec
    self.isDefault = isDefault
    self.isExternal = isExternal
    self.fetch = fetch
  }

  /// Whether it is in `code`'s language: the same code, or the same language in ISO 639-1
  /// and 639-2 (`ja` and `jpn`, `fr` and `fre`/`fra`), a region after a dash aside.
  public func speaks(_ code: String) -> Bool {
    guard let language else { return false }
    return LanguageCode.same(language, code)
  }
}

/// A film's tracks in the order `tracks N` numbers them and mpv counts them: each kind
/// apart, the tracks inside the film's file first, in the server's order, then the
/// external ones (mpv adds `--sub-file` tracks after the file's own).
public struct MediaTracks: Sendable, Hashable {
  /// The audio tracks, audio:1 first.
  public var audio: [MediaTrack]
  /// The subtitle tracks, sub:1 first.
  public var subtitles: [MediaTrack]

  /// `tracks` in `tracks N`'s order.
  public init(_ tracks: [MediaTrack]) {
    let ordered = tracks.filter { !$0.isExternal } + tracks.filter(\.isExternal)
    audio = ordered.filter { $0.kind == .audio }
    subtitles = ordered.filter { $0.kind == .subtitles }
  }

  /// The tracks of `kind`.
  public subscript(kind: MediaTrack.Kind) -> [MediaTrack] {
    kind == .audio ? audio : subtitles
  }

  /// The number (from 1) of the track of `kind` that `choice` names, and the track; nil for
  /// `off`, a number past the last, or a language no track is in. A language prefers a
  /// track inside the file, then the default one among its equals.
  public func find(_ choice: PlayChoices.Track, _ kind: MediaTrack.Kind) -> (
    number: Int, track: MediaTrack
  )? {
    let tracks = self[kind]
    switch choice {
    case .off: return nil
    case .number(let number):
      return tracks.indices.contains(number - 1) ? (number, tracks[number - 1]) : nil
    case .language(let code):
      let speaking = tracks.indices.filter { tracks[$0].speaks(code) }
      let best =
        speaking.first { !tracks[$0].isExternal && tracks[$0].isDefault }
        ?? speaking.first { !tracks[$0].isExternal } ?? speaking.first
      return best.map { ($0 + 1, tracks[$0]) }
    }
  }
}
