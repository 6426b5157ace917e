import Foundation
import MoviesCore

#if canImport(Glibc)
  import Glibc
#endif

/// `movies --pick-preview FILE ROW`, run by fzf for `pick`'s preview pane: prints one row's
/// details and, when the poster is on this machine (the offline catalogue or the disk cache),
/// draws it. It makes no request.
@MainActor
enum PickPreview {
  static func run(file: String, row: Int, environment: [String: String]) -> Int32 {
    guard let (number, movie, poster, cache) = PickFile.read(URL(fileURLWithPath: file), row: row)
    else {
      Terminal.write("There is no row \(row) to preview.\n", to: STDOUT_FILENO)
      return 1
    }
    let colored = (environment["NO_COLOR"] ?? "").isEmpty
    let image = poster.flatMap { localImage($0, cache: cache) }
    // A catalogue file is not a cached download: say nothing about caching then.
    let state: ThumbnailCacheState? =
      poster?.isFileURL == true
      ? nil : poster == nil ? .unavailable : image == nil ? .notCached : .onDisk
    let details = MovieDetails.render(
      movie, row: number, palette: colored ? .ansi : .plain, thumbnail: state)
    Terminal.write(details, to: STDOUT_FILENO)
    let columns = Int(environment["FZF_PREVIEW_COLUMNS"] ?? "") ?? 40
    let lines = Int(environment["FZF_PREVIEW_LINES"] ?? "") ?? 30
    let rows = lines - details.split(separator: "\n").count - 1
    if colored, rows >= 4, let image,
      let drawing = draw(image, rows: rows, columns: columns, environment: environment)
    {
      Terminal.write(drawing, to: STDOUT_FILENO)
    }
    return 0
  }

  /// The poster's bytes from the catalogue folder or the disk cache; nil when it would have
  /// to be downloaded.
  private static func localImage(_ url: URL, cache: URL) -> Data? {
    if url.isFileURL { return FileManager.default.contents(atPath: url.path) }
    return DiskCache(folder: cache).read(url)?.data
  }

  private static func draw(_ data: Data, rows: Int, columns: Int, environment: [String: String])
    -> String?
  {
    // A poster that cannot be drawn leaves the details alone in the pane.
    try? PosterPreview(mode: .symbols, environment: environment).draw(
      data, format: ImageFormat(sniffing: data), rows: min(rows, 20), maximumColumns: columns)
  }
}
