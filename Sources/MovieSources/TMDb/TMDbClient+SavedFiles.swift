import Foundation
import MoviesCore

/// What TMDb answers rarely changes (`/configuration`, `/watch/providers/movie`), so it is
/// kept on disk between runs and read back as untrusted as any file.
extension TMDbClient {
  /// The file's bytes when it is a regular file (not a FIFO, which would block, nor a link,
  /// which would lead elsewhere), at most `limit` bytes and younger than `lifetime`; the
  /// caller checks they read as what it saved.
  static func savedData(at file: URL?, upTo limit: Int, lifetime: TimeInterval) -> Data? {
    guard let file, let saved = RegularFile.read(file.path, upTo: limit, links: .refuse),
      saved.size <= limit, Date().timeIntervalSince(saved.modified) < lifetime
    else { return nil }
    return saved.data
  }

  /// Saving is a convenience: a folder that cannot be written only costs a request next run.
  static func save(_ data: Data, to file: URL?) {
    guard let file else { return }
    try? FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try? data.write(to: file, options: .atomic)
  }
}
