/// What a command's handler works on: the browser, the library, the thumbnails, the source
/// and what it can do, the player, and what is in view; and, for one command, where it
/// reports its progress. Handlers are extensions of it, in folders by kind of command, and
/// each ``CommandSpec`` names its own (``CommandSpec/run``).
public struct CommandContext: Sendable {
  /// The list, its paging and its source.
  public let browser: Browser
  /// Where `thumb` saves and caches images, and where `show N` learns whether a poster is
  /// cached.
  public let thumbnails: ThumbnailStore
  /// Where `genres` and `genre NAME` look genres up; nil when the source has none.
  public let genreSource: (any GenreSource)?
  /// What `open N` hands links to; nil prints them instead.
  public let linkOpener: (any LinkOpener)?
  /// The watchlist and the saved session.
  public let library: LibraryAccess
  /// The browsed source as the library records it: `offline`, or the API's address.
  public let sourceID: String
  /// Where `play N` finds a film's stream; nil when the source has none.
  public let streamSource: (any StreamSource)?
  /// What `play N` hands streams to; nil when no player is installed.
  public let player: (any MediaPlayer)?
  /// The rows in view and the last watchlist listing, which commands act on.
  public let view: ViewState

  /// The person at the prompt agreed to `thumb all` saving more than ``ThumbRows/askAbove``
  /// rows (a script must name them).
  public var confirmed = false
  /// Commands that work through many items (`thumb all`, `find`) report `(done, total)`.
  public var progress: @Sendable (_ done: Int, _ total: Int) -> Void = { _, _ in }
  /// A line to show now, before the command's result (`play`'s `Resuming …`); true when it
  /// is shown (at a prompt), so the result leaves it out.
  public var announce: @Sendable (_ line: String) -> Bool = { _ in false }
  /// `find` reports each batch of matches as it is found.
  public var found: @Sendable (_ matches: [MovieSearch.Match], _ largestRow: Int) -> Void = {
    _, _ in
  }

  /// A context over `browser` saving thumbnails through `thumbnails`, with what the
  /// commands beyond paging use; each of those is optional.
  public init(
    browser: Browser, thumbnails: ThumbnailStore, genreSource: (any GenreSource)? = nil,
    linkOpener: (any LinkOpener)? = nil, library: LibraryAccess = .off,
    sourceID: String = RecordedSource.offline.id, streamSource: (any StreamSource)? = nil,
    player: (any MediaPlayer)? = nil, view: ViewState = ViewState()
  ) {
    self.browser = browser
    self.thumbnails = thumbnails
    self.genreSource = genreSource
    self.linkOpener = linkOpener
    self.library = library
    self.sourceID = sourceID
    self.streamSource = streamSource
    self.player = player
    self.view = view
  }

  /// Where the list comes from: its name is in the banner and the spinner's label.
  public var source: any MovieSource { browser.source }

  /// The words `order` takes on this source, for `help`, Tab and the hint.
  public var orderWords: [String] { OrderName.words(offeredBy: source.capabilities.orders) }

  /// The library, or the error that says why there is none.
  func openLibrary() throws(LibraryError) -> any Library {
    switch library {
    case .open(let library): library
    case .off: throw .off
    case .unavailable(let error): throw error
    }
  }
}

/// What a handler did: its outcome, the warnings met on the way, and what stopped it after
/// part of it was done (`more 5` failing at the third page).
public struct Handled: Sendable {
  /// What it did.
  public var outcome: any CommandOutcome
  /// Notes that did not stop the command, one sentence each.
  public var warnings: [String]
  /// What stopped it after part of its work.
  public var stoppedBy: (any Error)?

  /// A handler's result from its parts.
  public init(
    _ outcome: any CommandOutcome, warnings: [String] = [], stoppedBy: (any Error)? = nil
  ) {
    self.outcome = outcome
    self.warnings = warnings
    self.stoppedBy = stoppedBy
  }
}
