import Foundation
import MoviesCore
import TestSupport
import Testing

@testable import MoviesStore

/// A source with no watchlist entry and no diary line is marked without a query while the
/// file is unchanged; any change, by this library or another connection, is seen at once.
@Suite(.timeLimit(.minutes(1))) struct LibraryEmptySourcesTests {
  private static let heat = Movie(id: "949", title: "Heat", releaseDate: "1995")

  /// Two connections to one file, as two `movies` at once have, the file's times set an hour
  /// back (as if it had not changed for a while); `mine` through a link to it when `linked`.
  private func withLibraries(
    linked: Bool = false,
    _ body: (_ path: String, _ mine: SQLiteLibrary, _ other: SQLiteLibrary) async throws -> Void
  ) async throws {
    let folder = try TestPaths.makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("movies.sqlite3").path
    let other = try await SQLiteLibrary.open(path: path)
    let link = folder.appendingPathComponent("link.sqlite3").path
    if linked {
      try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: path)
    }
    let mine = try await SQLiteLibrary.open(path: linked ? link : path)
    try settle(path)
    try await body(path, mine, other)
  }

  /// Sets the file's and its log's modification times `offset` from now (an hour back).
  private func settle(_ path: String, by offset: TimeInterval = -3600) throws {
    for file in [path, path + "-wal"] where FileManager.default.fileExists(atPath: file) {
      try FileManager.default.setAttributes(
        [.modificationDate: Date(timeIntervalSinceNow: offset)], ofItemAtPath: file)
    }
  }

  @Test func anEntryAddedElsewhereIsMarkedOnTheNextPage() async throws {
    try await withLibraries { path, mine, other in
      let keys = [WatchEntry.key(for: Self.heat), "id:1"]
      let before = try await mine.watchedKeys(source: "offline", among: keys)
      #expect(before.isEmpty)
      let stamp = mine.emptySources.stamp()
      #expect(mine.emptySources.holdsNothing(.watchlist, of: "offline", at: stamp))
      #expect(!mine.emptySources.holdsNothing(.watchlist, of: "elsewhere", at: stamp))
      #expect(!mine.emptySources.holdsNothing(.diary, of: "offline", at: stamp))

      #expect(try await other.add(WatchEntry(source: "offline", movie: Self.heat)))
      let among = try await mine.watchedKeys(source: "offline", among: keys)
      let whole = try await mine.watchedKeys(source: "offline")
      #expect(among == ["id:949"] && whole == ["id:949"])
      #expect(
        !mine.emptySources.holdsNothing(.watchlist, of: "offline", at: mine.emptySources.stamp()))
    }
  }

  /// A page none of whose films is on the watchlist says nothing of the next page's.
  @Test func anEntryOffThePageIsMarkedOnALaterOne() async throws {
    try await withLibraries { path, mine, other in
      _ = try await other.add(WatchEntry(source: "offline", movie: Self.heat))
      let first = try await mine.watchedKeys(source: "offline", among: ["id:1", "id:2"])
      let second = try await mine.watchedKeys(source: "offline", among: ["id:3", "id:949"])
      #expect(first.isEmpty && second == ["id:949"])
    }
  }

  @Test func aDiaryLineWrittenElsewhereIsSeenOnTheNextPage() async throws {
    try await withLibraries { path, mine, other in
      let keys = [WatchEntry.key(for: Self.heat)]
      #expect(try await mine.diary(source: "offline", among: keys).seen.isEmpty)
      #expect(mine.emptySources.holdsNothing(.diary, of: "offline", at: mine.emptySources.stamp()))
      #expect(try await other.setSeen(true, movie: Self.heat, source: "offline", on: Date()))
      let diary = try await mine.diary(source: "offline", among: keys)
      let elsewhere = try await mine.diary(source: "offline", among: ["id:1"])
      #expect(diary.isKept && diary.seen.keys.sorted() == ["id:949"])
      #expect(elsewhere.isKept && elsewhere.seen.isEmpty)
    }
  }

  @Test func thisLibrarysOwnWriteIsSeenAtOnce() async throws {
    try await withLibraries { path, mine, other in
      let before = try await mine.watchedKeys(source: "offline")
      let added = try await mine.add(WatchEntry(source: "offline", movie: Self.heat))
      let after = try await mine.watchedKeys(
        source: "offline", among: [WatchEntry.key(for: Self.heat)])
      #expect(before.isEmpty && added && after == ["id:949"])
    }
  }

  /// A file changed within the kernel's coarse clock tick may change again without its time
  /// or size changing: it is asked again until it has been still for a while. (Its time is
  /// set ahead, where it is never settled, so a slow test run cannot settle it.)
  @Test func aFileJustChangedIsAskedAgain() async throws {
    try await withLibraries { path, mine, other in
      _ = try await other.add(WatchEntry(source: "elsewhere", movie: Self.heat))
      try settle(path, by: 3600)
      let fresh = try await mine.watchedKeys(source: "offline", among: ["id:949"])
      let stamp = mine.emptySources.stamp()
      #expect(fresh.isEmpty && !stamp.settled)
      #expect(!mine.emptySources.holdsNothing(.watchlist, of: "offline", at: stamp))
      try settle(path)
      _ = try await mine.watchedKeys(source: "offline", among: ["id:949"])
      #expect(
        mine.emptySources.holdsNothing(.watchlist, of: "offline", at: mine.emptySources.stamp()))
    }
  }

  /// SQLite keeps the log beside the file a link reaches, where another process's commit goes.
  @Test func aLinkedFileSeesCommitsMadeThroughItsTarget() async throws {
    try await withLibraries(linked: true) { path, mine, other in
      let before = try await mine.watchedKeys(source: "offline", among: ["id:949"])
      #expect(before.isEmpty)
      #expect(
        mine.emptySources.holdsNothing(.watchlist, of: "offline", at: mine.emptySources.stamp()))
      _ = try await other.add(WatchEntry(source: "offline", movie: Self.heat))
      let after = try await mine.watchedKeys(source: "offline", among: ["id:949"])
      #expect(after == ["id:949"])
    }
  }

  /// What was read before a write of this process ended says nothing of the file after it.
  @Test func aLookUpFromBeforeAWriteIsNotKept() async throws {
    try await withLibraries { path, mine, other in
      let sources = EmptySources(path: path)
      let before = sources.stamp()
      #expect(before.settled)
      sources.wrote()
      sources.note(.watchlist, of: "offline", isEmpty: true, at: before)
      #expect(!sources.holdsNothing(.watchlist, of: "offline", at: sources.stamp()))
      let after = sources.stamp()
      sources.note(.watchlist, of: "offline", isEmpty: true, at: after)
      #expect(sources.holdsNothing(.watchlist, of: "offline", at: after))
      sources.note(.watchlist, of: "offline", isEmpty: false, at: after)
      #expect(!sources.holdsNothing(.watchlist, of: "offline", at: after))
    }
  }

  /// Another process's commit changes the write-ahead log, and a checkpoint the file.
  @Test func theStampChangesWithTheFileOrItsLog() async throws {
    try await withLibraries { path, mine, other in
      let sources = EmptySources(path: path)
      let first = sources.stamp()
      #expect(first.file != nil)
      #expect(sources.stamp() == first)
      sources.note(.diary, of: "offline", isEmpty: true, at: first)
      _ = try await other.add(WatchEntry(source: "elsewhere", movie: Self.heat))
      let second = sources.stamp()
      #expect(second != first)
      #expect(!sources.holdsNothing(.diary, of: "offline", at: second))
      #expect(EmptySources(path: path + ".missing").stamp().file == nil)
    }
  }
}
