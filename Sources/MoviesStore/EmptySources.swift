import Glibc
import Synchronization

/// The sources whose watchlist entries, or diary lines, a library file was last seen to hold
/// none of. A page of such a source is then marked without a query: the two look-ups a
/// `more` made on the library's queue, each a hop there and back, were about a sixth of a
/// traversal's CPU, for a watchlist and a diary that most sources never have.
///
/// What is known holds only while the file is as it was when it was read: the same database
/// file and write-ahead log (device, inode, size and modification time, by `stat`), and no
/// write of this process ended since. Another process's commit writes to the log, and a
/// checkpoint writes the file, so either makes the next look-up ask the file again.
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
  }

  /// What `stat` says of one file; nil when it is missing.
  struct FileState: Equatable, Sendable {
    var device: UInt
    var inode: UInt
    var size: Int
    var seconds: Int
    var nanoseconds: Int

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

  init(path: String) {
    self.path = path
  }

  /// The file's state now, taken before a look-up.
  func stamp() -> Stamp {
    Stamp(
      file: FileState(path: path), log: FileState(path: path + "-wal"),
      writes: known.withLock(\.writes))
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
      if isEmpty { known.empty.insert(entry) } else { known.empty.remove(entry) }
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
