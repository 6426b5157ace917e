import Foundation
import MoviesCore

/// TMDb's streaming services in a region (`/watch/providers/movie?watch_region=…`), and the
/// ones an `on:NAME` names: every service whose name begins with NAME, any case, spaces and
/// punctuation ignored (`on:disney` is Disney Plus, `on:amazonprime` Amazon Prime Video).
struct TMDbServices: Sendable, Hashable {
  /// One service: TMDb's `provider_id` and `provider_name`.
  struct Service: Sendable, Hashable {
    var id: String
    var name: String
  }

  var services: [Service]

  /// The list in TMDb's answer; entries without a numeric id or a name are left out. Throws
  /// when the answer has no `results` list.
  init(_ data: Data) throws(TMDbParser.Unreadable) {
    guard let results = try TMDbParser.object(data)["results"] as? [Any] else {
      throw TMDbParser.Unreadable()
    }
    services = results.compactMap { entry in
      guard let entry = entry as? [String: Any], let id = LooseValue.integer(entry["provider_id"]),
        let name = LooseValue.text(entry["provider_name"]), !Self.key(name).isEmpty
      else { return nil }
      return Service(id: String(id), name: name)
    }
  }

  /// The ids of the services `name` names; throws with the closest name when none begins
  /// with it.
  func ids(named name: String, region: String) throws(SourceRefusal) -> [String] {
    let wanted = Self.key(name)
    let found = services.filter { !wanted.isEmpty && Self.key($0.name).hasPrefix(wanted) }
    guard found.isEmpty else { return found.map(\.id) }
    throw .unknownService(name, region: region, suggestion: suggestion(for: wanted))
  }

  /// The service whose name's beginning is fewest edits from `wanted`, as it is typed after
  /// `on:`; nil when none is near (more than a third of the letters differ).
  private func suggestion(for wanted: String) -> String? {
    let scored = services.map { service -> (String, Int) in
      let key = Self.key(service.name)
      return (key, CommandUsage.editDistance(wanted, String(key.prefix(wanted.count))))
    }
    guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= max(1, wanted.count / 3)
    else { return nil }
    return best.0
  }

  /// The name folded, letters and digits only: what `on:` compares.
  static func key(_ name: String) -> String {
    String(MovieSearch.foldedString(name).lowercased().filter { $0.isLetter || $0.isNumber })
  }
}
