import MoviesCore

#if canImport(Glibc)
  import Glibc
#endif

/// What is at the library's path, looked at before SQLite sees it: SQLite opens a device or a
/// FIFO as an empty database and leaves a `-journal` file beside it.
enum LibraryFile {
  /// How the file can be used.
  enum Access {
    case readWrite
    /// The file or its folder cannot be written: the watchlist can be read, not changed.
    case readOnly
  }

  /// Refuses anything but a regular file (or a symlink to one), and creates a missing one
  /// (mode 0600, its folders 0700); says whether it can be written.
  static func prepare(_ path: String) throws(LibraryError) -> Access {
    var status = stat()
    if stat(path, &status) != 0 {
      guard errno == ENOENT else { throw fileError(errno: errno, path) }
      try create(path)
      return .readWrite
    }
    guard status.st_mode & S_IFMT == S_IFREG else { throw .notARegularFile(path: path) }
    // SQLite writes `-wal` and `-shm` beside the file, so the folder must be writable too.
    let folder = path.split(separator: "/", omittingEmptySubsequences: false).dropLast()
      .joined(separator: "/")
    let folderPath = folder.isEmpty ? (path.hasPrefix("/") ? "/" : ".") : folder
    return access(path, W_OK) == 0 && access(folderPath, W_OK) == 0 ? .readWrite : .readOnly
  }

  /// Makes the folder and an empty file only readable by the user; SQLite gives its `-wal`
  /// and `-shm` files the same mode. An existing file is left alone.
  private static func create(_ path: String) throws(LibraryError) {
    // mkdir -p, one level at a time, so each failure has its errno.
    var folder = path.hasPrefix("/") ? "" : "."
    for part in path.split(separator: "/").dropLast() {
      folder += "/" + part
      if mkdir(folder, 0o700) != 0, errno != EEXIST { throw fileError(errno: errno, path) }
    }
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    if descriptor >= 0 {
      close(descriptor)
    } else if errno != EEXIST {
      throw fileError(errno: errno, path)
    }
  }

  private static func fileError(errno code: Int32, _ path: String) -> LibraryError {
    switch code {
    case ENOSPC, EDQUOT: .diskFull(path: path)
    case EACCES, EPERM, EROFS, ENOTDIR, EISDIR: .notWritable(path: path)
    default: .failed(path: path, reason: String(cString: strerror(code)))
    }
  }
}
