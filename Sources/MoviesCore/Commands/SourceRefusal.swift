/// A command the source cannot carry out, by what it says it can do (its
/// ``SourceCapabilities``), refused before anything is asked of it.
public enum SourceRefusal: Swift.Error, Sendable, Hashable, UserFacingError {
  /// An order the source does not sort by; `offered` are the ones it does.
  case order(String, offered: [String])
  /// `similar N` on a source that knows no films like another.
  case noSimilar

  /// The code `--json` reports it with.
  public var code: ErrorCode { .usage }

  /// What went wrong and, where a command helps, what to type.
  public var message: String {
    switch self {
    case .order(let order, let offered):
      "This source cannot sort by \(CommandUsage.excerpt(OrderName.shortName(order))); "
        + "it sorts by \(offered.map(OrderName.shortName).joined(separator: ", "))."
    case .noSimilar:
      "This source does not know which films are like another; 'similar N' works on a "
        + "film database or a media server that does."
    }
  }
}
