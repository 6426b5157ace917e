import Foundation
import MoviesCore

#if canImport(Glibc)
  import Glibc
#endif

/// A file only this user can read, held open and already removed from the disk: how a secret
/// is handed to another program without its command line (which `ps` shows) and without
/// leaving it behind. The child inherits the descriptor and opens it as `/dev/fd/N`, so
/// nothing is left to remove when this program is closed, ended or killed outright.
///
/// Made in a folder of its own, mode 0700, as a file of mode 0600, both removed at once: the
/// name exists only between the write and the removal, never while another program runs.
final class PrivateFile: Sendable {
  /// Why the file could not be made.
  enum Error: Swift.Error, UserFacingError {
    case failed(call: String, errno: Int32)

    var code: ErrorCode { .playFailed }
    var message: String {
      guard case .failed(let call, let number) = self else { return "" }
      return "Could not write the player's private settings file (\(call): "
        + "\(String(cString: strerror(number)))); nothing was played."
    }
  }

  /// Open for reading and writing, closed on exec: only a child given it by number has it.
  let descriptor: Int32

  /// Writes `text` to a new file under the temporary folder (`TMPDIR`, else /tmp), removes
  /// its name, and keeps it open. Blocks: call it through `Blocking.fileIO`.
  init(_ text: String, environment: [String: String]) throws(Error) {
    let base = Self.temporaryFolder(environment)
    var template = Array("\(base)/movies-XXXXXX".utf8CString)
    guard let made = mkdtemp(&template) else { throw .failed(call: "mkdtemp", errno: errno) }
    let folder = String(cString: made)
    let path = folder + "/settings"
    let descriptor = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
    let number = errno
    // Removed before anything is written: from here the text is only in the open file.
    unlink(path)
    rmdir(folder)
    guard descriptor >= 0 else { throw .failed(call: "open", errno: number) }
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
      let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
      if written < 0, errno == EINTR { continue }
      guard written > 0 else {
        let number = errno
        close(descriptor)
        throw .failed(call: "write", errno: number)
      }
      bytes = bytes.dropFirst(written)
    }
    self.descriptor = descriptor
  }

  /// `TMPDIR` when it is an absolute path, else /tmp.
  private static func temporaryFolder(_ environment: [String: String]) -> String {
    environment["TMPDIR"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/tmp"
  }

  deinit {
    close(descriptor)
  }

  /// Removes what earlier versions left in `base` when they were ended during `play`: a
  /// `movies-XXXXXX` folder of this user's holding only `mpv.conf`, a minute old (mpv reads
  /// its include as it starts, so an older version still playing needs it no more).
  static func sweepLeftovers(environment: [String: String]) {
    let base = temporaryFolder(environment)
    let names = (try? FileManager.default.contentsOfDirectory(atPath: base)) ?? []
    let old = time(nil) - 60
    for name in names where name.hasPrefix("movies-") && name.utf8.count == 13 {
      let folder = base + "/" + name
      var info = stat()
      guard lstat(folder, &info) == 0, info.st_mode & S_IFMT == S_IFDIR, info.st_uid == getuid(),
        (try? FileManager.default.contentsOfDirectory(atPath: folder)) == ["mpv.conf"],
        lstat(folder + "/mpv.conf", &info) == 0, info.st_mode & S_IFMT == S_IFREG,
        info.st_mtim.tv_sec < old
      else { continue }
      unlink(folder + "/mpv.conf")
      rmdir(folder)
    }
  }
}
