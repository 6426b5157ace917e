import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Downloaded images on disk, kept between runs: one file per address, named by a hash of the
/// URL, bounded in size with the least recently used files removed first.
///
/// Each entry is written to a temporary file and renamed into place, so a reader never sees a
/// half-written entry under its final name, and every entry carries its length and checksum,
/// so a damaged or truncated one is ignored rather than used. The cache is only an
/// optimisation: callers carry on without it when it cannot be read or written.
public struct DiskCache: Sendable {
  /// Why an entry could not be stored.
  public enum Error: Swift.Error, Sendable, Hashable, UserFacingError {
    case tooLarge(byteCount: Int, limit: Int)
    case cannotWrite(path: String, reason: String)

    /// The code `--json` reports it with.
    public var code: ErrorCode { .thumbnail }

    /// A setting the user may change to get past the error; nil when none helps.
    public var remedy: Remedy? {
      if case .cannotWrite = self { return .cacheFolder }
      return nil
    }

    /// What went wrong and, where a command helps, what to type.
    public var message: String {
      switch self {
      case .tooLarge(let byteCount, let limit):
        "The image (\(Format.byteCount(byteCount))) is larger than the whole image cache "
          + "(\(Format.byteCount(limit))), so it was not cached."
      case .cannotWrite(let path, let reason):
        "Could not write the image cache at \(path) (\(reason)); the image was not cached."
      }
    }
  }

  /// One cached image: its bytes and how long downloading it took.
  public struct Entry: Sendable, Hashable {
    /// The image's bytes.
    public var data: Data
    /// How long the download took, which a later hit saves.
    public var downloadTime: Duration
  }

  /// What the folder holds, as far as this process knows: measured by the last eviction scan
  /// and counted up with each store since, so the folder is only listed again when the total
  /// may be over the limit, not on every store.
  private final class Usage: Sendable {
    let bytes = Mutex<Int?>(nil)
  }

  /// The folder the entries are in.
  public let folder: URL
  /// The most the entries may add up to, headers included; 256 MB by default.
  public let byteLimit: Int
  private let usage = Usage()

  /// The largest file read as an entry: the largest image a download may be, with room for
  /// the header and the address. Anything larger was not written by this cache (or is
  /// damaged) and is never read into memory: a 1 GB sparse file there took 1 GB.
  public let entryLimit: Int

  /// A cache in `folder` of at most `byteLimit` bytes, least recently used out first; a file
  /// larger than `entryLimit` is never read.
  public init(
    folder: URL, byteLimit: Int = 256 * 1_024 * 1_024,
    entryLimit: Int = PosterLimit.bytes + (1 << 20)
  ) {
    self.folder = folder
    self.byteLimit = byteLimit
    self.entryLimit = entryLimit
  }

