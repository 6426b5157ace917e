import Foundation
import MoviesCore

/// The poster drawn in the terminal under `thumb N`'s line: decoded with libpng or libjpeg,
/// drawn with chafa.
struct PosterPreview {
  /// How tall the preview is, in terminal rows.
  static let rows = 12

  /// The mode to draw with, already resolved (never `auto`).
  let mode: PreviewMode
  let colors: ChafaCanvas.Colors

  init(mode: PreviewMode, environment: [String: String]) {
    self.mode = mode.resolved(environment: environment)
    let colorTerm = environment["COLORTERM"]?.lowercased() ?? ""
    colors = colorTerm == "truecolor" || colorTerm == "24bit" ? .trueColor : .indexed256
  }

  /// The preview of a saved thumbnail, at most `maximumColumns` wide; nil for formats without
  /// a decoder here (GIF, WebP). Drawn on a thread of its own within a ``DecodeBudget``:
  /// cancelling the task (Ctrl-C) stops the decode at once.
  func render(_ saved: SavedThumbnail, maximumColumns: Int) async throws -> String? {
    let (data, format) = (saved.data, saved.format)
    let budget = DecodeBudget()
    let drawn = await withTaskCancellationHandler {
      await Blocking.compute { [self] in
        Result {
          try draw(
            data, format: format, rows: Self.rows, maximumColumns: maximumColumns, budget: budget)
        }
      }
    } onCancel: {
      budget.cancel()
    }
    return try drawn.get()
  }

  /// An image's bytes drawn at most `rows` tall and `maximumColumns` wide, decoded within
  /// `budget`; nil for formats without a decoder here.
  func draw(
    _ data: Data, format: ImageFormat?, rows: Int, maximumColumns: Int,
    budget: DecodeBudget = DecodeBudget()
  ) throws -> String? {
    let image: RGBAImage
    switch format {
    case .png: image = try PNGDecoder.decode(data, budget: budget)
    case .jpeg: image = try JPEGDecoder.decode(data, budget: budget)
    case .gif, .webp, nil: return nil
    }
    let geometry = PreviewGeometry.fitting(
      PixelSize(width: image.width, height: image.height), rows: rows,
      maximumColumns: maximumColumns)
    return try ChafaCanvas.draw(image, geometry: geometry, mode: mode, colors: colors)
  }
}
