import Foundation
import MoviesCore

extension TMDbClient {
  /// How long a saved list of streaming services is used before it is asked for again, as
  /// the configuration: services come and go over months.
  static let servicesLifetime = configurationLifetime
  /// The largest saved list read back: a region's is some hundreds of KB at most.
  static let servicesByteLimit = 4_000_000

  /// Refuses `played:`, and `runtime:` or `on:` beside title words (`/search/movie` takes no
  /// filter, and its rows carry neither); resolves `on:`'s names to TMDb's ids.
  public func resolvingFilters(of search: MovieSearch) async throws -> MovieSearch {
    try search.check(against: capabilities)
    if !search.words.isEmpty {
      let server = http.server.name
      if search.runtimes != nil { throw SourceRefusal.filterWithWords("runtime:", server: server) }
      if !search.services.isEmpty { throw SourceRefusal.filterWithWords("on:", server: server) }
    }
    guard !search.services.isEmpty else { return search }
    let services = try await streamingServices()
    var resolved = search
    var ids: [String] = []
    for name in search.services {
      for id in try services.ids(named: name, region: settings.serviceRegion)
      where !ids.contains(id) {
        ids.append(id)
      }
    }
    resolved.serviceIDs = ids
    return resolved
  }

  /// The region's streaming services: from the saved list while it is fresh, else from
  /// `/watch/providers/movie`, then saved.
  func streamingServices() async throws -> TMDbServices {
    let region = settings.serviceRegion
    return try await serviceLists.value(for: region) {
      if let saved = savedServices() { return saved }
      let data = try await http.get(
        address("watch/providers/movie", [URLQueryItem(name: "watch_region", value: region)]),
        .services, limits: apiLimits)
      guard let services = try? TMDbServices(data) else { throw Error.unreadable(.services) }
      Self.save(data, to: settings.servicesFile)
      return services
    }
  }

  private func savedServices() -> TMDbServices? {
    Self.savedData(
      at: settings.servicesFile, upTo: Self.servicesByteLimit, lifetime: Self.servicesLifetime
    ).flatMap { try? TMDbServices($0) }
  }
}

extension LoadTarget {
  /// TMDb's list of streaming services in the region, which `find on:NAME` reads.
  static let services = LoadTarget(
    .other, name: "the list of streaming services", advice: "Try 'find' again in a moment.")
}
