/// What `watch 2-5` or `unwatch w1-w3` did: which labels it put on the watchlist or took
/// off, and which were on it already (or not on it).
public struct WatchRangeChange: Sendable, Hashable {
  /// The labels the command named.
  public var labels: RowLabels
  /// True for `watch`, false for `unwatch`.
  public var adding: Bool
  /// The labels whose movie it put on, or took off.
  public var changed: [RowLabel]
  /// The labels whose movie was on it already (`watch`), or was not on it (`unwatch`).
  public var unchanged: [RowLabel]

  /// One sentence: "Added rows 2-5 to the watchlist but 4, which was on it already."
  public var sentence: String {
    let noun =
      switch labels.kind {
      case .row: "rows"
      case .entry: "entries"
      case .match: "matches"
      }
    let named = "\(noun) \(labels)"
    let others = unchanged.map(\.description).joined(separator: ", ")
    let count = changed.count == 1 ? "1 movie" : "\(changed.count) movies"
    if adding {
      guard !changed.isEmpty else { return "All of \(named) are on the watchlist already." }
      return "Added \(count) of \(named) to the watchlist"
        + (unchanged.isEmpty
          ? "." : "; \(others) \(unchanged.count == 1 ? "was" : "were") on it already.")
    }
    guard !changed.isEmpty else { return "None of \(named) is on the watchlist." }
    return "Took \(count) of \(named) off the watchlist"
      + (unchanged.isEmpty
        ? "." : "; \(others) \(unchanged.count == 1 ? "was" : "were") not on it.")
  }
}
