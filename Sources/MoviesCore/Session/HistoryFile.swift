import Foundation

/// The prompt's history on disk, one line per entry, kept across runs.
///
/// Each line is appended as it is entered, so a crash loses nothing; consecutive duplicates
/// are not stored, and the file is cut back to the newest ``limit`` entries when it has grown
/// to twice that. Failures to write are ignored: history is a comfort, not worth stopping for.
public struct HistoryFile: Sendable {
  /// The most entries kept.
  public static let limit = 1_000
  /// Longer lines (a pasted page of text) are not kept: recalling them garbles the prompt.
  public static let longestLine = 1_000

  public let url: URL

  public init(url: URL) {
    self.url = url
  }

  /// `MOVIES_HISTFILE` when set (`/dev/null` turns history off: nil), else
  /// `$XDG_STATE_HOME/movies/history`, else `~/.local/state/movies/history`.
  public static func location(environment: [String: String]) -> URL? {
    if let path = environment["MOVIES_HISTFILE"], !path.isEmpty {
      return path == "/dev/null" ? nil : URL(fileURLWithPath: path)
    }
    if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
      return URL(fileURLWithPath: state).appendingPathComponent("movies/history")
    }
    guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
    return URL(fileURLWithPath: home).appendingPathComponent(".local/state/movies/history")
  }

  /// The stored entries, oldest first, at most ``limit``; lines longer than ``longestLine``
  /// (written by an older version) are left out, since recalling them garbles the prompt.
  public func entries() -> [String] {
    Array(storedLines().filter { $0.utf8.count <= Self.longestLine }.suffix(Self.limit))
  }

  private func storedLines() -> [String] {
    guard let data = FileManager.default.contents(atPath: url.path) else { return [] }
    return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
  }

  /// Appends a line, without trailing spaces, unless it is blank or the same as the newest
  /// entry.
  public func append(_ typed: String) {
    // Tab completion leaves a trailing space; `more ` and `more` are the same entry.
    var line = typed
    while line.last?.isWhitespace == true { line.removeLast() }
    guard !line.trimmingCharacters(in: .whitespaces).isEmpty, !line.contains("\n"),
      line.utf8.count <= Self.longestLine
    else { return }
    let entries = storedLines()
    guard entries.last != line else { return }
    // What was typed is private: the folder is the owner's alone, the file too (as
    // redis-cli does), also when it is rewritten.
    let folder = url.deletingLastPathComponent()
    try? FileManager.default.createDirectory(
      at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    let ownerOnly: [FileAttributeKey: Any] = [.posixPermissions: 0o600]
    if entries.count + 1 >= 2 * Self.limit {
      let kept = (entries + [line]).suffix(Self.limit).joined(separator: "\n") + "\n"
      try? Data(kept.utf8).write(to: url, options: .atomic)
      try? FileManager.default.setAttributes(ownerOnly, ofItemAtPath: url.path)
      return
    }
    if !FileManager.default.fileExists(atPath: url.path) {
      _ = FileManager.default.createFile(atPath: url.path, contents: nil, attributes: ownerOnly)
    }
    guard let handle = try? FileHandle(forWritingTo: url) else { return }
    defer { try? handle.close() }
    _ = try? handle.seekToEnd()
    try? handle.write(contentsOf: Data((line + "\n").utf8))
  }
}
