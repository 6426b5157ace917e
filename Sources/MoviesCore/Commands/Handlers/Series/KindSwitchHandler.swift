/// `series` and `films`: the list restarted with the source's titles of the other kind, in
/// the order and page size browsed; like `genre`, once its first page is in.
extension CommandContext {
  /// `series` (or `films`): the source's titles of `kind`, refused in one sentence where the
  /// source lists no series.
  func browse(_ kind: TitleKind) async throws -> Handled {
    if kind == .series, !source.capabilities.listsSeries { throw SourceRefusal.noSeries }
    let current = await browser.status.query
    // The order stays when the source sorts by it; a `find`'s filters and the genre, whose
    // ids differ between a source's films and its series, do not.
    let order = source.offers(order: current.order) ? current.order : MovieQuery.defaultOrder
    let query = MovieQuery(listing: .titles(kind), order: order, pageSize: current.pageSize)
    return try await restart(
      with: query, genreName: nil, retrying: kind == .series ? "series" : "films")
  }
}
