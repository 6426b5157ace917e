import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// The sources whose watchlist entries, or diary lines, a library file was last seen to hold
/// none of. A page of such a source is then marked without a query: the two look-ups a
/// `more` made on the library's queue, each a hop there and back, were about a sixth of a
/// traversal's CPU, for a watchlist and a diary that most sources never have.
///
/// What is known holds only while the file is as it was when it was read: the same database
/// file and write-ahead log (device, inode, size and modification time, by `stat`), and no
/// write of this process ended since. Another process's commit writes to the log, and a
/// checkpoint writes the file, so either makes the next look-up ask the file again. A file
/// changed in the last ``settling`` is not trusted to be as it was (git's "racily clean"
/// rule): the kernel's file times tick coarsely, so a commit in the same tick as the last
/// one, to a log reused from its start, changes neither size nor time.
final class EmptySources: Sendable {
  enum Table: Sendable {
    case watchlist
    case diary
  }

  /// The state of the file when a look-up began.
  struct Stamp: Equatable, Sendable {
    var file: FileState?
    var log: FileState?
    /// This process's writes ended before it.
    var writes: Int
    /// Neither file changed within ``EmptySources/settling`` of the stamp.
    var settled: Bool
  }

  /// How long after a change a file's time may still be the same for the next change: a
  /// few of the kernel's coarse clock ticks (1 to 10 ms).
  static let settling = 0.1

  /// What `stat` says of one file; nil when it is missing.
  struct FileState: Equatable, Sendable {
    var device: UInt
    var inode: UInt
    var size: Int
    var seconds: Int
    var nanoseconds: Int

    /// Its modification time, in seconds since 1970.
    var modified: Double { Double(seconds) + Double(nanoseconds) / 1e9 }

    init?(path: String) {
      var status = stat()
      guard stat(path, &status) == 0 else { return nil }
      device = UInt(status.st_dev)
      inode = UInt(status.st_ino)
      size = Int(status.st_size)
      seconds = Int(status.st_mtim.tv_sec)
      nanoseconds = Int(status.st_mtim.tv_nsec)
    }
  }

  private struct Known {
    var writes = 0
    /// The stamp the sets below were read at; nil when nothing is known.
    var stamp: Stamp?
    var empty: Set<Entry> = []
  }

  private struct Entry: Hashable {
    var table: Table
    var source: String
  }

  private let path: String
  private let known = Mutex(Known())

  /// - Parameter path: the library file. SQLite follows a link to it and keeps the log
  ///   beside the file it reaches, so the log is looked for there.
  init(path: String) {
    guard let resolved = realpath(path, nil) else {
      self.path = path
      return
    }
    self.path = String(cString: resolved)
    free(resolved)
  }

  /// The file's state now, taken before a look-up.
  func stamp() -> Stamp {
    let file = FileState(path: path)
    let log = FileState(path: path + "-wal")
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    let newest = max(file?.modified ?? 0, log?.modified ?? 0)
    let settled = Double(now.tv_sec) + Double(now.tv_nsec) / 1e9 - newest >= Self.settling
    return Stamp(file: file, log: log, writes: known.withLock(\.writes), settled: settled)
  }

  /// Whether `table` held nothing of `source` when last read, and the file is as it was then.
  func holdsNothing(_ table: Table, of source: String, at stamp: Stamp) -> Bool {
    known.withLock { known in
      known.stamp == stamp && known.empty.contains(Entry(table: table, source: source))
    }
  }

  /// Notes what a look-up that began at `stamp` found: anything known of another state of
  /// the file is dropped first. A stamp from before this process's last write matches no
  /// later one, so what it found is never taken for the file as it is.
  func note(_ table: Table, of source: String, isEmpty: Bool, at stamp: Stamp) {
    known.withLock { known in
      if known.stamp != stamp {
        known.stamp = stamp
        known.empty = []
      }
      let entry = Entry(table: table, source: source)
      if isEmpty && stamp.settled { known.empty.insert(entry) } else { known.empty.remove(entry) }
    }
  }

  /// Forgets everything: this process changed the file.
  func wrote() {
    known.withLock { known in
      known.writes += 1
      known.stamp = nil
      known.empty = []
    }
  }
}
