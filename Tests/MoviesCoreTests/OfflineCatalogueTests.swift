import Foundation
import Testing

@testable import MovieSources
@testable import MoviesCore

@Suite(.timeLimit(.minutes(1))) struct OfflineCatalogueTests {
  private static let poster = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x2A])

  /// File order: Beta, alpha, Delta, Charlie, Echo.
  private static let catalogue = """
    {"hoppin":{"totalCount":"5","movies":{"movie":[
      {"movieId":"1","title":"Beta","genreNames":"Action,Drama","releaseDate":"1999",
       "ratingAverage":"7.5","thumbnailImage":"posters/1.png"},
      {"movieId":"2","title":"alpha","genreNames":"Drama","releaseDate":"19940923","ratingAverage":"8.9"},
      {"movieId":"3","title":"Delta","genreNames":"Action","releaseDate":"1999","ratingAverage":"6.0"},
      {"movieId":"4","title":"Charlie","genreNames":"Comedy","releaseDate":"2003","ratingAverage":8.9},
      {"movieId":"5","title":"Echo","genreNames":"Action,Comedy","releaseDate":"1994","ratingAverage":"5.1"}
    ]}}}
    """

  /// `<root>/catalogue/` with catalogue.json, genres.json and posters/1.png, and
  /// `<root>/secret.txt` outside it.
  private func withCatalogue(_ body: (OfflineCatalogue, _ root: URL) async throws -> Void)
    async throws
  {
    try await TemporaryFolder.with { root in
      let folder = root.appendingPathComponent("catalogue")
      let posters = folder.appendingPathComponent("posters")
      try FileManager.default.createDirectory(at: posters, withIntermediateDirectories: true)
      try Data(Self.catalogue.utf8).write(to: folder.appendingPathComponent("catalogue.json"))
      try Data(#"{"genres":[{"genreId":"1","genreName":"Action"}]}"#.utf8)
        .write(to: folder.appendingPathComponent("genres.json"))
      try Self.poster.write(to: posters.appendingPathComponent("1.png"))
      try Data("secret".utf8).write(to: root.appendingPathComponent("secret.txt"))
      try await body(OfflineCatalogue(folder: folder), root)
    }
  }

  @Test func pagesAreSlicesOfTheWholeList() async throws {
    try await withCatalogue { catalogue, _ in
      let query = MovieQuery(order: "releasedateasc", pageSize: 2)
      var titles: [[String]] = []
      for number in 1...4 {
        let page = try await catalogue.page(number, of: query)
        #expect(page.totalCount == 5)
        titles.append(page.movies.map(\.title))
      }
      #expect(titles == [["alpha", "Echo"], ["Beta", "Delta"], ["Charlie"], []])
    }
  }

  @Test(arguments: [
    ("releasedateasc", ["alpha", "Echo", "Beta", "Delta", "Charlie"]),
    ("releasedatedesc", ["Charlie", "Beta", "Delta", "alpha", "Echo"]),
    ("ratingdesc", ["alpha", "Charlie", "Beta", "Delta", "Echo"]),
    ("ratingasc", ["Echo", "Delta", "Beta", "alpha", "Charlie"]),
    ("titleasc", ["alpha", "Beta", "Charlie", "Delta", "Echo"]),
  ])
  func orders(order: String, titles: [String]) async throws {
    try await withCatalogue { catalogue, _ in
      let page = try await catalogue.page(1, of: MovieQuery(order: order, pageSize: 10))
      #expect(page.movies.map(\.title) == titles)
    }
  }

  @Test func genreFilterByID() async throws {
    try await withCatalogue { catalogue, _ in
      let action = try await catalogue.page(1, of: MovieQuery(genreID: "1", pageSize: 10))
      #expect(action.movies.map(\.title) == ["Echo", "Beta", "Delta"])
      #expect(action.totalCount == 3)
      let unknown = try await catalogue.page(1, of: MovieQuery(genreID: "99", pageSize: 10))
      #expect(unknown.movies.isEmpty)
      #expect(unknown.totalCount == 0)
    }
  }

  @Test func unknownOrder() async throws {
    try await withCatalogue { catalogue, _ in
      let error = await #expect(throws: OfflineCatalogue.Error.self) {
        try await catalogue.page(1, of: MovieQuery(order: "popularity"))
      }
      guard case .unknownOrder(let order)? = error else {
        Issue.record("expected unknownOrder, got \(String(describing: error))")
        return
      }
      #expect(order == "popularity")
    }
  }

  @Test func posterInsideTheCatalogueLoads() async throws {
    try await withCatalogue { catalogue, _ in
      let url = try catalogue.thumbnailURL(for: "posters/1.png")
      #expect(url.path.hasSuffix("/catalogue/posters/1.png"))
      #expect(try await catalogue.thumbnailData(at: url) == Self.poster)
    }
  }

  @Test(arguments: ["../catalogue.json", "../secret.txt", "posters/../../secret.txt"])
  func referencesOutsideAreRefused(reference: String) async throws {
    try await withCatalogue { catalogue, _ in
      try expectOutside(catalogue, reference)
    }
  }

  @Test func absolutePathOutsideIsRefused() async throws {
    try await withCatalogue { catalogue, root in
      let secret = root.appendingPathComponent("secret.txt").path
      try expectOutside(catalogue, secret)
    }
  }

  @Test func symlinkOutOfTheCatalogueIsRefused() async throws {
    try await withCatalogue { catalogue, root in
      try FileManager.default.createSymbolicLink(
        at: catalogue.folder.appendingPathComponent("posters/2.png"),
        withDestinationURL: root.appendingPathComponent("secret.txt"))
      try expectOutside(catalogue, "posters/2.png")
    }
  }

  private func expectOutside(_ catalogue: OfflineCatalogue, _ reference: String) throws {
    let error = #expect(throws: OfflineCatalogue.Error.self) {
      try catalogue.thumbnailURL(for: reference)
    }
    guard case .thumbnailOutsideCatalogue(let refused)? = error else {
      Issue.record("expected thumbnailOutsideCatalogue, got \(String(describing: error))")
      return
    }
    #expect(refused == reference)
  }
}

