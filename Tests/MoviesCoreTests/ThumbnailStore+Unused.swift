import Foundation
import MoviesCore

extension ThumbnailStore {
  /// A store for tests that save no thumbnail; its folders are never created.
  static let unused = ThumbnailStore(
    downloadFolder: URL(fileURLWithPath: "/nonexistent/downloads"),
    cacheFolder: URL(fileURLWithPath: "/nonexistent/cache"))
}
