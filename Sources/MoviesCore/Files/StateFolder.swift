import Foundation

/// Where the program keeps what it learns as it runs: the prompt's history, mpv's log and a
/// Jellyfin sign-in.
public enum StateFolder {
  /// `$XDG_STATE_HOME/movies`, else `~/.local/state/movies`, as the XDG base directory
  /// specification has it; nil without an absolute one, since a relative one would move with
  /// the working folder.
  public static func url(environment: [String: String]) -> URL? {
    if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
      return URL(fileURLWithPath: state).appendingPathComponent("movies")
    }
    guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
    return URL(fileURLWithPath: home).appendingPathComponent(".local/state/movies")
  }
}
