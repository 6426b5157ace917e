/// What `thumb N-M` or `thumb all` did: each row's saved thumbnail or why it failed.
public struct ThumbnailBatch: Sendable {
  /// The rows asked for, in order: the list's rows, watchlist entries or a server search's
  /// matches (see ``kind``).
  public var rows: [Int]
  /// What the numbers count, which names them in messages and file names (`w3`, `f3`).
  public var kind: RowLabel.Kind
  /// The thumbnails saved, by row number.
  public var saved: [Int: SavedThumbnail] = [:]
  /// Why a row's thumbnail was not saved; renderers phrase each.
  public var failures: [Int: any Error] = [:]
  /// From the first request to the last file written.
  public var elapsed: Duration = .zero
  /// True when Ctrl-C stopped the batch; the rows saved before it stay saved.
  public var wasCancelled = false

  /// A batch for `rows`, nothing saved yet; `kind` says what the numbers count.
  public init(rows: [Int], kind: RowLabel.Kind = .row) {
    self.rows = rows
    self.kind = kind
  }

  /// The rows whose film the source has no poster for, in order: counted apart from the
  /// failures, since asking again would not help.
  public var withoutPoster: [Int] {
    rows.filter { row in
      switch failures[row] as? ThumbnailStore.Error {
      case .noThumbnail?, .noneAtSource?: true
      default: false
      }
    }
  }

  /// How many came from each origin.
  public func count(from origin: LoadedImage.Origin) -> Int {
    saved.values.filter { $0.origin == origin }.count
  }
}
