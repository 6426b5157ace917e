import MoviesCore

extension Startup {
  /// `--resume`: the saved source and query replace `--api`, `--genre`, `--order` and
  /// `--count`. With nothing saved they stay, and the `resume` run first says so. A source
  /// or address named on this run's command line that is not the saved one is refused: the
  /// secret for the one named must not go to the other.
  func adoptSavedSession(
    _ library: LibraryAccess, from path: String?, into options: inout Options
  ) async throws(StartupError) {
    guard case .open(let library) = library,
      let saved = try? await library.savedSession(),
      // A session no run writes was refused when it was read.
      let recorded = RecordedSource(saved.source),
      let definition = SourceDefinition.named(recorded.kind)
    else { return }
    if options.sourceNamedHere {
      let named = SourceDefinition.chosen(by: options)
      let sameSource = named.name == definition.name
      let sameAddress =
        options.api == nil || options.api == recorded.address
        || (recorded.address == nil && options.api == named.usualAddress)
      guard sameSource, sameAddress else {
        throw .resumeConflict(
          saved: recorded.address.map { "\(definition.name) at \(Options.shown($0))" }
            ?? definition.name,
          named: options.api.map { "\(named.name) at \(Options.shown($0))" } ?? named.name)
      }
    }
    options.source = definition.name
    options.api = recorded.address
    options.query = saved.query.withoutFilters
    options.genreOrigin = .savedSession(path: path ?? "the watchlist file")
  }
}
