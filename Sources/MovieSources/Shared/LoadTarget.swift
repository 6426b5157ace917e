import MoviesCore

/// What one request of a source loads, for its messages: "page 3", "the genre list". The
/// shared ``SourceHTTP`` words every failure from it, so each source says the same thing the
/// same way.
public struct LoadTarget: Sendable, Hashable {
  /// What kind of thing it is: a page's failure advises the command that asked for it.
  public enum Kind: Sendable, Hashable {
    case page(Int)
    case poster
    case details
    /// What the server is: its users, identity or libraries, asked for at start.
    case server
    case other
  }

  /// What kind of thing it is.
  public var kind: Kind
  /// The thing, as the middle of a sentence: "page 3", "the genre list".
  public var name: String
  /// What to do after a lasting refusal of something the user's address does not decide (a
  /// poster the server does not offer); nil for none.
  public var missingAdvice: String?
  /// What to type to try again, when it is not what the kind says.
  var advice: String?
  /// What was being done with it, for "Could not load the poster": `send` for a report.
  public var verb = "load"
  /// A report to the server: sent once, given up after ``SourceHTTP/reportDeadline``, and
  /// never sent on to where a redirect leads (a redirect is a report not delivered).
  public var isReport = false
  /// The command that loads it for one row, when the kind does not say (TMDb's image
  /// configuration, loaded by `thumb`): the advice names it with its row.
  var rowCommand: String?

  /// A target of `kind`, named `name` in messages.
  public init(
    _ kind: Kind, name: String, missingAdvice: String? = nil, advice: String? = nil,
    rowCommand: String? = nil
  ) {
    self.kind = kind
    self.name = name
    self.missingAdvice = missingAdvice
    self.advice = advice
    self.rowCommand = rowCommand
  }

  /// Page `number` of the list.
  public static func page(_ number: Int) -> LoadTarget {
    LoadTarget(.page(number), name: "page \(number)")
  }
  /// The source's genre list.
  public static let genres = LoadTarget(.other, name: "the genre list")
  /// A film's poster; a lasting refusal says the server does not offer it.
  public static let poster = LoadTarget(
    .poster, name: "the poster",
    missingAdvice: "The server does not offer this image; the movie's other details still show.")
  /// A film's details, for `show N`.
  public static let details = LoadTarget(.details, name: "the film's details")
  /// The films like one, for `similar N`.
  public static let similar = LoadTarget(.other, name: "the films like it", rowCommand: "similar")

  /// What to type to try again: `command` for a page (`more`, or the `genre`, `order` or
  /// `resume` whose first page failed); for one film's poster or details, `command` as the
  /// runner gives it with its row (`thumb 2`, `show f3`), else the command's name.
  public func retryAdvice(_ command: String) -> String {
    if let advice { return advice }
    let loadedBy: String? =
      switch kind {
      case .poster: "thumb"
      case .details: "show"
      case .page, .server, .other: rowCommand
      }
    if let loadedBy { return "Try '\(command == "more" ? loadedBy : command)' again in a moment." }
    switch kind {
    case .page:
      return command == "more"
        ? "Type 'more' to try the same page again." : "Type '\(command)' to try again."
    case .server: return "Check the server's address and try again."
    case .poster, .details, .other: return "Try again in a moment."
    }
  }
}
