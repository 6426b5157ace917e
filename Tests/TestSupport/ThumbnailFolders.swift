import Foundation

/// A temporary folder holding a cache folder and a download folder, for tests of `thumb`.
public struct ThumbnailFolders {
  /// The temporary folder, holding the other two.
  public let root: URL
  /// The image cache, for `--cache-dir`.
  public var cache: URL { root.appendingPathComponent("cache") }
  /// Where `thumb` saves, for `--download-dir`.
  public var downloads: URL { root.appendingPathComponent("downloads") }

  /// A new temporary folder; neither subfolder exists yet.
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
