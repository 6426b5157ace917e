import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// The prompt's history on disk, one line per entry, kept across runs.
///
/// Each line is appended as it is entered, so a crash loses nothing; consecutive duplicates
/// are not stored, and the file is cut back to the newest ``limit`` entries when it has grown
/// to twice that, or past ``readLimit`` bytes. Only a regular file is used (a symlink to one is
/// followed), opened without blocking, so a FIFO or a device in its place turns history off
/// instead of hanging the prompt; only its last ``readLimit`` bytes are ever read, once per
/// run. It is cut back in place, so a symlink and the file's permissions stay. Failures are
/// ignored: history is a comfort, not worth stopping for.
public struct HistoryFile: Sendable {
  /// The most entries kept.
  public static let limit = 1_000
  /// The most bytes read from the end of the file; a larger file is cut back.
  public static let readLimit = 1_048_576
  /// Longer lines (a pasted page of text) are not kept: recalling them garbles the prompt.
  public static let longestLine = 1_000

  /// The history file's path.
  public let url: URL
  private let known = Known()

  /// What this process knows of the file, so an append does not read it again: how many
  /// lines it holds (nil until first read) and the newest.
  private final class Known: Sendable {
    struct State {
      var lineCount: Int?
      var last: String?
    }
    let state = Mutex(State())
  }

  /// The history kept in the file at `url` (made on the first entry).
  public init(url: URL) {
    self.url = url
  }

  /// `MOVIES_HISTFILE` when set (`/dev/null` turns history off: nil), else
  /// `$XDG_STATE_HOME/movies/history`, else `~/.local/state/movies/history`.
  public static func location(environment: [String: String]) -> URL? {
    if let path = environment["MOVIES_HISTFILE"], !path.isEmpty {
      return path == "/dev/null" ? nil : URL(fileURLWithPath: path)
    }
    return StateFolder.url(environment: environment)?.appendingPathComponent("history")
  }

  /// The stored entries, oldest first, at most ``limit``; lines longer than ``longestLine``
  /// (written by an older version) are left out, since recalling them garbles the prompt.
  public func entries() -> [String] {
    Array(storedLines().lines.filter { $0.utf8.count <= Self.longestLine }.suffix(Self.limit))
  }

  /// The lines in the file's last ``readLimit`` bytes, and whether the file is larger.
  private func storedLines() -> (lines: [String], isCut: Bool) {
    guard let file = Self.openRegular(url.path, O_RDONLY) else { return ([], false) }
    defer { close(file.descriptor) }
    let start = max(0, file.size - Self.readLimit)
    var bytes = [UInt8](repeating: 0, count: file.size - start)
    var filled = 0
    while filled < bytes.count {
      let count = bytes.withUnsafeMutableBytes { buffer in
        guard let base = buffer.baseAddress else { return 0 }
        return pread(file.descriptor, base + filled, buffer.count - filled, off_t(start + filled))
      }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { break }
      filled += count
    }
    var lines = bytes.prefix(filled).split(separator: UInt8(ascii: "\n")).map {
      String(decoding: $0, as: UTF8.self)
    }
    // Reading from the middle of the file starts in the middle of a line.
    if start > 0, !lines.isEmpty { lines.removeFirst() }
    return (lines, start > 0)
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
    let known = known.state.withLock { state in
      if state.lineCount == nil {
        let stored = storedLines()
        state.lineCount = stored.isCut ? Int.max : stored.lines.count
        state.last = stored.lines.last
      }
      return state
    }
    guard known.last != line else { return }
    // What was typed is private: the folder is the owner's alone, and the file is made 0600
    // (as redis-cli does).
    let folder = url.deletingLastPathComponent()
    try? FileManager.default.createDirectory(
      at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    let lineCount = known.lineCount ?? 0
    if lineCount >= 2 * Self.limit - 1 {
      compact(adding: line)
    } else if let file = Self.openRegular(url.path, O_WRONLY | O_APPEND | O_CREAT) {
      _ = Self.write(line + "\n", to: file.descriptor)
      close(file.descriptor)
      self.known.state.withLock { $0 = .init(lineCount: lineCount + 1, last: line) }
    }
  }

  /// Rewrites the file with the newest entries and the new line, in place.
  private func compact(adding line: String) {
    let kept = Array((storedLines().lines + [line]).suffix(Self.limit))
    guard let file = Self.openRegular(url.path, O_WRONLY | O_CREAT) else { return }
    defer { close(file.descriptor) }
    guard ftruncate(file.descriptor, 0) == 0 else { return }
    _ = Self.write(kept.joined(separator: "\n") + "\n", to: file.descriptor)
    known.state.withLock { $0 = .init(lineCount: kept.count, last: line) }
  }

  /// Opens a path, following symlinks, without blocking; nil unless it is a regular file.
  private static func openRegular(_ path: String, _ flags: Int32) -> (descriptor: Int32, size: Int)?
  {
    let descriptor = open(path, flags | O_NONBLOCK | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { return nil }
    var status = stat()
    guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
      close(descriptor)
      return nil
    }
    return (descriptor, Int(status.st_size))
  }

  private static func write(_ text: String, to descriptor: Int32) -> Bool {
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
      let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
      if written < 0, errno == EINTR { continue }
      guard written > 0 else { return false }
      bytes = bytes.dropFirst(written)
    }
    return true
  }
}
