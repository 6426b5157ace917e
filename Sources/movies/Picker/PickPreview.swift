import Foundation
import MoviesCore

#if canImport(Glibc)
  import Glibc
#endif

/// `movies --pick-preview FILE ROW`, run by fzf for `pick`'s preview pane: prints one row's
/// details, with the running time and where it streams once `pick` has fetched them
/// (``PickDetails``), and draws its poster from the offline catalogue or the disk cache,
/// asking `pick` for one not there yet (``PickPosters``) and waiting for it. It makes no
/// request itself.
@MainActor
enum PickPreview {
  static func run(file: String, row: Int, environment: [String: String]) -> Int32 {
    guard let read = PickFile.read(URL(fileURLWithPath: file), row: row) else {
      Terminal.write("There is no row \(row) to preview.\n", to: STDOUT_FILENO)
      return 1
    }
    let (number, poster, cache, drawing) = (read.label, read.poster, read.cache, read.drawing)
    let folder = URL(fileURLWithPath: file).deletingLastPathComponent()
    let colored = (environment["NO_COLOR"] ?? "").isEmpty
    var image = poster.flatMap { localImage($0, cache: cache) }
    // A catalogue file is not a cached download, and a poster `pick` is about to load is
    // drawn below: say nothing about caching then ("not cached" above the poster misled).
    let fetches = image == nil && poster != nil && cache != nil && colored
    // The poster loads while the details are waited for, not after.
    if fetches { PickPosters.want(row, in: folder) }
    let (movie, pending) = withDetails(read, place: row, folder: folder)
    let state: ThumbnailCacheState? =
      poster?.isFileURL == true || fetches
      ? nil : poster == nil ? .unavailable : image == nil ? .notCached : .onDisk
    let columns = max(1, Int(environment["FZF_PREVIEW_COLUMNS"] ?? "") ?? 40)
    // Wrapped here at spaces, under the values, so fzf's own wrap never cuts a word.
    let details = MovieDetails.render(
      movie, row: number, palette: colored ? .ansi : .plain, thumbnail: state, width: columns,
      pending: pending)
    Terminal.write(details, to: STDOUT_FILENO)
    let lines = Int(environment["FZF_PREVIEW_LINES"] ?? "") ?? 30
    // The pane wraps long detail lines (a link): each takes as many rows as it fills.
    let detailRows = details.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
      .reduce(0) { rows, line in
        let width = DisplayWidth.columns(of: String(line).replacing(/\x{1B}\[[0-9;]*m/, with: ""))
        return rows + max(1, (width + columns - 1) / columns)
      }
    let rows = lines - detailRows - 1
    if fetches, let poster, let cache, rows >= 4 {
      // Not on this machine yet: `pick` loads it (``PickPosters``) while the details show.
      image = awaitPoster(poster, place: row, file: URL(fileURLWithPath: file), cache: cache)
    }
    if colored, rows >= 4, let image,
      let picture = draw(image, drawing, rows: rows, columns: columns, environment: environment)
    {
      Terminal.write(picture, to: STDOUT_FILENO)
    }
    return 0
  }

  /// The poster, once `pick` has loaded it into the disk cache; nil when it could not, or
  /// after ``posterWait`` (fzf ends this process sooner when the highlight moves on).
  private static func awaitPoster(_ url: URL, place: Int, file: URL, cache: URL) -> Data? {
    let folder = file.deletingLastPathComponent()
    PickPosters.want(place, in: folder)
    let cached = DiskCache(folder: cache)
    let clock = ContinuousClock()
    let end = clock.now + posterWait
    while clock.now < end, !PickPosters.failed(place, in: folder) {
      if let data = cached.read(url)?.data { return data }
      usleep(50_000)
    }
    return nil
  }

  static let posterWait = Duration.seconds(10)

  /// The row with what `pick` fetched of it, waited for up to ``detailsWait`` (it fetches
  /// the row asked for first); in the place of a field still not known, what is the matter.
  private static func withDetails(_ row: PickFile.Row, place: Int, folder: URL) -> (
    Movie, [MovieDetails.LaterField: String]
  ) {
    let missing = PickDetailsFile.missing(row.later, in: row.movie)
    guard !missing.isEmpty else { return (row.movie, [:]) }
    var found = PickDetailsFile.read(place: place, in: folder)
    if found == nil {
      PickDetailsFile.want(place, in: folder)
      let clock = ContinuousClock()
      let end = clock.now + detailsWait
      while found == nil, clock.now < end {
        usleep(50_000)
        found = PickDetailsFile.read(place: place, in: folder)
      }
    }
    switch found {
    case .fetched(let minutes, let providers):
      let movie = row.movie.changing { fields in
        fields.runningTime = fields.runningTime ?? minutes
        if let providers { fields.providers = providers }
      }
      return (movie, [:])
    case .failed:
      return (row.movie, Dictionary(uniqueKeysWithValues: missing.map { ($0, notFetched) }))
    case nil:
      return (row.movie, Dictionary(uniqueKeysWithValues: missing.map { ($0, notYetFetched) }))
    }
  }

  /// How long the pane waits for the details before it says they are not fetched yet.
  static let detailsWait = Duration.milliseconds(1_500)
  static let notYetFetched = "not fetched yet (move away and back)"
  static let notFetched = "could not be fetched"

  /// The poster's bytes from the catalogue folder or the disk cache; nil when it would have
  /// to be downloaded.
  private static func localImage(_ url: URL, cache: URL?) -> Data? {
    // The catalogue's own file, which may be a link; never a FIFO, which would hang fzf.
    if url.isFileURL {
      return RegularFile.read(url.path, upTo: PosterLimit.bytes, links: .follow)?.data
    }
    return cache.flatMap { DiskCache(folder: $0).read(url)?.data }
  }

  /// The poster within the pane, never wider: symbols, or the session's graphics mode where
  /// fzf shows images (it places the picture itself). A poster that cannot be drawn leaves
  /// the details alone in the pane.
  private static func draw(
    _ data: Data, _ drawing: PickFile.Drawing, rows: Int, columns: Int,
    environment: [String: String]
  ) -> String? {
    guard let image = try? PosterPreview.decode(data, format: ImageFormat(sniffing: data)) else {
      return nil
    }
    var choice = PreviewChoice.decide(
      drawing.mode, environment: environment, answers: nil, tmux: nil, window: nil)
    choice.cell = drawing.cell
    return try? PosterPreview(choice: choice).picture(
      image, rows: min(rows, 20), maximumColumns: columns
    ).text
  }
}
