import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Bytes written into a folder before they get their final name, so a killed write never
/// leaves a partial file under that name.
///
/// Where the file system allows (`O_TMPFILE`: ext4, XFS, Btrfs, tmpfs) the file has no name
/// at all until ``link(as:)`` gives it one, so a process killed at any moment leaves nothing
/// behind. Elsewhere it is a hidden `.movies-UUID.part` file, removed by ``discard()`` and,
/// should the process be killed first, by ``sweep(_:)`` in a later run.
final class StagedFile {
  /// An open unnamed file, or -1.
  private let descriptor: Int32
  /// The named fallback, or nil.
  private let path: String?

  /// Writes the bytes; returns nil when the folder cannot take them (the reason in `errno`).
  init?(_ data: Data, in folder: URL) {
    // Naming an unnamed file goes through /proc/self/fd, which a sandbox may not mount.
    let unnamed =
      access("/proc/self/fd", F_OK) == 0
      ? open(folder.path, Self.temporaryFileFlag | O_WRONLY | O_CLOEXEC, 0o644) : -1
    if unnamed >= 0 {
      guard Self.write(data, to: unnamed) else {
        close(unnamed)
        return nil
      }
      descriptor = unnamed
      path = nil
      return
    }
    let named = folder.appendingPathComponent(
      Self.prefix + UUID().uuidString + Self.suffix
    ).path
    let file = open(named, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o644)
    guard file >= 0 else { return nil }
    let written = Self.write(data, to: file)
    close(file)
    guard written else {
      unlink(named)
      return nil
    }
    descriptor = -1
    path = named
  }

  /// Gives the bytes a name; fails with EEXIST instead of replacing a file (or a symlink)
  /// that has it. Returns 0 or an errno.
  func link(as target: String) -> Int32 {
    let result =
      if let path {
        Glibc.link(path, target)
      } else {
        linkat(AT_FDCWD, "/proc/self/fd/\(descriptor)", AT_FDCWD, target, AT_SYMLINK_FOLLOW)
      }
    return result == 0 ? 0 : errno
  }

  /// Removes the staged bytes; the names given by ``link(as:)`` stay.
  func discard() {
    if let path { unlink(path) }
    if descriptor >= 0 { close(descriptor) }
  }

  /// Removes `.movies-….part` files in the folder that a killed process left more than an
  /// hour ago; newer ones may belong to another process still writing.
  static func sweep(_ folder: URL) {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else {
      return
    }
    let staleBefore = Date().addingTimeInterval(-3_600)
    for name in names where name.hasPrefix(prefix) && name.hasSuffix(suffix) {
      let file = folder.appendingPathComponent(name).path
      var status = stat()
      guard lstat(file, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG,
        Date(timeIntervalSince1970: TimeInterval(status.st_mtim.tv_sec)) < staleBefore
      else { continue }
      unlink(file)
    }
  }

  private static let prefix = ".movies-"
  private static let suffix = ".part"
  /// `O_TMPFILE`, which Swift does not import: `__O_TMPFILE | O_DIRECTORY`.
  private static let temporaryFileFlag: Int32 = 0o20_000_000 | O_DIRECTORY

  private static func write(_ data: Data, to descriptor: Int32) -> Bool {
    data.withUnsafeBytes { buffer in
      guard let base = buffer.baseAddress else { return true }
      var offset = 0
      while offset < buffer.count {
        let written = Glibc.write(descriptor, base + offset, buffer.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          return false
        }
        offset += written
      }
      return true
    }
  }
}
