/// A command the source cannot carry out, by what it says it can do (its
/// ``SourceCapabilities``), refused before anything is asked of it.
public enum SourceRefusal: Swift.Error, Sendable, Hashable, UserFacingError {
  /// An order the source does not sort by; `offered` are the ones it does.
  case order(String, offered: [String])
  /// `similar N` on a source that knows no films like another.
  case noSimilar
  /// `series`, `episodes N` or a season asked of a source that lists no TV series.
  case noSeries
  /// `continue` on a source that does not know what the user has seen.
  case noPlayback(command: String)
  /// `played:` on a source that does not know what was watched.
  case played
  /// `on:NAME` on a source that does not know where films stream.
  case services
  /// A filter (`runtime:`, `on:`) beside title words, on a source (`server`, named as a
  /// sentence's subject) whose title search takes no filter and whose rows do not carry it.
  case filterWithWords(String, server: String)
  /// An `on:` name that begins no service's name; `suggestion` is the closest one.
  case unknownService(String, region: String, suggestion: String?)

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
    case .noSeries:
      "This source has no TV series; 'series' and 'episodes N' work on a film database or "
        + "media server that has them, such as TMDb or Jellyfin."
    case .noPlayback(let command):
      "This source does not know what you have watched, so '\(command)' has nothing to go "
        + "on; it works on a media server's library, such as Jellyfin's."
    case .played:
      "This source does not know what you have watched, so played:yes and played:no work "
        + "only on a media server's library, such as Jellyfin's. With a watchlist file, "
        + "'seen N' keeps a diary that seen:no filters on (the watchlist file is off or out of reach)."
    case .services:
      "This source does not know where films stream, so on:NAME works on TMDb only."
    case .filterWithWords(let filter, let server):
      "\(server)'s title search takes no \(filter) filter: leave out the title words, or the "
        + "filter."
    case .unknownService(let name, let region, let suggestion):
      "No streaming service in \(region) begins with '\(CommandUsage.excerpt(name))'"
        + (suggestion.map { "; did you mean on:\($0)?" } ?? ".")
    }
  }
}
