import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The first bytes of a regular file, read without ever blocking on what is not one.
///
/// A FIFO, a device or a socket under a file's name would block `open()` or `read()` for
/// ever (a FIFO in the image cache wedged the session, Ctrl-C included); the file is opened
/// with `O_NONBLOCK` and checked with `fstat` on the descriptor opened, so nothing can be
/// swapped in between the check and the read.
public struct RegularFile: Sendable, Hashable {
  /// Whether a symlink at the path is followed, or refused as a file that is not ours.
  public enum Links: Sendable, Hashable {
    case follow
    case refuse
  }

  /// At most the `limit` bytes asked for.
  public var data: Data
  /// The whole file's size, which may be more than ``data`` holds.
  public var size: Int
  /// The permission bits (`0o644`): of the link's target when a link was followed.
  public var permissions: Int
  /// When the file was last written.
  public var modified: Date

  /// The first `limit` bytes of the file at `path`, with its size, mode and modification
  /// time; nil when there is nothing there, it cannot be opened, or it is not a regular file
  /// (a FIFO, a device, a folder; a symlink too when `links` is `.refuse`).
  public static func read(_ path: String, upTo limit: Int, links: Links) -> RegularFile? {
    let flags = O_RDONLY | O_NONBLOCK | O_CLOEXEC | (links == .refuse ? O_NOFOLLOW : 0)
    let descriptor = open(path, flags)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
      return nil
    }
    var bytes = [UInt8](repeating: 0, count: max(0, min(limit, Int(status.st_size) + 1)))
    var count = 0
    while count < bytes.count {
      let got = bytes[count...].withUnsafeMutableBytes {
        Glibc.read(descriptor, $0.baseAddress, $0.count)
      }
      if got < 0, errno == EINTR { continue }
      guard got >= 0 else { return nil }
      if got == 0 { break }
      count += got
    }
    let seconds = Double(status.st_mtim.tv_sec) + Double(status.st_mtim.tv_nsec) / 1e9
    return RegularFile(
      data: Data(bytes.prefix(count)), size: Int(status.st_size),
      permissions: Int(status.st_mode & 0o7777),
      modified: Date(timeIntervalSince1970: seconds))
  }
}
