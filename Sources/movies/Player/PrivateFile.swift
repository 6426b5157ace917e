import Foundation
import MoviesCore
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// A file only this user can read, held open and already removed from the disk: how a secret
/// is handed to another program without its command line (which `ps` shows) and without
/// leaving it behind. The child inherits the descriptor and opens it as `/dev/fd/N`, so
/// nothing is left to remove when this program is closed, ended or killed outright.
///
/// Made in a folder of its own, mode 0700, as a file of mode 0600; the file's name is removed
/// at once. The folder stays only until the player has made its IPC socket there
/// (``socketPath``) and it is connected (``removeFolder()``): it never holds the secret.
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
  /// Where the player makes its IPC socket: `ipc` in the private folder.
  let socketPath: String
  /// The private folder, until it is removed.
  private let folder: Mutex<String?>

  /// The socket's name in the folder.
  static let socketName = "ipc"

  /// Writes `text` to a new file in a new private folder under the temporary folder
  /// (`TMPDIR`, else /tmp), removes the file's name, and keeps it open. Blocks: call it
  /// through `Blocking.fileIO`.
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
    guard descriptor >= 0 else {
      rmdir(folder)
      throw .failed(call: "open", errno: number)
    }
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
      let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
      if written < 0, errno == EINTR { continue }
      guard written > 0 else {
        let number = errno
        close(descriptor)
        rmdir(folder)
        throw .failed(call: "write", errno: number)
      }
      bytes = bytes.dropFirst(written)
    }
    self.descriptor = descriptor
    self.folder = Mutex(folder)
    socketPath = folder + "/" + Self.socketName
  }

  /// `TMPDIR` when it is an absolute path short enough for a socket's address in it (108
  /// bytes in all), else /tmp.
  private static func temporaryFolder(_ environment: [String: String]) -> String {
    environment["TMPDIR"].flatMap { $0.hasPrefix("/") && $0.utf8.count <= 80 ? $0 : nil }
      ?? "/tmp"
  }

  /// Removes the socket's name and the folder: once connected, the socket needs no name.
  /// Safe to call more than once, from any thread.
  func removeFolder() {
    guard
      let folder = folder.withLock({ folder in
        defer { folder = nil }
        return folder
      })
    else { return }
    unlink(folder + "/" + Self.socketName)
    rmdir(folder)
  }

  deinit {
    removeFolder()
    close(descriptor)
  }

  /// Removes what earlier runs left in `base` when they were ended during `play`: a
  /// `movies-XXXXXX` folder of this user's holding only `mpv.conf` (an older version's), only
  /// the socket `ipc`, or nothing (a run ended before it was connected), a minute old (mpv
  /// reads its include as it starts, so an older version still playing needs it no more).
  static func sweepLeftovers(environment: [String: String]) {
    let base = temporaryFolder(environment)
    let names = (try? FileManager.default.contentsOfDirectory(atPath: base)) ?? []
    let old = time(nil) - 60
    for name in names where name.hasPrefix("movies-") && name.utf8.count == 13 {
      let folder = base + "/" + name
      var info = stat()
      guard lstat(folder, &info) == 0, info.st_mode & S_IFMT == S_IFDIR, info.st_uid == getuid(),
        let inside = try? FileManager.default.contentsOfDirectory(atPath: folder),
        inside.count <= 1
      else { continue }
      // An empty folder is judged by its own age, one holding a file by the file's.
      if inside.isEmpty, info.st_mtim.tv_sec >= old { continue }
      if let only = inside.first {
        guard
          let kind: mode_t = [("mpv.conf", S_IFREG), (socketName, S_IFSOCK)].first(where: {
            $0.0 == only
          })?.1,
          lstat(folder + "/" + only, &info) == 0, info.st_mode & S_IFMT == kind,
          info.st_mtim.tv_sec < old
        else { continue }
        unlink(folder + "/" + only)
      }
      rmdir(folder)
    }
  }
}
