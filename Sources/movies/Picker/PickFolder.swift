import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The picker's temporary folder, `movies-pick-PID-UUID` in the temporary directory, mode
/// 0700: every loaded title is in it. `pick` removes it when fzf ends, and on SIGHUP or
/// SIGTERM (``TerminationSignals``); the PID in its name tells a folder whose program was
/// killed outright (SIGKILL) from one in use, and the next `pick` removes it.
struct PickFolder {
  static let prefix = "movies-pick-"

  let url: URL

  /// A name for a new folder of this process; not yet made.
  init(in temporary: URL) {
    url = temporary.appendingPathComponent(
      "\(Self.prefix)\(getpid())-\(UUID().uuidString)", isDirectory: true)
  }

  func make() throws {
    try FileManager.default.createDirectory(
      at: url, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
  }

  func remove() {
    try? FileManager.default.removeItem(at: url)
  }

  /// The PID a folder's name was made with; nil for a name not made here.
  static func owner(ofName name: String) -> pid_t? {
    guard name.hasPrefix(prefix) else { return nil }
    let rest = name.dropFirst(prefix.count)
    guard let dash = rest.firstIndex(of: "-"), let pid = pid_t(rest[..<dash]), pid > 0 else {
      return nil
    }
    return pid
  }

  /// Removes the folders in `temporary` left by a `pick` whose program has ended: only ones
  /// named as ours, that are folders (not links to one) owned by this user, and whose PID no
  /// process has. A folder's links are removed, never followed.
  static func sweep(_ temporary: URL) {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? []
    for name in names {
      guard let pid = owner(ofName: name), pid != getpid() else { continue }
      let path = temporary.appendingPathComponent(name).path
      var info = stat()
      guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR, info.st_uid == getuid()
      else { continue }
      // ESRCH: no such process. EPERM is a live process of another user's: kept.
      guard kill(pid, 0) == -1, errno == ESRCH else { continue }
      try? FileManager.default.removeItem(atPath: path)
    }
  }

  /// The places the preview asked for by leaving a `PREFIX-N` file, newest first, their files
  /// removed (``PickPosters``, ``PickDetails``).
  static func takeAsks(prefix: String, in folder: URL) -> [Int] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    var places: [(Int, Date)] = []
    for name in names where name.hasPrefix(prefix) {
      guard let place = Int(name.dropFirst(prefix.count)) else { continue }
      let file = folder.appendingPathComponent(name)
      let made =
        (try? FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate])
        as? Date ?? .distantPast
      try? FileManager.default.removeItem(at: file)
      places.append((place, made))
    }
    return places.sorted { $0.1 > $1.1 }.map(\.0)
  }
}
