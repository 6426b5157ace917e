import Foundation
import MoviesCore
import TestSupport
import Testing

@testable import movies

#if canImport(Glibc)
  import Glibc
#endif

/// The parts of `pick`'s details fetching that need no server: which row is fetched next
/// (the row the preview asks for, then list order, bounded, each once), and the files the
/// preview reads, written whole inside the pick folder and read without following a link.
@Suite(.timeLimit(.minutes(1))) struct PickDetailsPlanTests {
  @Test func theRowAskedForComesFirstThenListOrderBoundedEachOnce() {
    let plan = PickDetails.Plan(Array(1...100))
    // Nothing before the preview names the highlighted row.
    #expect(plan.next(wanted: []) == nil)
    #expect(plan.next(wanted: [70]) == 70)
    var fetched = [70]
    while let place = plan.next(wanted: []) { fetched.append(place) }
    #expect(fetched == [70] + Array(1...PickDetails.ahead))
    // Asked for again, or asked for when not fetchable: nothing more; a new row: that one.
    #expect(plan.next(wanted: [70, 3, 500]) == nil)
    #expect(plan.next(wanted: [90]) == 90)
  }

  @Test func rowsThatHaveWhatDetailsAddAreNotFetched() {
    let bare = Movie(id: "1", title: "A")
    let timed = Movie(id: "2", title: "B", runningTime: 90)
    let both = Movie(
      id: "3", title: "C", runningTime: 90, providers: WatchProviders(region: "US"))
    #expect(PickDetailsFile.missing([.runningTime, .whereToWatch], in: bare).count == 2)
    #expect(PickDetailsFile.missing([.runningTime], in: timed).isEmpty)
    #expect(PickDetailsFile.missing([.runningTime, .whereToWatch], in: both).isEmpty)
    let folder = URL(fileURLWithPath: "/nonexistent")
    let source = NoSource()
    #expect(
      PickDetails(
        [(1, timed), (2, both)], later: [.runningTime], folder: folder, source: source) == nil)
    #expect(PickDetails([(1, bare)], later: [], folder: folder, source: source) == nil)
    #expect(
      PickDetails([(1, bare)], later: [.runningTime], folder: folder, source: source) != nil)
  }

  @Test func detailsAreWrittenWholeInTheFolderAndReadBack() throws {
    let folder = try TestPaths.makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let offers = WatchProviders(
      region: "GB", stream: ["Mubi"], rent: ["Apple TV"], buy: [], link: "https://x.test/")
    PickDetailsFile.write(
      Movie(title: "A", runningTime: 93, providers: offers), place: 4, in: folder)
    PickDetailsFile.write(nil, place: 5, in: folder)
    #expect(
      PickDetailsFile.read(place: 4, in: folder) == .fetched(runningTime: 93, providers: offers))
    #expect(PickDetailsFile.read(place: 5, in: folder) == .failed)
    #expect(PickDetailsFile.read(place: 6, in: folder) == nil)
    // Nothing but the two files: no part written aside is left.
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    #expect(names == ["details-4", "details-5"])
    // Written again, the file is replaced whole.
    PickDetailsFile.write(Movie(title: "A", runningTime: 95), place: 4, in: folder)
    #expect(PickDetailsFile.read(place: 4, in: folder) == .fetched(runningTime: 95, providers: nil))
  }

  @Test func aLinkOrAFifoUnderADetailsNameIsNotRead() throws {
    let folder = try TestPaths.makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let elsewhere = folder.appendingPathComponent("elsewhere.json")
    try Data(#"{"runningTime":42}"#.utf8).write(to: elsewhere)
    try FileManager.default.createSymbolicLink(
      at: folder.appendingPathComponent("details-1"), withDestinationURL: elsewhere)
    #expect(mkfifo(folder.appendingPathComponent("details-2").path, 0o600) == 0)
    #expect(PickDetailsFile.read(place: 1, in: folder) == nil)
    #expect(PickDetailsFile.read(place: 2, in: folder) == nil)
    // A folder that is gone takes nothing, and nothing is made in its place.
    let gone = folder.appendingPathComponent("gone")
    PickDetailsFile.write(Movie(title: "A", runningTime: 1), place: 1, in: gone)
    #expect(!FileManager.default.fileExists(atPath: gone.path))
  }
}

/// A source that is never asked: the fetcher is only built here.
private struct NoSource: MovieSource {
  var name: String { "none" }
  func page(_ number: Int, of query: MovieQuery) async throws -> MoviePage {
    MoviePage(movies: [], totalCount: 0)
  }
  func thumbnailURL(for reference: String) throws -> URL { URL(fileURLWithPath: "/") }
  func thumbnailData(at url: URL) async throws -> Data { Data() }
}
