import Foundation
import MoviesCore

/// Loads `pick`'s posters into the disk cache while fzf runs, where the preview (another
/// process, run by fzf) reads them: the rows the preview asks for, newest first, by leaving
/// a `want-N` file in the pick folder; so only the posters looked at are fetched, once. The
/// requests are made here, with the source's credential, which never reaches fzf's command
/// line or the preview's.
struct PickPosters: Sendable {
  /// How often the folder is looked at for a wanted row.
  static let poll = Duration.milliseconds(50)
  static let wantPrefix = "want-"
  static let failedPrefix = "failed-"

  let posters: [URL?]
  let folder: URL
  let pipeline: ThumbnailPipeline
  let source: any MovieSource

  /// Runs until cancelled (when fzf ends).
  func run() async {
    var done = Set<Int>()
    while !Task.isCancelled {
      let wanted = await Blocking.fileIO { takeWanted() }
      if let place = wanted.first(where: { !done.contains($0) }) {
        await load(place, done: &done)
        continue
      }
      try? await Task.sleep(for: Self.poll)
    }
  }

  /// The poster of place `place` (from 1), loaded through the pipeline into its caches; a
  /// failure leaves a `failed-N` file, so the preview stops waiting and shows the details
  /// alone.
  private func load(_ place: Int, done: inout Set<Int>) async {
    done.insert(place)
    let loaded: Bool
    if posters.indices.contains(place - 1), let url = posters[place - 1] {
      loaded = (try? await pipeline.image(at: url, from: source)) != nil
    } else {
      loaded = false
    }
    if !loaded {
      let file = folder.appendingPathComponent("\(Self.failedPrefix)\(place)")
      await Blocking.fileIO { _ = FileManager.default.createFile(atPath: file.path, contents: nil) }
    }
  }

  /// The places asked for, newest first, their files removed.
  private func takeWanted() -> [Int] {
    PickFolder.takeAsks(prefix: Self.wantPrefix, in: folder)
  }

  /// From the preview: asks for the poster of place `place`.
  static func want(_ place: Int, in folder: URL) {
    _ = FileManager.default.createFile(
      atPath: folder.appendingPathComponent("\(wantPrefix)\(place)").path, contents: nil)
  }

  /// From the preview: whether the poster of place `place` could not be loaded.
  static func failed(_ place: Int, in folder: URL) -> Bool {
    FileManager.default.fileExists(
      atPath: folder.appendingPathComponent("\(failedPrefix)\(place)").path)
  }
}
