/// Language codes as media servers and files write them: ISO 639-1 (`en`), 639-2/B (`fre`)
/// and 639-2/T (`fra`), which name the same language. A person types `ja`; Jellyfin and
/// Matroska say `jpn`.
public enum LanguageCode {
  /// The common languages' two-letter code and their three-letter ones.
  private static let codes: [String: [String]] = [
    "ar": ["ara"], "bg": ["bul"], "cs": ["cze", "ces"], "da": ["dan"], "de": ["ger", "deu"],
    "el": ["gre", "ell"], "en": ["eng"], "es": ["spa"], "fa": ["per", "fas"], "fi": ["fin"],
    "fr": ["fre", "fra"], "he": ["heb"], "hi": ["hin"], "hr": ["hrv"], "hu": ["hun"],
    "id": ["ind"], "it": ["ita"], "ja": ["jpn"], "ko": ["kor"], "nl": ["dut", "nld"],
    "no": ["nor"], "nb": ["nob"], "pl": ["pol"], "pt": ["por"], "ro": ["rum", "ron"],
    "ru": ["rus"], "sk": ["slo", "slk"], "sr": ["srp"], "sv": ["swe"], "th": ["tha"],
    "tr": ["tur"], "uk": ["ukr"], "vi": ["vie"], "zh": ["chi", "zho"],
  ]

  /// Every code for `code`'s language, `code` first, lowercased, without a region.
  public static func spellings(of code: String) -> [String] {
    let base = code.lowercased().split(separator: "-").first.map(String.init) ?? ""
    if let three = codes[base] { return [base] + three }
    if let two = codes.first(where: { $0.value.contains(base) }) {
      return [base, two.key] + two.value.filter { $0 != base }
    }
    return [base]
  }

  /// Whether `one` and `other` name the same language.
  static func same(_ one: String, _ other: String) -> Bool {
    Set(spellings(of: one)).contains(
      other.lowercased().split(separator: "-").first.map(String.init) ?? "")
  }
}
