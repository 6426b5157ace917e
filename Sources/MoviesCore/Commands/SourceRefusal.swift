/// A command the source cannot carry out, by what it says it can do (its
/// ``SourceCapabilities``), refused before anything is asked of it.
public enum SourceRefusal: Swift.Error, Sendable, Hashable, UserFacingError {
  /// An order the source does not sort by; `offered` are the ones it does.
  case order(String, offered: [String])
  /// `continue` on a source that does not know what the user has seen.
  case noPlayback(command: String)

  /// The code `--json` reports it with.
  public var code: ErrorCode { .usage }

  /// What went wrong and, where a command helps, what to type.
  public var message: String {
    switch self {
    case .order(let order, let offered):
      "This source cannot sort by \(CommandUsage.excerpt(OrderName.shortName(order))); "
        + "it sorts by \(offered.map(OrderName.shortName).joined(separator: ", "))."
    case .noPlayback(let command):
      "This source does not know what you have watched, so '\(command)' has nothing to go "
        + "on; it works on a media server's library, such as Jellyfin's."
    }
  }
}
