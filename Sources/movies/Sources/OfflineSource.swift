import MovieSources
import MoviesCore

extension SourceDefinition {
  /// The catalogue that comes with the program: no network, no secret.
  static let offline = SourceDefinition(
    name: RecordedSource.offline.kind,
    summary: "the catalogue that comes with the program, the default without --api",
    address: .none, capabilities: OfflineCatalogue.declaredCapabilities
  ) { _ throws(StartupError) in
    guard let folder = SampleCatalogue.locate() else { throw .noCatalogue }
    let catalogue = OfflineCatalogue(folder: folder)
    return SourceChoice(
      source: catalogue, genreSource: catalogue, recorded: .offline)
  }
}
