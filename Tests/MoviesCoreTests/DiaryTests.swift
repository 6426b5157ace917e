import Foundation
import MoviesCore
import TestSupport
import Testing

@testable import MoviesStore

/// The diary in the library file: films marked seen by hand, by source and key, with the
/// first date; and how its marks are laid over a source's rows.
@Suite(.timeLimit(.minutes(1))) struct DiaryTests {
  private static let heat = Movie(id: "949", title: "Heat", releaseDate: "1995")
  private static let untitled = Movie(title: "Nameless", releaseDate: "2001")

  private func withLibrary(_ body: (SQLiteLibrary, String) async throws -> Void) async throws {
    let folder = try TestPaths.makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("movies.sqlite3").path
    try await body(try await SQLiteLibrary.open(path: path), path)
  }

  @Test func aFilmIsNotedOnceWithItsFirstDateAndTakenOut() async throws {
    try await withLibrary { library, _ in
      let first = Date(timeIntervalSince1970: 1_700_000_000)
      #expect(try await library.setSeen(true, movie: Self.heat, source: "offline", on: first))
      #expect(
        try await !library.setSeen(
          true, movie: Self.heat, source: "offline", on: first.addingTimeInterval(86_400)))
      let keys = [WatchEntry.key(for: Self.heat), WatchEntry.key(for: Self.untitled)]
      let diary = try await library.diary(source: "offline", among: keys)
      #expect(diary.isKept)
      #expect(diary.seen == [WatchEntry.key(for: Self.heat): first], "the first date stays")
      let other = try await library.diary(source: "http://elsewhere/", among: keys)
      #expect(!other.isKept && other.seen.isEmpty, "another source's diary is its own")
      #expect(try await library.setSeen(false, movie: Self.heat, source: "offline", on: first))
      #expect(try await !library.setSeen(false, movie: Self.heat, source: "offline", on: first))
      #expect(try await !library.diary(source: "offline", among: keys).isKept)
    }
  }

  @Test func aFilmWithoutAnIdIsKeptByTitleAndDate() async throws {
    try await withLibrary { library, _ in
      #expect(try await library.setSeen(true, movie: Self.untitled, source: "offline", on: Date()))
      let diary = try await library.diary(
        source: "offline", among: [WatchEntry.key(for: Self.untitled)])
      #expect(diary.seen.keys.first == WatchEntry.key(for: Self.untitled))
    }
  }

  @Test func theMigrationIsTheLastStepAndAddsOnlyTheDiary() throws {
    let before = try LibrarySchema.expectedSchema(version: LibrarySchema.diaryVersion - 1)
    let after = try LibrarySchema.expectedSchema(version: LibrarySchema.diaryVersion)
    #expect(after.count > before.count)
    #expect(LibrarySchema.latest >= LibrarySchema.diaryVersion)
    let added = after.filter { !before.contains($0) }.map { $0.map { "\($0)" }.joined() }
    #expect(added.allSatisfy { $0.contains("diary") }, "\(added)")
  }

  @Test func theDiaryMarksOnlyWhatItKeepsAndLeavesAServersPlaybackAlone() {
    let seen = WatchEntry.key(for: Self.heat)
    let kept = Diary(seen: [seen: Date()], isKept: true)
    #expect(kept.applied(to: Self.heat).playback?.played == true)
    #expect(kept.applied(to: Self.untitled).playback == Playback(played: false))
    let empty = Diary()
    #expect(empty.applied(to: Self.untitled).playback == nil, "no diary: no column")
    let stopped = Self.heat.changing { $0.playback = Playback(played: false, position: 60) }
    #expect(kept.applied(to: stopped) == stopped, "a server's word stands")
  }
}
