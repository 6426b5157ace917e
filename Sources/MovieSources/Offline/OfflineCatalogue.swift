import Foundation
import MoviesCore

/// A ``MovieSource`` over the bundled catalogue folder (`sample-data/`), for browsing with no
/// network.
///
/// The folder holds `catalogue.json` (every movie, in the same Hoppin shape the API answers
/// with, read through the same ``MoviePageParser``), `genres.json` and `posters/`.
///
/// Parsing the whole catalogue takes longer than showing the first page should, so when the
/// file says its movies are stored in the order asked for (`hoppin.order`) and no genre is
/// chosen, only the page's movies are parsed, found through a ``CatalogueIndex``. Any other
/// query parses the catalogue once and keeps the sorted list of the current query, so each
/// further page is a slice.
///
/// An actor, so callers that arrive while the catalogue is parsed wait without holding a
/// thread; the files are read off the concurrency pool (``Blocking``).
public actor OfflineCatalogue: MovieSource, GenreSource {
  /// Why the catalogue could not answer.
  public enum Error: Swift.Error, Sendable, UserFacingError {
    case unreadable(path: String)
    case invalid(MoviePageParser.Error, path: String)
    case unknownOrder(String)
    case thumbnailOutsideCatalogue(String)
    case thumbnailMissing(String)
    case invalidGenres(GenreListParser.Error, path: String)

    /// The code `--json` reports it with.
    public var code: ErrorCode { .source }

    /// A setting the user may change to get past the error; nil when none helps.
    public var remedy: Remedy? {
      if case .unreadable = self { return .onlineSource }
      return nil
    }

    /// What went wrong and, where a command helps, what to type.
    public var message: String {
      switch self {
      case .unreadable(let path):
        "Could not read the offline catalogue at \(path). Regenerate it with scripts/make-sample-data.py."
      case .invalid(let error, let path):
        "The offline catalogue at \(path) is damaged: \(error.message). Regenerate it with scripts/make-sample-data.py."
      case .unknownOrder(let order):
        "The offline catalogue cannot sort by \(order); use one of \(OfflineCatalogue.orders.joined(separator: ", "))."
      case .thumbnailOutsideCatalogue(let reference):
        "The thumbnail \(reference) is outside the catalogue folder, so it was not loaded."
      case .thumbnailMissing(let reference):
        "The thumbnail \(reference) is missing from the catalogue folder."
      case .invalidGenres(let error, let path):
        "The genre list at \(path) is damaged: \(error.message). Regenerate it with scripts/make-sample-data.py."
      }
    }
  }

  /// The orders the catalogue can sort by, as the API names them.
  public static var orders: [String] { MovieQuery.orders }

  /// It sorts by ``orders`` only, so `help` and Tab offer those; known before a catalogue is
  /// opened.
  public static let declaredCapabilities: SourceCapabilities = {
    var capabilities = SourceCapabilities()
    capabilities.orders = orders
    return capabilities
  }()

  /// What it can do: ``declaredCapabilities``.
  public nonisolated var capabilities: SourceCapabilities { Self.declaredCapabilities }

  /// The folder holding `catalogue.json`, `genres.json` and the posters.
  public nonisolated let folder: URL
  /// The catalogue's bytes and index, read once.
  private var file: (data: Data, index: CatalogueIndex?)?
  /// Every movie and the genre names by id, parsed once, when a query needs them all.
  private var catalogue: (movies: [Movie], genreNames: [String: String])?
  /// The latest query's movies in order, so each further page is a slice.
  private var sorted: (query: MovieQuery, movies: [Movie])?

  /// The catalogue in `folder`, read on the first page.
  public init(folder: URL) {
    self.folder = folder.standardizedFileURL
  }

  /// How messages and the banner name it.
  public nonisolated var name: String { "the offline catalogue" }

  /// Fetches one page (1-based) of the query.
  public func page(_ number: Int, of query: MovieQuery) async throws -> MoviePage {
    if let page = try await storedOrderPage(number, of: query) { return page }
    let movies = try await matching(query)
    let start = min(movies.count, max(0, number - 1) * query.pageSize)
    let end = min(movies.count, start + query.pageSize)
    return MoviePage(movies: movies[start..<end].map(Self.asSaid), totalCount: movies.count)
  }

  /// Resolves a movie's thumbnail reference to the address it is loaded from, or throws when
  /// the reference is not one this source will load.
  public nonisolated func thumbnailURL(for reference: String) throws -> URL {
    guard !reference.hasPrefix("/"), !reference.contains(":") else {
      throw Error.thumbnailOutsideCatalogue(reference)
    }
    let url = folder.appendingPathComponent(reference).standardizedFileURL.resolvingSymlinksInPath()
    let root = folder.resolvingSymlinksInPath().path + "/"
    guard url.path.hasPrefix(root) else { throw Error.thumbnailOutsideCatalogue(reference) }
    return url
  }

  /// Loads the bytes at an address that ``thumbnailURL(for:)`` returned.
  public nonisolated func thumbnailData(at url: URL) async throws -> Data {
    let path = url.path
    guard let data = await Blocking.fileIO({ FileManager.default.contents(atPath: path) }) else {
      throw Error.thumbnailMissing(url.lastPathComponent)
    }
    return data
  }

  /// The page straight from the file, when the file is stored in the query's order.
  private func storedOrderPage(_ number: Int, of query: MovieQuery) async throws -> MoviePage? {
    let (data, index) = try await loadFile()
    guard query.genreID.isEmpty, let index, let order = index.order,
      order == (query.order.isEmpty ? MovieQuery.defaultOrder : query.order)
    else { return nil }
    let start = min(index.movies.count, max(0, number - 1) * query.pageSize)
    let end = min(index.movies.count, start + query.pageSize)
    var body = Data(#"{"hoppin":{"movies":{"movie":["#.utf8)
    for (offset, range) in index.movies[start..<end].enumerated() {
      if offset > 0 { body.append(UInt8(ascii: ",")) }
      body.append(data[range])
    }
    body.append(contentsOf: #"]}}}"#.utf8)
    var page: MoviePage
    do {
      page = try MoviePageParser.parse(body, page: number)
    } catch {
      throw Error.invalid(error, path: catalogueFile.path)
    }
    page.totalCount = index.movies.count
    page.movies = page.movies.map(Self.asSaid)
    return page
  }

  private nonisolated var catalogueFile: URL { folder.appendingPathComponent("catalogue.json") }

  /// The catalogue's bytes and index, read once. Two first callers may both read it (the
  /// actor lets the second in while the first waits for the disk); the first result is kept.
  private func loadFile() async throws -> (Data, CatalogueIndex?) {
    if let file { return file }
    let path = catalogueFile.path
    guard let data = await Blocking.fileIO({ FileManager.default.contents(atPath: path) }) else {
      throw Error.unreadable(path: path)
    }
    let index = CatalogueIndex(data)
    if let file { return file }
    file = (data, index)
    return (data, index)
  }

  /// The genres of `genres.json`, in its order.
  public nonisolated func genres() async throws -> [Genre] {
    let file = folder.appendingPathComponent("genres.json")
    let path = file.path
    guard let data = await Blocking.fileIO({ FileManager.default.contents(atPath: path) }) else {
      throw Error.unreadable(path: file.path)
    }
    do {
      return try GenreListParser.parse(data)
    } catch {
      throw Error.invalidGenres(error, path: file.path)
    }
  }

  /// The query's movies in its order; computed once per query.
  private func matching(_ query: MovieQuery) async throws -> [Movie] {
    if let sorted, sorted.query.genreID == query.genreID, sorted.query.order == query.order {
      return sorted.movies
    }
    guard Self.orders.contains(query.order) || query.order.isEmpty else {
      throw Error.unknownOrder(query.order)
    }
    let all = try await loadCatalogue()
    var movies = all.movies
    if !query.genreID.isEmpty {
      let name = all.genreNames[query.genreID]
      movies = movies.filter { movie in name.map { movie.genres.contains($0) } ?? false }
    }
    movies = Self.sort(movies, by: query.order)
    sorted = (query, movies)
    return movies
  }

  /// Every movie and the genre names, parsed once; the parse runs off the actor, so callers
  /// that need only the stored-order pages are not held up by it.
  private func loadCatalogue() async throws -> (movies: [Movie], genreNames: [String: String]) {
    if let catalogue { return catalogue }
    let (data, _) = try await loadFile()
    let genresFile = folder.appendingPathComponent("genres.json").path
    let genreData = await Blocking.fileIO { FileManager.default.contents(atPath: genresFile) }
    let parsed = try await Self.parse(data, genres: genreData, path: catalogueFile.path)
    if let catalogue { return catalogue }
    catalogue = parsed
    return parsed
  }

  private nonisolated static func parse(_ data: Data, genres: Data?, path: String) async throws
    -> (movies: [Movie], genreNames: [String: String])
  {
    do {
      return (try MoviePageParser.parse(data).movies, genreNames(in: genres))
    } catch {
      throw Error.invalid(error, path: path)
    }
  }

  /// `genres.json` maps ids to names; without it genre filtering matches nothing.
  private static func genreNames(in data: Data?) -> [String: String] {
    guard let data,
      let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
      let genres = root["genres"] as? [[String: Any]]
    else { return [:] }
    var names: [String: String] = [:]
    for genre in genres {
      if let id = LooseValue.text(genre["genreId"]), let name = LooseValue.text(genre["genreName"])
      {
        names[id] = name
      }
    }
    return names
  }

  /// The movie with its title as people say it: the catalogue has IMDb's `Gold Rush, The`.
  static func asSaid(_ movie: Movie) -> Movie {
    let spoken = IndexedTitle.spoken(movie.title)
    return spoken == movie.title ? movie : movie.changing { $0.title = spoken }
  }

  /// Sorts by the order's key; ties keep catalogue order, also for descending orders. Titles
  /// sort as the catalogue writes them, by the word after their article (`Gold Rush, The`),
  /// before ``asSaid(_:)`` shows them as said.
  static func sort(_ movies: [Movie], by order: String) -> [Movie] {
    func year(_ movie: Movie) -> Int { Int(movie.releaseDate?.prefix(4) ?? "") ?? Int.max }
    let indexed = Array(movies.enumerated())
    let sorted: [(offset: Int, element: Movie)]
    switch order {
    case "releasedatedesc":
      sorted = indexed.sorted { (-year($0.element), $0.offset) < (-year($1.element), $1.offset) }
    case "ratingdesc":
      sorted = indexed.sorted {
        (-($0.element.rating ?? -1), $0.offset) < (-($1.element.rating ?? -1), $1.offset)
      }
    case "ratingasc":
      sorted = indexed.sorted {
        ($0.element.rating ?? -1, $0.offset) < ($1.element.rating ?? -1, $1.offset)
      }
    case "titleasc":
      // The catalogue's own titles, `Gold Rush, The`: by the word after the article.
      sorted = indexed.sorted {
        ($0.element.title.lowercased(), $0.offset) < ($1.element.title.lowercased(), $1.offset)
      }
    default:
      sorted = indexed.sorted { (year($0.element), $0.offset) < (year($1.element), $1.offset) }
    }
    return sorted.map(\.element)
  }
}
