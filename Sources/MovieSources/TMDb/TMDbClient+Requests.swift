import Foundation
import MoviesCore

extension TMDbClient {
  /// What rows need beside themselves: genre names and the poster base, each loaded once. A
  /// list still shows without them, with a warning for missing posters.
  func rowContext(_ kind: TitleKind = .film) async -> (TMDbParser.RowContext, [String]) {
    async let genres = try? self.genres(of: kind)
    async let base = try? posterAddressBase()
    var context = TMDbParser.RowContext()
    for genre in await genres ?? [] { context.genreNames[genre.id] = genre.name }
    context.posterBase = await base
    let warnings =
      context.posterBase == nil
      ? ["TMDb's image configuration could not be loaded, so these rows have no posters."] : []
    return (context, warnings)
  }

  /// The image base and the poster size for the preview, `…/t/p/w342`: from the saved
  /// configuration while it is fresh, else from `/configuration`, then saved.
  func posterAddressBase() async throws -> String {
    let width = settings.posterWidth()
    return try await posterBase.value(for: width) {
      let data: Data
      if let saved = savedConfiguration() {
        data = saved
      } else {
        data = try await http.get(address("configuration", []), .configuration, limits: apiLimits)
        Self.save(data, to: settings.configurationFile)
      }
      guard let images = try? TMDbParser.images(data) else {
        throw Error.unreadable(.configuration)
      }
      let base = images.base.hasSuffix("/") ? images.base : images.base + "/"
      return base + Self.posterSize(among: images.posterSizes, width: width)
    }
  }

  /// The widest `wN` size no wider than `width`; the narrowest offered when all are wider.
  static func posterSize(among sizes: [String], width: Int) -> String {
    let widths = sizes.compactMap { size in
      size.first == "w" ? Int(size.dropFirst()).map { (size, $0) } : nil
    }
    let fitting = widths.filter { $0.1 <= width }.max { $0.1 < $1.1 }
    return fitting?.0 ?? widths.min { $0.1 < $1.1 }?.0 ?? "w342"
  }

  private func savedConfiguration() -> Data? {
    // A few KB, and readable as the configuration.
    guard
      let data = Self.savedData(
        at: settings.configurationFile, upTo: Self.configurationByteLimit,
        lifetime: Self.configurationLifetime),
      (try? TMDbParser.images(data)) != nil
    else { return nil }
    return data
  }

  /// `/movie/{id}` with its credits, videos and where it streams, in one request
  /// (`append_to_response`), asked for once a session per film.
  public func details(for movie: Movie) async throws -> Movie {
    guard let id = Self.movieID(movie), movie.kind != .episode else { return movie }
    if movie.kind == .series { return try await seriesDetails(for: movie, id: id) }
    return try await detailed.value(for: id) {
      let appended = URLQueryItem(
        name: "append_to_response", value: "credits,videos,watch/providers")
      let data = try await http.get(address("movie/\(id)", [appended]), .details, limits: apiLimits)
      do {
        return try TMDbParser.details(data, adding: movie, region: settings.serviceRegion)
      } catch {
        throw Error.unreadable(.details)
      }
    }
  }

  /// `/movie/{id}/recommendations`: its first page, the films TMDb's users liked with it.
  public func similar(to movie: Movie) async throws -> MoviePage {
    guard let id = Self.movieID(movie) else {
      return MoviePage(movies: [], rowCount: 0, totalCount: 0)
    }
    async let context = rowContext()
    let url = address("movie/\(id)/recommendations", [URLQueryItem(name: "page", value: "1")])
    let data = try await http.get(url, .similar, limits: apiLimits)
    let page: TMDbParser.ListPage
    do { page = try TMDbParser.listPage(data) } catch { throw Error.unreadable(.similar) }
    let (rowContext, warnings) = await context
    let movies = page.rows.compactMap { TMDbParser.movie($0, context: rowContext) }
    return MoviePage(
      movies: movies, rowCount: page.rows.count, totalCount: movies.count, warnings: warnings)
  }

  /// A TMDb id: digits only, as it goes into a path.
  static func movieID(_ movie: Movie) -> String? {
    guard let id = movie.id, !id.isEmpty, id.allSatisfy(\.isASCII), id.allSatisfy(\.isNumber)
    else { return nil }
    return id
  }
}
