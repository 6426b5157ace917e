import MoviesCore

extension Setting {
  /// The config keys that choose `play`'s tracks unless its line says otherwise.
  static let tracks: [Setting] = [
    Setting(
      flags: [],
      help: "the audio language 'play' chooses unless told ('audio:ja'): a code such as ja "
        + "or eng; by default mpv's choice",
      configKey: "audio-language"
    ) { options, values throws(Options.UsageError) in
      options.preferredTracks.audio = try language(try values.value(), values.flag, orOff: false)
      return nil
    },
    Setting(
      flags: [],
      help: "the subtitle language 'play' shows unless told ('sub:en'): a code such as en, "
        + "or off; by default mpv's choice",
      configKey: "subtitle-language"
    ) { options, values throws(Options.UsageError) in
      options.preferredTracks.subtitles = try language(
        try values.value(), values.flag, orOff: true)
      return nil
    },
  ]

  /// A language code (or, `orOff`, `off`): a track's number is for one film, not a setting.
  private static func language(_ text: String, _ flag: String, orOff: Bool)
    throws(Options.UsageError) -> PlayChoices.Track
  {
    switch PlayChoices.Track(text) {
    case .language(let code): return .language(code)
    case .off where orOff: return .off
    default:
      throw Options.UsageError(
        message: "\(flag) needs a language code such as en or jpn\(orOff ? ", or off" : "").")
    }
  }
}
