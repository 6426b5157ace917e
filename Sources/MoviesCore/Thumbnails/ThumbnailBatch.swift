/// What `thumb N-M` or `thumb all` did: each row's saved thumbnail or why it failed.
public struct ThumbnailBatch: Sendable {
  /// The rows asked for, in order: the list's rows, or watchlist entries (see ``label``).
  public var rows: [Int]
  /// What goes before a row's number in messages and file names: `w` for watchlist entries.
  public var label: String
  public var saved: [Int: SavedThumbnail] = [:]
  /// Why a row's thumbnail was not saved; renderers phrase each.
  public var failures: [Int: any Error] = [:]
  /// From the first request to the last file written.
  public var elapsed: Duration = .zero
  /// True when Ctrl-C stopped the batch; the rows saved before it stay saved.
  public var wasCancelled = false

  public init(rows: [Int], label: String = "") {
    self.rows = rows
    self.label = label
  }

  /// How many came from each origin.
  public func count(from origin: LoadedImage.Origin) -> Int {
    saved.values.filter { $0.origin == origin }.count
  }
}
