import Foundation
import MoviesCore

#if canImport(Glibc)
  import Glibc
#endif

/// A file only this user can read, in a folder of its own that only this user can enter: how
/// a secret is handed to another program without its command line (which `ps` shows).
struct PrivateFile {
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

  let folder: String
  let path: String

  /// Writes `text` to a new file, mode 0600, in a new folder, mode 0700, under the
  /// temporary folder (`TMPDIR`, else /tmp). Blocks: call it through `Blocking.fileIO`.
  static func write(_ text: String, named name: String, environment: [String: String]) throws(Error)
    -> PrivateFile
  {
    let base = environment["TMPDIR"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/tmp"
    var template = Array("\(base)/movies-XXXXXX".utf8CString)
    guard let made = mkdtemp(&template) else { throw .failed(call: "mkdtemp", errno: errno) }
    let folder = String(cString: made)
    let path = folder + "/" + name
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
    guard descriptor >= 0 else {
      let number = errno
      rmdir(folder)
      throw .failed(call: "open", errno: number)
    }
    defer { close(descriptor) }
    let file = PrivateFile(folder: folder, path: path)
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
      let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
      if written < 0, errno == EINTR { continue }
      guard written > 0 else {
        let number = errno
        file.remove()
        throw .failed(call: "write", errno: number)
      }
      bytes = bytes.dropFirst(written)
    }
    return file
  }

  /// Removes the file and its folder.
  func remove() {
    unlink(path)
    rmdir(folder)
  }
}
