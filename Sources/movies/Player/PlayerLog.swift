import Foundation
import MoviesCore

#if canImport(Glibc)
  import Glibc
#endif

/// mpv's own output, kept in the state folder (`$XDG_STATE_HOME/movies/mpv.log`, else
/// `~/.local/state/movies/mpv.log`) instead of between the prompt's lines. Each play starts it
/// again, so it holds the last play's messages, which the sentence of a failed play names.
enum PlayerLog {
  /// The log's path, in the ``StateFolder``.
  static func location(environment: [String: String]) -> String? {
    StateFolder.url(environment: environment)?.appendingPathComponent("mpv.log").path
  }

  /// The log at `path` opened to write from its start (made 0600, in a folder made 0700),
  /// close-on-exec; nil when it cannot be, or is not a regular file (a symlink is not
  /// followed, a FIFO not waited on). Blocks: call it through `Blocking.fileIO`.
  static func open(_ path: String?) -> Int32? {
    guard let path else { return nil }
    let folder = (path as NSString).deletingLastPathComponent
    try? FileManager.default.createDirectory(
      atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    let descriptor = Glibc.open(
      path, O_WRONLY | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o600)
    guard descriptor >= 0 else { return nil }
    var info = stat()
    guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG,
      ftruncate(descriptor, 0) == 0
    else {
      close(descriptor)
      return nil
    }
    return descriptor
  }
}
