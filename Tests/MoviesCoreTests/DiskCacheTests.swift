import Foundation
import Testing

@testable import MoviesCore

@Suite(.timeLimit(.minutes(1))) struct DiskCacheTests {
  private static func url(_ name: String) -> URL {
    URL(fileURLWithPath: "/images").appendingPathComponent(name)
  }

  private static func entry(_ size: Int, fill: UInt8 = 7) -> DiskCache.Entry {
    DiskCache.Entry(data: Data(repeating: fill, count: size), downloadTime: .milliseconds(42))
  }

  /// Sets a file's last-use time to `hours` ago.
  private static func age(_ file: URL, hours: Double) throws {
    try FileManager.default.setAttributes(
      [.modificationDate: Date().addingTimeInterval(-hours * 3_600)], ofItemAtPath: file.path)
  }

  @Test func keepsTheBytesAndTheDownloadTime() throws {
    try TemporaryFolder.withSync { folder in
      let cache = DiskCache(folder: folder)
      let stored = Self.entry(1_000)
      try cache.store(stored, for: Self.url("a"))
      let later = DiskCache(folder: folder)  // as in a new process
      #expect(later.read(Self.url("a")) == stored)
      #expect(later.contains(Self.url("a")))
      #expect(later.read(Self.url("b")) == nil)
    }
  }

  @Test func evictsTheOldestEntriesOverTheSizeLimit() throws {
    try TemporaryFolder.withSync { folder in
      // Each entry is 1,000 bytes plus the header; three fit, four do not.
      let cache = DiskCache(folder: folder, byteLimit: 3_200)
      for name in ["old", "middle", "recent"] {
        try cache.store(Self.entry(1_000), for: Self.url(name))
      }
      try Self.age(cache.file(for: Self.url("old")), hours: 3)
      try Self.age(cache.file(for: Self.url("middle")), hours: 2)
      try Self.age(cache.file(for: Self.url("recent")), hours: 1)

      try cache.store(Self.entry(1_000), for: Self.url("new"))

      #expect(!cache.contains(Self.url("old")))
      #expect(cache.contains(Self.url("middle")))
      #expect(cache.contains(Self.url("recent")))
      #expect(cache.contains(Self.url("new")))
    }
  }

  @Test func readingMakesAnEntryRecent() throws {
    try TemporaryFolder.withSync { folder in
      let cache = DiskCache(folder: folder, byteLimit: 2_150)
      try cache.store(Self.entry(1_000), for: Self.url("a"))
      try cache.store(Self.entry(1_000), for: Self.url("b"))
      try Self.age(cache.file(for: Self.url("a")), hours: 2)
      try Self.age(cache.file(for: Self.url("b")), hours: 1)
      #expect(cache.read(Self.url("a")) != nil)  // a is now the most recently used

      try cache.store(Self.entry(1_000), for: Self.url("c"))

      #expect(cache.contains(Self.url("a")))
      #expect(!cache.contains(Self.url("b")))
    }
  }

  @Test func anEntryLargerThanTheWholeCacheIsRefused() throws {
    try TemporaryFolder.withSync { folder in
      let cache = DiskCache(folder: folder, byteLimit: 500)
      #expect(throws: DiskCache.Error.self) {
        try cache.store(Self.entry(1_000), for: Self.url("a"))
      }
      #expect(TemporaryFolder.names(in: folder).isEmpty)
    }
  }

  @Test func everyTruncationOfAnEntryIsIgnored() throws {
    let url = Self.url("a")
    let whole = DiskCache.encode(Self.entry(100), for: url)
    #expect(DiskCache.decode(whole, for: url) == Self.entry(100))
    for length in 0..<whole.count {
      #expect(DiskCache.decode(whole.prefix(length), for: url) == nil, "cut at \(length) bytes")
    }
  }

  @Test func aDamagedEntryIsIgnored() throws {
    var damaged = DiskCache.encode(Self.entry(100), for: Self.url("a"))
    damaged[damaged.count - 50] ^= 0xFF
    #expect(DiskCache.decode(damaged, for: Self.url("a")) == nil)
  }

  @Test func anEntryIsNeverServedForAnotherAddress() throws {
    // As if the two addresses' hashes collided: b's file holds a's entry.
    try TemporaryFolder.withSync { folder in
      let cache = DiskCache(folder: folder)
      try DiskCache.encode(Self.entry(100), for: Self.url("a"))
        .write(to: cache.file(for: Self.url("b")))
      #expect(cache.read(Self.url("b")) == nil)
      #expect(!cache.contains(Self.url("b")))
    }
  }

  @Test func aHalfWrittenFileUnderTheFinalNameIsNotUsed() throws {
    try TemporaryFolder.withSync { folder in
      let cache = DiskCache(folder: folder)
      let file = cache.file(for: Self.url("a"))
      try DiskCache.encode(Self.entry(1_000), for: Self.url("a")).prefix(600).write(to: file)
      #expect(cache.read(Self.url("a")) == nil)
      #expect(!cache.contains(Self.url("a")))
    }
  }

  @Test func aKilledWritersTemporaryFileIsNeverReadAndIsCleanedUpLater() throws {
    try TemporaryFolder.withSync { folder in
      let cache = DiskCache(folder: folder)
      let final = cache.file(for: Self.url("a"))
      let leftover = folder.appendingPathComponent(".\(final.lastPathComponent).dead.part")
      try DiskCache.encode(Self.entry(1_000), for: Self.url("a")).prefix(600)
        .write(to: leftover)
      #expect(cache.read(Self.url("a")) == nil)

      try Self.age(leftover, hours: 2)
      try cache.store(Self.entry(10), for: Self.url("b"))
      #expect(
        TemporaryFolder.names(in: folder) == [cache.file(for: Self.url("b")).lastPathComponent])
    }
  }

  @Test func aFailedWriteLeavesNothingUnderTheFinalName() throws {
    try TemporaryFolder.withSync { folder in
      let cache = DiskCache(folder: folder)
      // A folder where the entry should go makes the rename fail after the bytes are written.
      let final = cache.file(for: Self.url("a"))
      try FileManager.default.createDirectory(at: final, withIntermediateDirectories: true)
      try FileManager.default.createDirectory(
        at: final.appendingPathComponent("inside"), withIntermediateDirectories: true)

      #expect(throws: DiskCache.Error.self) {
        try cache.store(Self.entry(1_000), for: Self.url("a"))
      }
      #expect(cache.read(Self.url("a")) == nil)
      #expect(TemporaryFolder.names(in: folder) == [final.lastPathComponent], "no temporary left")
    }
  }

  @Test func anUnwritableFolderIsAnError() throws {
    try TemporaryFolder.withSync { folder in
      // A file where the folder should be: unwritable even for root, unlike chmod.
      let blocked = folder.appendingPathComponent("cache")
      try Data("not a folder".utf8).write(to: blocked)
      let cache = DiskCache(folder: blocked)
      #expect(throws: DiskCache.Error.self) { try cache.store(Self.entry(10), for: Self.url("a")) }
      #expect(cache.read(Self.url("a")) == nil)
    }
  }

  @Test func twoServersPostersWithOneFileNameAreBothKept() throws {
    try TemporaryFolder.withSync { folder in
      let cache = DiskCache(folder: folder)
      let first = try #require(URL(string: "http://one.example/posters/1.jpg"))
      let second = try #require(URL(string: "http://two.example:8080/posters/1.jpg"))
      try cache.store(Self.entry(100, fill: 1), for: first)
      try cache.store(Self.entry(100, fill: 2), for: second)

      #expect(cache.read(first) == Self.entry(100, fill: 1))
      #expect(cache.read(second) == Self.entry(100, fill: 2))
      #expect(DiskCache.key(for: first) != DiskCache.key(for: second))
    }
  }

  @Test func keysAreStableHexNames() {
    let key = DiskCache.key(for: Self.url("a"))
    #expect(key == DiskCache.key(for: Self.url("a")))
    #expect(key != DiskCache.key(for: Self.url("b")))
    #expect(key.count == 16 && key.allSatisfy(\.isHexDigit))
  }
}
