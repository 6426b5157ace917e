import Foundation
import MoviesCore
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// A folder only this user can enter (mode 0700), made under the temporary folder for mpv's
/// IPC socket (``socketPath``) and an external subtitle file fetched from the server
/// (``write(subtitle:)``). It stays only until the socket is connected (``removeFolder()``),
/// or with a subtitle file until mpv exits, and never holds a secret: the stream's headers
/// stay in the relay.
final class PrivateFolder: Sendable {
  /// Why the folder could not be made.
  enum Error: Swift.Error, UserFacingError {
    case failed(call: String, errno: Int32)

    var code: ErrorCode { .playFailed }
    var message: String {
      guard case .failed(let call, let number) = self else { return "" }
      return "Could not make the player's private folder (\(call): "
        + "\(String(cString: strerror(number)))); nothing was played."
    }
  }

  /// Where the player makes its IPC socket: `ipc` in the private folder.
  let socketPath: String
  /// The private folder, until it is removed.
  private let folder: Mutex<String?>
  /// The subtitle file's name in it, once written.
  private let subtitle = Mutex<String?>(nil)

  /// The socket's name in the folder.
  static let socketName = "ipc"

  /// Makes a new private folder under the temporary folder (`TMPDIR`, else /tmp). Blocks:
  /// call it through `Blocking.fileIO`.
  init(environment: [String: String]) throws(Error) {
    let base = Self.temporaryFolder(environment)
    var template = Array("\(base)/movies-XXXXXX".utf8CString)
    guard let made = mkdtemp(&template) else { throw .failed(call: "mkdtemp", errno: errno) }
    let folder = String(cString: made)
    self.folder = Mutex(folder)
    socketPath = folder + "/" + Self.socketName
  }

  /// `TMPDIR` when it is an absolute path short enough for a socket's address in it (108
  /// bytes in all), else /tmp.
  private static func temporaryFolder(_ environment: [String: String]) -> String {
    environment["TMPDIR"].flatMap { $0.hasPrefix("/") && $0.utf8.count <= 80 ? $0 : nil }
      ?? "/tmp"
  }

  /// The name a subtitle file of `format` has in the folder.
  static func subtitleName(_ format: String) -> String { "subtitle." + format }

  /// Writes `file` into the folder (mode 0600, made new) and returns its path. Blocks: call
  /// it through `Blocking.fileIO`.
  func write(subtitle file: StreamRequest.SubtitleFile) throws(Error) -> String {
    guard let base = folder.withLock({ $0 }) else { throw .failed(call: "open", errno: ENOENT) }
    let name = Self.subtitleName(file.format)
    let path = base + "/" + name
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
    guard descriptor >= 0 else { throw .failed(call: "open", errno: errno) }
    subtitle.withLock { $0 = name }
    defer { close(descriptor) }
    var written = 0
    while written < file.data.count {
      let count = file.data.withUnsafeBytes {
        Glibc.write(descriptor, $0.baseAddress?.advanced(by: written), $0.count - written)
      }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { throw .failed(call: "write", errno: errno) }
      written += count
    }
    return path
  }

  /// Removes the socket's name: once connected, the socket needs none. The folder goes too
  /// unless it holds a subtitle file, which mpv may still be about to read.
  func removeSocket() {
    guard subtitle.withLock({ $0 }) == nil else {
      if let folder = folder.withLock({ $0 }) { unlink(folder + "/" + Self.socketName) }
      return
    }
    removeFolder()
  }

  /// Removes the socket's name, the subtitle file and the folder. Safe to call more than
  /// once, from any thread.
  func removeFolder() {
    guard
      let folder = folder.withLock({ folder in
        defer { folder = nil }
        return folder
      })
    else { return }
    unlink(folder + "/" + Self.socketName)
    if let name = subtitle.withLock({ $0 }) { unlink(folder + "/" + name) }
    rmdir(folder)
  }

  deinit {
    removeFolder()
  }

  /// Removes what earlier runs left in `base` when they were ended during `play`: a
  /// `movies-XXXXXX` folder of this user's holding only `mpv.conf` (an older version's), only
  /// the socket `ipc`, only a subtitle file, or nothing (a run ended before it was
  /// connected), a minute old (mpv
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
          })?.1 ?? (only.hasPrefix(subtitleName("")) ? S_IFREG : nil),
          lstat(folder + "/" + only, &info) == 0, info.st_mode & S_IFMT == kind,
          info.st_mtim.tv_sec < old
        else { continue }
        unlink(folder + "/" + only)
      }
      rmdir(folder)
    }
  }
}
