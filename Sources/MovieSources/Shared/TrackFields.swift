import MoviesCore

/// A server's words for a track, read as untrusted: a language code of a few letters (with
/// a region after a dash), a codec of a short word, a title of one line of at most 200
/// characters; anything else is not known.
enum TrackFields {
  /// `eng`, `ja`, `pt-BR`; nil for anything else.
  static func language(_ value: Any?) -> String? {
    guard let text = LooseValue.text(value), (2...12).contains(text.count),
      text.allSatisfy({ $0.isASCII && ($0.isLetter || $0 == "-") })
    else { return nil }
    return text
  }

  /// `aac`, `subrip`, `pgssub`; nil for anything else.
  static func codec(_ value: Any?) -> String? {
    guard let text = LooseValue.text(value), (1...20).contains(text.count),
      text.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "_-.".contains($0)) })
    else { return nil }
    return text.lowercased()
  }

  /// A track's own title, cut to one line of 200 characters.
  static func title(_ value: Any?) -> String? {
    guard let text = LooseValue.text(value) else { return nil }
    let line = text.split(whereSeparator: \.isNewline).joined(separator: " ")
    return line.isEmpty ? nil : String(line.prefix(200))
  }

  /// True for JSON's `true` (or 1, as some servers send it).
  static func flag(_ value: Any?) -> Bool {
    (value as? Bool) ?? (LooseValue.integer(value) == 1)
  }

  /// The most bytes of one subtitle file fetched (a feature film's are well under 1 MB).
  static let subtitleLimit = 8 << 20
}

extension LoadTarget {
  /// A film's audio and subtitle tracks, for `tracks N` and `play N audio:… sub:…`.
  public static let tracks = LoadTarget(
    .other, name: "the film's tracks", advice: "Try 'tracks N' again.")

  /// An external subtitle file, for `play N sub:…`.
  public static let subtitleFile = LoadTarget(
    .other, name: "the subtitle file", advice: "The film plays without it.")
}