  /// The entry for an address, marked as just used; nil when there is none, it is damaged,
  /// or the file is larger than an entry can be.
  public func read(_ url: URL) -> Entry? {
    let file = self.file(for: url)
    // Not a FIFO or a link put under an entry's name: the first would block for ever.
    guard let found = RegularFile.read(file.path, upTo: entryLimit, links: .refuse),
      found.size <= entryLimit, let entry = Self.decode(found.data, for: url)
    else { return nil }
    // Reading counts as a use for eviction; in a read-only cache this quietly does nothing.
    try? FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: file.path)
    return entry
  }

  /// Whether an entry for the address exists and is whole, without marking it as used.
  ///
  /// Only the header is read: its address must be this one and its body length must match
  /// the file's. `show N` asks this for a row it shows, and reading and hashing the whole
  /// image there would cost as much as loading it; a body damaged in place is still caught
  /// by ``read(_:)``, which then downloads it again.
  public func contains(_ url: URL) -> Bool {
    let address = Array(url.absoluteString.utf8)
    guard
      let found = RegularFile.read(
        file(for: url).path, upTo: Self.headerSize + address.count, links: .refuse)
    else { return false }
    return Self.header(found.data, matches: address, fileSize: found.size)
  }

  /// Whether a header names the address and announces a body that fills the rest of a file
  /// of `fileSize` bytes.
  private static func header(_ head: Data, matches address: [UInt8], fileSize: Int) -> Bool {
    guard head.count == headerSize + address.count, Array(head.prefix(8)) == magic else {
      return false
    }
    func number(at offset: Int) -> UInt64 {
      head.dropFirst(offset).prefix(8).reversed().reduce(0) { $0 << 8 | UInt64($1) }
    }
    return number(at: 32) == UInt64(address.count)
      && Array(head.dropFirst(headerSize)) == address
      && UInt64(fileSize) == UInt64(headerSize + address.count) + number(at: 8)
  }

  /// Stores an entry atomically, then evicts the least recently used ones over the limit.
  public func store(_ entry: Entry, for url: URL) throws(Error) {
    let bytes = Self.encode(entry, for: url)
    guard bytes.count <= byteLimit else {
      throw .tooLarge(byteCount: bytes.count, limit: byteLimit)
    }
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    } catch {
      throw .cannotWrite(path: folder.path, reason: "the folder cannot be created")
    }
    let target = file(for: url)
    let temporary = folder.appendingPathComponent(
      ".\(target.lastPathComponent).\(UUID().uuidString)\(Self.partSuffix)")
    do {
      try bytes.write(to: temporary)
    } catch {
      unlink(temporary.path)
      throw .cannotWrite(path: folder.path, reason: "writing failed; the disk may be full")
    }
    guard rename(temporary.path, target.path) == 0 else {
      let reason = String(cString: strerror(errno))
      unlink(temporary.path)
      throw .cannotWrite(path: target.path, reason: reason)
    }
    let mayBeOver = usage.bytes.withLock { known in
      known = known.map { $0 + bytes.count }
      return known.map { $0 > byteLimit } ?? true
    }
    if mayBeOver { evict(sparing: target.lastPathComponent) }
  }

  /// The file an address is stored in.
  func file(for url: URL) -> URL {
    folder.appendingPathComponent(Self.key(for: url))
  }

  /// Removes the least recently used entries until the rest fit, and temporary files that a
  /// killed writer left behind more than an hour ago. Only files with an entry's name and
  /// signature, or a temporary file's name, are ever removed; anything else is left alone.
  func evict(sparing kept: String? = nil) {
    let keys: [URLResourceKey] = [.contentModificationDateKey, .fileSizeKey, .isRegularFileKey]
    guard
      let files = try? FileManager.default.contentsOfDirectory(
        at: folder, includingPropertiesForKeys: keys)
    else { return }
    var entries: [(file: URL, size: Int, used: Date)] = []
    let staleBefore = Date().addingTimeInterval(-3_600)
    for file in files {
      guard let values = try? file.resourceValues(forKeys: Set(keys)),
        values.isRegularFile == true
      else { continue }
      let used = values.contentModificationDate ?? .distantPast
      let name = file.lastPathComponent
      if Self.isTemporaryName(name) {
        if used < staleBefore { unlink(file.path) }
        continue
      }
      // Only files this cache wrote are counted or removed: the folder may hold anything.
      guard Self.isKey(name), Self.startsWithMagic(file) else { continue }
      entries.append((file, values.fileSize ?? 0, used))
    }
    var total = entries.reduce(0) { $0 + $1.size }
    for entry in entries.sorted(by: { $0.used < $1.used }) {
      guard total > byteLimit else { break }
      if entry.file.lastPathComponent == kept { continue }
      if unlink(entry.file.path) == 0 { total -= entry.size }
    }
    usage.bytes.withLock { $0 = total }
  }

  private static let partSuffix = ".part"

  /// A key: 16 lower-case hex digits, as ``key(for:)`` makes.
  static func isKey(_ name: some StringProtocol) -> Bool {
    name.utf8.count == 16
      && name.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
  }

  /// `.KEY.anything.part`, as ``store(_:for:)`` names its temporary files.
  static func isTemporaryName(_ name: String) -> Bool {
    guard name.hasPrefix("."), name.hasSuffix(partSuffix) else { return false }
    let parts = name.dropFirst().split(separator: ".", maxSplits: 1)
    return parts.count == 2 && isKey(parts[0])
  }

  /// Whether a file begins with the entries' signature; reads 8 bytes.
  private static func startsWithMagic(_ file: URL) -> Bool {
    let descriptor = open(file.path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOFOLLOW)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    var head = [UInt8](repeating: 0, count: magic.count)
    let count = head.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
    return count == magic.count && head == magic
  }
  private static let magic = Array("MOVIEIM2".utf8)
  private static let headerSize = 40

  /// `MOVIEIM2`, then the body's length, its FNV-1a hash, the download time in microseconds
  /// and the URL's length, each 64-bit little-endian, then the URL and the body.
  ///
  /// File names are a 64-bit hash of the URL, which a hostile server could make collide with
  /// another server's address; the URL in the entry is compared on reading, so a colliding
  /// entry is never served for the wrong address.
  static func encode(_ entry: Entry, for url: URL) -> Data {
    var bytes = magic
    let address = Array(url.absoluteString.utf8)
    let micros =
      entry.downloadTime.components.seconds * 1_000_000
      + entry.downloadTime.components.attoseconds / 1_000_000_000_000
    let numbers = [
      UInt64(entry.data.count), fnv1a(entry.data), UInt64(clamping: micros),
      UInt64(address.count),
    ]
    for value in numbers {
      withUnsafeBytes(of: value.littleEndian) { bytes += $0 }
    }
    return Data(bytes + address) + entry.data
  }

  static func decode(_ bytes: Data?, for url: URL) -> Entry? {
    guard let bytes, bytes.count >= headerSize, Array(bytes.prefix(8)) == magic else {
      return nil
    }
    func number(at offset: Int) -> UInt64 {
      bytes.dropFirst(offset).prefix(8).reversed().reduce(0) { $0 << 8 | UInt64($1) }
    }
    let address = Array(url.absoluteString.utf8)
    guard number(at: 32) == UInt64(address.count),
      bytes.count >= headerSize + address.count,
      Array(bytes.dropFirst(headerSize).prefix(address.count)) == address
    else { return nil }
    let body = Data(bytes.dropFirst(headerSize + address.count))
    guard number(at: 8) == UInt64(body.count), number(at: 16) == fnv1a(body) else { return nil }
    return Entry(data: body, downloadTime: .microseconds(Int64(clamping: number(at: 24))))
  }

  /// A stable file name for an address: 64-bit FNV-1a of the URL, in hex.
  static func key(for url: URL) -> String {
    let hex = String(fnv1a(Data(url.absoluteString.utf8)), radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex
  }

  private static func fnv1a(_ data: Data) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in data {
      hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
    }
    return hash
  }
}
