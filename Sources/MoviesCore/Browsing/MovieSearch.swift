import Foundation

/// What `find TEXT` looks for: words that must all be in the title, and optional filters
/// (`genre:WORD`, `year:1972` or `year:1970-1979`, `rating:>8`, `votes:>1000`,
/// `runtime:<100`, `played:no`, `on:netflix`).
///
/// Matching ignores case, accents and width (`ｆｕｌｌ` is `full`), and compares composed text,
/// so a Korean syllable typed whole matches the same syllable in a title.
public struct MovieSearch: Sendable, Hashable {
  /// One row that matched; made only in the core, by Swift's memberwise init.
  public struct Match: Sendable, Hashable {
    /// The row number, or for a match of a search the server ran (``kind`` `match`), which
    /// is not a row of the list, the match's number: f1, f2, …
    public var row: Int
    /// The movie that matched.
    public var movie: Movie
    /// What `row` counts: a row of the list, or a server search's match.
    public var kind = RowLabel.Kind.row

    /// The number as the user types it: `3`, or `f3`.
    public var label: RowLabel { RowLabel(row, kind) }
  }

  /// Why a search text could not be understood.
  public enum Error: Swift.Error, Sendable, Hashable, UserFacingError {
    case badYear(String)
    case badRating(String)
    case ratingOutOfRange(String)
    case badVotes(String)
    case badRuntime(String)
    case badPlayed(String)
    case emptyFilter(String)

    /// The code `--json` reports it with.
    public var code: ErrorCode { .usage }

    /// What went wrong and, where a command helps, what to type.
    public var message: String {
      switch self {
      case .badYear(let text):
        "'\(text)' is not a year; use year:1972 or a range such as year:1970-1979."
      case .badRating(let text):
        "'\(text)' is not a rating; use rating:>8, rating:<5, rating:7-8 or rating:8 (8 or more)."
      case .ratingOutOfRange(let text):
        "'\(text)' is outside 0 to 10, where ratings are; use rating:>8 or rating:7-8."
      case .badVotes(let text):
        "'\(text)' is not a number of votes; use votes:>1000 (more than 1,000) or votes:500 "
          + "(500 or more)."
      case .badRuntime(let text):
        "'\(text)' is not a running time; use runtime:<100, runtime:>120 or runtime:90-120 "
          + "(minutes)."
      case .badPlayed(let text):
        "'\(text)' is not yes or no; use seen:yes or seen:no."
      case .emptyFilter(let text):
        "'\(text)' needs a value, such as genre:drama, year:1972, rating:>8, runtime:<100, "
          + "seen:no or on:netflix."
      }
    }
  }

  /// The title's words, folded.
  public var words: [[UInt8]]
  /// The title's words as typed, for a source that searches on its server.
  public var titleWords = ""
  /// Folded pieces of genre names; a movie must have a genre containing each.
  public var genres: [[UInt8]] = []
  /// The years a movie's release must fall in (`year:`); nil for any.
  public var years: ClosedRange<Int>?
  /// The ratings a movie's must fall in (`rating:`); nil for any.
  public var ratings: ClosedRange<Double>?
  /// The fewest votes a movie's rating must be made of (`votes:`); nil for any number.
  public var minimumVotes: Int?
  /// The running times, in minutes, a movie's must fall in (`runtime:`); nil for any.
  public var runtimes: ClosedRange<Int>?
  /// Whether the movie must have been played (`played:yes`) or not (`played:no`); nil for
  /// either.
  public var played: Bool?
  /// The streaming services named by `on:`, as typed; a movie must stream on one of them.
  /// Only a source that knows where films stream applies them, on its server.
  public var services: [String] = []
  /// The server's ids of the genres each `genre:` piece names, one list a piece, once the
  /// source's genre list was read; empty when it was not (the rows are then checked alone).
  public var genreIDs: [[String]] = []
  /// The server's ids of the services `on:` names, once the source resolved them.
  public var serviceIDs: [String] = []

