/// `genre`, `order`, `genres` and `continue`: another list in place of this one, once its
/// first page is in.
extension CommandContext {
  /// `genre NAME|ID|all`.
  func genre(_ nameOrID: String) async throws -> Handled {
    var query = await browser.status.query.withoutFilters
    query.listing = query.listing.browsing
    let genre = try await Self.genre(
      for: nameOrID, in: genreSource, kind: query.listing.titleKind ?? .film)
    query.genreID = genre.id
    return try await restart(
      with: query, genreName: genre.name, retrying: "genre \(CommandUsage.excerpt(nameOrID))")
  }

  /// `order ORDER`, when the source sorts by it.
  func order(_ order: String) async throws -> Handled {
    guard source.offers(order: order) else {
      throw SourceRefusal.order(order, offered: source.capabilities.orders ?? [])
    }
    let status = await browser.status
    var query = status.query
    query.order = order
    query.listing = query.listing.browsing
    return try await restart(with: query, genreName: status.genreName, retrying: "order \(order)")
  }

  /// `genres`: the source's list, with the one browsed marked.
  func genres() async throws -> Handled {
    guard let genreSource else { throw CommandError.noGenreList }
    let query = await browser.status.query
    return Handled(
      GenresListed(
        genres: try await genreSource.genres(of: query.listing.browsing.titleKind ?? .film),
        current: query.genreID))
  }

  /// `continue`: the list of the films stopped part way, in the list's page size, when the
  /// source keeps them; like `genre`, it replaces the list only once its first page is in.
  func continueWatching() async throws -> Handled {
    guard source.capabilities.resumesWatching else {
      throw SourceRefusal.noPlayback(command: "continue")
    }
    let current = await browser.status.query
    let query = MovieQuery(listing: .continuing, order: current.order, pageSize: current.pageSize)
    return try await restart(with: query, genreName: nil, retrying: "continue")
  }

  func restart(with query: MovieQuery, genreName: String?, retrying command: String)
    async throws -> Handled
  {
    let load = try await ListSwitchFailure.retrying(command) {
      try await browser.restart(with: query, genreName: genreName)
    }
    return Handled(ListOutcome.restarted(load.added, load.status), warnings: load.warnings)
  }
}
