import Foundation
import MoviesCore

#if canImport(Glibc)
  import Glibc
#endif

/// The image cache's folder when there is neither `$HOME` nor `$XDG_CACHE_HOME`:
/// `movies-cache-UID` in the temporary folder, which every user can write to.
///
/// Another user could make that folder first, or a link by its name, and so choose what this
/// user's posters are (they redirected a victim's requests to their own server). It is used
/// only when it is this user's own folder, private to them; it is made so when it is missing.
enum SharedCacheFolder {
  /// Why the folder is not used.
  struct Refusal: Swift.Error, Sendable, Hashable {
    var path: String
    var reason: String

    var message: String {
      "\(TerminalText.escape(path)) \(reason), so posters are not cached on disk this run; "
        + "--cache-dir or XDG_CACHE_HOME names a folder of your own."
    }
  }

  /// The folder under `temporary`, made (0700) if missing; a refusal when it is not a
  /// folder (a link included), belongs to another user, or others may use it.
  static func claim(in temporary: URL) -> Result<URL, Refusal> {
    let folder = temporary.appendingPathComponent("movies-cache-\(getuid())", isDirectory: true)
    let path = folder.path
    var status = stat()
    if lstat(path, &status) != 0 {
      // EEXIST: someone made it meanwhile, and it is checked like any other.
      guard errno == ENOENT, mkdir(path, 0o700) == 0 || errno == EEXIST,
        lstat(path, &status) == 0
      else {
        let reason = String(cString: strerror(errno))
        return .failure(Refusal(path: path, reason: "cannot be made (\(reason))"))
      }
    }
    guard (status.st_mode & S_IFMT) == S_IFDIR else {
      return .failure(Refusal(path: path, reason: "is not a folder"))
    }
    guard status.st_uid == getuid() else {
      return .failure(Refusal(path: path, reason: "belongs to another user"))
    }
    guard status.st_mode & 0o077 == 0 else {
      return .failure(Refusal(path: path, reason: "is open to other users"))
    }
    return .success(folder)
  }
}