  /// Parses the text typed after `find`.
  public init(_ text: String) throws(Error) {
    words = []
    for word in text.split(whereSeparator: \.isWhitespace) {
      let lower = word.lowercased()
      if let value = Self.value(of: "genre:", in: lower, word) {
        guard !value.isEmpty else { throw .emptyFilter(String(word)) }
        genres.append(Self.fold(value))
      } else if let value = Self.value(of: "year:", in: lower, word) {
        guard !value.isEmpty else { throw .emptyFilter(String(word)) }
        guard let range = Self.yearRange(value) else { throw .badYear(String(word)) }
        years = range
      } else if let value = Self.value(of: "rating:", in: lower, word) {
        guard !value.isEmpty else { throw .emptyFilter(String(word)) }
        guard let range = Self.ratingRange(value) else { throw .badRating(String(word)) }
        guard range.lowerBound <= 10, range.upperBound.isInfinite || range.upperBound <= 10
        else { throw .ratingOutOfRange(String(word)) }
        ratings = range
      } else if let value = Self.value(of: "votes:", in: lower, word) {
        guard !value.isEmpty else { throw .emptyFilter(String(word)) }
        guard let votes = Self.minimumVotes(value) else { throw .badVotes(String(word)) }
        minimumVotes = votes
      } else if let value = Self.value(of: "runtime:", in: lower, word) {
        guard !value.isEmpty else { throw .emptyFilter(String(word)) }
        guard let range = Self.runtimeRange(value) else { throw .badRuntime(String(word)) }
        runtimes = range
      } else if let value = Self.value(of: "seen:", in: lower, word)
        ?? Self.value(of: "played:", in: lower, word)
      {
        guard !value.isEmpty else { throw .emptyFilter(String(word)) }
        switch value.lowercased() {
        case "yes": played = true
        case "no": played = false
        default: throw .badPlayed(String(word))
        }
      } else if let value = Self.value(of: "on:", in: lower, word) {
        guard !value.isEmpty else { throw .emptyFilter(String(word)) }
        services.append(value)
      } else {
        let folded = Self.fold(String(word))
        if !folded.isEmpty {
          words.append(folded)
          titleWords += (titleWords.isEmpty ? "" : " ") + word
        }
      }
    }
  }

  /// True when the movie's title has every word and the movie passes every filter.
  public func matches(_ movie: Movie) -> Bool {
    if let years {
      guard let year = movie.releaseDate.flatMap({ Int($0.prefix(4)) }), years.contains(year)
      else { return false }
    }
    if let ratings {
      guard let rating = movie.rating, ratings.contains(rating) else { return false }
    }
    if let minimumVotes {
      guard let votes = movie.ratingCount, votes >= minimumVotes else { return false }
    }
    if let runtimes {
      guard let minutes = movie.runningTime, runtimes.contains(minutes) else { return false }
    }
    if let played, (movie.playback?.played ?? false) != played { return false }
    if !genres.isEmpty {
      let folded = movie.genres.map(Self.fold)
      for genre in genres where !folded.contains(where: { Self.contains($0, genre) }) {
        return false
      }
    }
    guard !words.isEmpty else { return true }
    let title = Self.fold(movie.title)
    if words.allSatisfy({ Self.contains(title, $0) }) { return true }
    // `The Gold Rush` is found as `gold rush, the` too, the way an index writes it.
    guard let indexed = IndexedTitle.indexed(movie.title) else { return false }
    let folded = Self.fold(indexed)
    return words.allSatisfy { Self.contains(folded, $0) }
  }

  /// The matching movies among `movies`, numbered from `firstRow`.
  public func matches(in movies: some Collection<Movie>, firstRow: Int) -> [Match] {
    movies.enumerated().compactMap { offset, movie in
      matches(movie) ? Match(row: firstRow + offset, movie: movie) : nil
    }
  }

  /// The matching rows of a list, with their row numbers.
  public func matches(in list: MovieList) -> [Match] {
    matches(in: list.movies, firstRow: 1)
  }

  private static func value(of key: String, in lower: String, _ word: Substring) -> String? {
    guard lower.hasPrefix(key) else { return nil }
    return String(word.dropFirst(key.count))
  }

  /// Case, accents and width folded, composed again, as UTF-8. ASCII text, most titles, takes
  /// a short path: a full scan folds every title once.
  static func fold(_ text: String) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count)
    for byte in text.utf8 {
      guard byte < 0x80 else { return Array(foldedString(text).utf8) }
      bytes.append(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte)
    }
    return bytes
  }

  /// The folded text, for comparing names (genres).
  public static func foldedString(_ text: String) -> String {
    text.folding(
      options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil
    )
    .precomposedStringWithCanonicalMapping
  }

  /// Whether `needle` occurs in `haystack`. Both are whole UTF-8 text, so a match always
  /// starts and ends on a character boundary.
  static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
    guard !needle.isEmpty else { return true }
    guard haystack.count >= needle.count else { return false }
    let first = needle[0]
    var index = 0
    let last = haystack.count - needle.count
    while index <= last {
      if haystack[index] == first {
        var offset = 1
        while offset < needle.count, haystack[index + offset] == needle[offset] { offset += 1 }
        if offset == needle.count { return true }
      }
      index += 1
    }
    return false
  }
}
