import Foundation
import MoviesCore

extension TMDbClient {
  /// How long a saved list of streaming services is used before it is asked for again, as
  /// the configuration: services come and go over months.
  static let servicesLifetime = configurationLifetime
  /// The largest saved list read back: a region's is some hundreds of KB at most.
  static let servicesByteLimit = 4_000_000

  /// The region whose services `on:` names and whose streaming counts: `--region`, else US.
  var serviceRegion: String { settings.region ?? "US" }

  /// Refuses `played:`, and `runtime:` or `on:` beside title words (`/search/movie` takes no
  /// filter, and its rows carry neither); resolves `on:`'s names to TMDb's ids.
  public func resolvingFilters(of search: MovieSearch) async throws -> MovieSearch {
    try search.check(against: capabilities)
    if !search.words.isEmpty {
      if search.runtimes != nil { throw SourceRefusal.filterWithWords("runtime:") }
      if !search.services.isEmpty { throw SourceRefusal.filterWithWords("on:") }
    }
    guard !search.services.isEmpty else { return search }
    let services = try await streamingServices()
    var resolved = search
    var ids: [String] = []
    for name in search.services {
      for id in try services.ids(named: name, region: serviceRegion) where !ids.contains(id) {
        ids.append(id)
      }
    }
    resolved.serviceIDs = ids
    return resolved
  }

  /// The region's streaming services: from the saved list while it is fresh, else from
  /// `/watch/providers/movie`, then saved.
  func streamingServices() async throws -> TMDbServices {
    let region = serviceRegion
    return try await serviceLists.value(for: region) {
      if let saved = savedServices() { return saved }
      let data = try await http.get(
        address("watch/providers/movie", [URLQueryItem(name: "watch_region", value: region)]),
        .services, limits: apiLimits)
      guard let services = try? TMDbServices(data) else { throw Error.unreadable(.services) }
      save(services: data)
      return services
    }
  }

  private func savedServices() -> TMDbServices? {
    // Untrusted like any file: not a FIFO or a link, bounded, fresh, and readable as the list.
    guard let file = settings.servicesFile,
      let saved = RegularFile.read(file.path, upTo: Self.servicesByteLimit, links: .refuse),
      saved.size <= Self.servicesByteLimit,
      Date().timeIntervalSince(saved.modified) < Self.servicesLifetime
    else { return nil }
    return try? TMDbServices(saved.data)
  }

  /// Saving is a convenience: a folder that cannot be written only costs a request next run.
  private func save(services data: Data) {
    guard let file = settings.servicesFile else { return }
    try? FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try? data.write(to: file, options: .atomic)
  }
}

extension LoadTarget {
  /// TMDb's list of streaming services in the region, which `find on:NAME` reads.
  static let services = LoadTarget(
    .other, name: "the list of streaming services", advice: "Try 'find' again in a moment.")
}
