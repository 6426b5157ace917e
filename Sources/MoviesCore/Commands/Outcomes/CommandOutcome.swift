/// What a command did, before it is rendered. Each outcome knows how it shows itself, as
/// text and as JSON, and what it leaves in view, so no renderer switches over every command:
/// a new command brings its outcome with its handler.
public protocol CommandOutcome: Sendable {
  /// The text the outcome prints (a `list`'s rows follow apart, in ``textRows(_:)``).
  func text(_ renderer: TextRenderer) -> String
  /// Rows printed after ``text(_:)``, rendered as they are written; nil for none.
  func textRows(_ renderer: TextRenderer) -> RowStream?
  /// Warnings only text mode adds (a thumbnail batch's failures, which JSON lists).
  func textWarnings(_ renderer: TextRenderer) -> [String]
  /// The indent of a sentence's later lines when the text is prose, broken at spaces to the
  /// width at a terminal; nil for a table or labelled fields, which fit the width already.
  var proseIndent: String? { get }
  /// The keys it adds to its JSON object, but its rows.
  func jsonFields(_ fields: JSONFields) -> JSONObject
  /// The rows of its JSON object, made one at a time as they are written; nil for none.
  func jsonRows(_ fields: JSONFields) -> JSONRenderer.Rows?
  /// The list after the command, when the command changed it or reports it; nil when it
  /// left the list as it was.
  var listAfter: ListStatus? { get }
  /// The movies it shows, whose watched marks are looked up; nil when it shows none.
  var shownMovies: [Movie]? { get }
  /// Notes what it showed in `view`: the rows in view, a watchlist listing, a server
  /// search's matches. `query` is the list's before the command.
  func record(in view: inout ViewState.State, query: MovieQuery)
  /// What stopped it part-way, when the outcome itself says (a batch with failures, a
  /// `find` stopped); nil when nothing did.
  var problem: (any Error)? { get }
  /// The notes it adds to the command's warnings in both modes (disk cache problems).
  func notes(describedBy describer: ErrorDescriber) -> [String]
  /// True for `quit`.
  var quits: Bool { get }
}

extension CommandOutcome {
  /// The rows printed after the text, rendered as they are written.
  public func textRows(_ renderer: TextRenderer) -> RowStream? { nil }
  /// The warnings text mode adds.
  public func textWarnings(_ renderer: TextRenderer) -> [String] { [] }
  /// Sentences: wrapped to the width at a terminal.
  public var proseIndent: String? { nil }
  /// Its rows in the JSON object.
  public func jsonRows(_ fields: JSONFields) -> JSONRenderer.Rows? { nil }
  /// The list after the command.
  public var listAfter: ListStatus? { nil }
  /// The movies it shows, for their watched marks.
  public var shownMovies: [Movie]? { nil }
  /// What it leaves in view.
  public func record(in view: inout ViewState.State, query: MovieQuery) {}
  /// What stopped it part-way.
  public var problem: (any Error)? { nil }
  /// Notes it adds to the warnings.
  public func notes(describedBy describer: ErrorDescriber) -> [String] { [] }
  /// Whether the command leaves.
  public var quits: Bool { false }
}
