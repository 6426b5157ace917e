import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A file only its owner may read, for a secret kept between runs (a sign-in's token).
///
/// It is written whole or not at all: the bytes go to a new file beside it, made with mode
/// 0600 from its first instant (`O_CREAT | O_EXCL`, so nothing else's file is written
/// through), and renamed over it. What already has its name must be a regular file: a
/// symlink planted there, or a folder, is refused rather than followed or replaced.
public enum PrivateFile {
  /// Why it was not written or removed.
  public enum Failure: Error, Sendable, Equatable, UserFacingError {
    /// Something other than a regular file has its name (a symlink, a folder, a FIFO).
    case notAFile(path: String)
    /// Its folder is missing and cannot be made.
    case noFolder(path: String)
    /// A system call failed.
    case failed(path: String, call: String, errno: Int32)

    /// What failed, naming the file.
    public var message: String {
      switch self {
      case .notAFile(let path):
        "\(TerminalText.escape(path)) is not a regular file (a symbolic link or a folder?); "
          + "movies keeps a secret only in a file of its own: remove it and try again."
      case .noFolder(let path):
        "cannot make the folder \(TerminalText.escape(path)); check its parent's permissions."
      case .failed(let path, let call, let code):
        "cannot write \(TerminalText.escape(path)) (\(call): \(String(cString: strerror(code))))."
      }
    }

    /// Not the user's doing, nor the server's.
    public var code: ErrorCode { .internal }
  }

  /// Writes `data` as the whole of the file at `url`, mode 0600, in a folder made 0700 if it
  /// is missing.
  public static func write(_ data: Data, to url: URL) throws(Failure) {
    let path = url.path
    let folder = url.deletingLastPathComponent()
    do {
      try FileManager.default.createDirectory(
        at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    } catch {
      throw .noFolder(path: folder.path)
    }
    try checkRegularOrMissing(path)
    let staged = folder.appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString)")
      .path
    let descriptor = open(staged, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { throw .failed(path: path, call: "open", errno: errno) }
    var written = false
    defer {
      close(descriptor)
      if !written { unlink(staged) }
    }
    // The umask may have taken bits away; the owner must still read and write it.
    guard fchmod(descriptor, 0o600) == 0 else {
      throw .failed(path: path, call: "fchmod", errno: errno)
    }
    var bytes = [UInt8](data)[...]
    while !bytes.isEmpty {
      let count = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { throw .failed(path: path, call: "write", errno: errno) }
      bytes = bytes.dropFirst(count)
    }
    guard fsync(descriptor) == 0 else { throw .failed(path: path, call: "fsync", errno: errno) }
    // rename() replaces a name and never follows a link; the check above refused one.
    guard rename(staged, path) == 0 else { throw .failed(path: path, call: "rename", errno: errno) }
    written = true
  }

  /// Removes the file at `url`; false when there was none. Anything but a regular file is
  /// left where it is.
  @discardableResult
  public static func remove(_ url: URL) throws(Failure) -> Bool {
    let path = url.path
    try checkRegularOrMissing(path)
    guard unlink(path) == 0 else {
      if errno == ENOENT { return false }
      throw .failed(path: path, call: "unlink", errno: errno)
    }
    return true
  }

  /// Throws unless nothing has the name or a regular file has it (a symlink is not followed).
  private static func checkRegularOrMissing(_ path: String) throws(Failure) {
    var status = stat()
    guard lstat(path, &status) == 0 else {
      if errno == ENOENT { return }
      throw .failed(path: path, call: "lstat", errno: errno)
    }
    guard (status.st_mode & S_IFMT) == S_IFREG else { throw .notAFile(path: path) }
  }
}
