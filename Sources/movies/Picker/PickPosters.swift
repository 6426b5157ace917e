import Foundation
import MoviesCore

/// Loads `pick`'s posters into the disk cache while fzf runs, where the preview (another
/// process, run by fzf) reads them: first the row the preview asks for, by leaving a
/// `want-N` file in the pick folder, then the first rows in order. The requests are made
/// here, with the source's credential, which never reaches fzf's command line or the
/// preview's.
struct PickPosters: Sendable {
  /// The rows loaded ahead before any is asked for.
  static let ahead = 10
  /// How often the folder is looked at for a wanted row.
  static let poll = Duration.milliseconds(50)
  static let wantPrefix = "want-"

  let posters: [URL?]
  let folder: URL
  let pipeline: ThumbnailPipeline
  let source: any MovieSource

  /// Runs until cancelled (when fzf ends).
  func run() async {
    var done = Set<Int>()
    var next = 0
    while !Task.isCancelled {
      let wanted = await Blocking.fileIO { takeWanted() }
      if let place = wanted.first(where: { !done.contains($0) }) {
        await load(place, done: &done)
        continue
      }
      while next < min(posters.count, Self.ahead), done.contains(next + 1) { next += 1 }
      if next < min(posters.count, Self.ahead) {
        await load(next + 1, done: &done)
        continue
      }
      try? await Task.sleep(for: Self.poll)
    }
  }

  /// The poster of place `place` (from 1), loaded through the pipeline into its caches; a
  /// failure leaves the preview without it.
  private func load(_ place: Int, done: inout Set<Int>) async {
    done.insert(place)
    guard posters.indices.contains(place - 1), let url = posters[place - 1] else { return }
    _ = try? await pipeline.image(at: url, from: source)
  }

  /// The places asked for, newest first, their files removed.
  private func takeWanted() -> [Int] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    var places: [(Int, Date)] = []
    for name in names where name.hasPrefix(Self.wantPrefix) {
      let file = folder.appendingPathComponent(name)
      let made =
        (try? FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate])
        as? Date ?? .distantPast
      try? FileManager.default.removeItem(at: file)
      if let place = Int(name.dropFirst(Self.wantPrefix.count)) { places.append((place, made)) }
    }
    return places.sorted { $0.1 > $1.1 }.map(\.0)
  }

  /// From the preview: asks for the poster of place `place`.
  static func want(_ place: Int, in folder: URL) {
    _ = FileManager.default.createFile(
      atPath: folder.appendingPathComponent("\(wantPrefix)\(place)").path, contents: nil)
  }
}