/// A catalogue that says it is stored in release-date order is read page by page, and gives
/// the same pages as parsing it whole.
@Suite(.timeLimit(.minutes(1))) struct OfflineCatalogueStoredOrderTests {
  private static func catalogue(declaringOrder: Bool) -> String {
    let movies = (1...23).map { number in
      #"{"movieId":"\#(number)","title":"Movie \#(number)","releaseDate":"\#(1950 + number / 3)","ratingAverage":"\#(number % 10)"}"#
    }
    let order = declaringOrder ? #""order":"releasedateasc","# : ""
    return #"{"hoppin":{"# + order + #""movies":{"movie":["# + movies.joined(separator: ",\n")
      + #"]},"totalCount":"23"}}"#
  }

  private func pages(declaringOrder: Bool, query: MovieQuery) async throws -> [MoviePage] {
    var pages: [MoviePage] = []
    try await TemporaryFolder.with { folder in
      try Data(Self.catalogue(declaringOrder: declaringOrder).utf8)
        .write(to: folder.appendingPathComponent("catalogue.json"))
      let catalogue = OfflineCatalogue(folder: folder)
      for number in 1...4 { pages.append(try await catalogue.page(number, of: query)) }
    }
    return pages
  }

  @Test(arguments: [MovieQuery(pageSize: 10), MovieQuery(order: "ratingdesc", pageSize: 7)])
  func storedOrderPagesEqualWholeParsePages(query: MovieQuery) async throws {
    let fast = try await pages(declaringOrder: true, query: query)
    let whole = try await pages(declaringOrder: false, query: query)
    #expect(fast == whole)
    #expect(fast.map(\.totalCount) == [23, 23, 23, 23])
    #expect(fast.flatMap(\.movies).count == 23)
  }
}
