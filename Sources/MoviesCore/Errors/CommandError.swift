/// Why a command other than a browsing one could not be carried out.
public enum CommandError: Swift.Error, Sendable, Equatable, UserFacingError {
  case noGenreList
  case unknownGenre(String, known: [String])
  /// A name that begins several genres', or is near one.
  case unclearGenre(String, GenreName.Problem)
  case noLink(row: RowLabel)
  case noPicker
  /// The desktop's opener ran and failed.
  case openFailed(row: RowLabel, link: String)
  /// Ctrl-C stopped `more N` after some pages had joined the list.
  case cancelledAfter(row: Int)

  /// The code `--json` reports it with.
  public var code: ErrorCode {
    switch self {
    case .noGenreList: .noGenreList
    case .unknownGenre, .unclearGenre: .unknownGenre
    case .noLink: .noLink
    case .noPicker: .noPicker
    case .openFailed: .openFailed
    case .cancelledAfter: .cancelled
    }
  }

  /// What went wrong and, where a command helps, what to type.
  public var message: String {
    switch self {
    case .noGenreList:
      "This source has no genre list; use 'genre ID' with a number."
    case .unknownGenre(let name, let known):
      "There is no genre '\(CommandUsage.excerpt(name))'"
        + (known.isEmpty ? "." : "; try one of \(known.joined(separator: ", ")).")
    case .unclearGenre(let name, .ambiguous(let names)):
      "'\(CommandUsage.excerpt(name))' could be \(names.joined(separator: ", ")); "
        + "type more of it."
    case .unclearGenre(let name, .nearMiss(let genre)):
      "There is no genre '\(CommandUsage.excerpt(name))'; did you mean '\(genre)'?"
    case .noLink(let row):
      "\(row.spoken(capitalized: true)) has no link; 'show \(row)' prints what it has."
    case .noPicker:
      // Only the shell's prompt has a picker; there, a missing fzf is its own message.
      "'pick' works only at a terminal's prompt, not in a script, in JSON mode or with the "
        + "output piped; 'find TEXT' searches anywhere."
    case .openFailed(let row, let link):
      "xdg-open could not open \(row.spoken())'s link \(link); copy it from here."
    case .cancelledAfter(let row):
      "Cancelled after row \(row); the rows loaded before are kept."
    }
  }
}
