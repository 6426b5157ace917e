import Foundation

/// A temporary folder holding a cache folder and a download folder, for tests of `thumb`.
public struct ThumbnailFolders {
  public let root: URL
  public var cache: URL { root.appendingPathComponent("cache") }
  public var downloads: URL { root.appendingPathComponent("downloads") }

  public init() throws {
    root = try TestPaths.makeTemporaryFolder()
  }

  /// `--api`, `--cache-dir` and `--download-dir` for a run against `server`; `downloads`
  /// names another download folder under the root.
  public func arguments(for server: HoppinTestServer, downloads name: String? = nil) -> [String] {
    [
      "--api", server.apiURL.absoluteString, "--cache-dir", cache.path,
      "--download-dir", name.map { root.appendingPathComponent($0) }?.path ?? downloads.path,
    ]
  }

  /// Removes the folder and everything in it.
  public func remove() {
    try? FileManager.default.removeItem(at: root)
  }
}
