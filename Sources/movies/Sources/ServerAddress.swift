import Foundation

/// A media server's address as people paste it: the server part of what the browser shows
/// (`http://host:8096/web/#/home` is the server at `http://host:8096`).
enum ServerAddress {
  /// The address without the web client's path, query and fragment; a path before `/web`
  /// (a server behind a reverse proxy at `/jellyfin`) is kept.
  static func base(_ url: URL, for definition: SourceDefinition) throws(StartupError) -> URL {
    guard var components = URLComponents(url: url, resolvingAgainstBaseURL: true) else {
      throw .needsAddress(definition)
    }
    var path = components.path
    if let web = path.range(of: "/web", options: .backwards),
      web.upperBound == path.endIndex || path[web.upperBound] == "/"
    {
      path = String(path[..<web.lowerBound])
    }
    while path.hasSuffix("/") { path.removeLast() }
    components.path = path
    components.query = nil
    components.fragment = nil
    return components.url ?? url
  }
}
