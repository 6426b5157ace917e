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
  /// a decoder here (GIF, WebP). Decoded on a thread of its own within a ``DecodeBudget``:
  /// cancelling the task (Ctrl-C) stops the decode at once.
  func render(_ saved: SavedThumbnail, maximumColumns: Int) async throws -> String? {
    let (data, format) = (saved.data, saved.format)
    guard format == .png || format == .jpeg else { return nil }
    let budget = DecodeBudget()
    let decoded = await withTaskCancellationHandler {
      await Blocking.compute {
        Result { () throws(ImageDecodingError) in try Self.decode(data, format, budget) }
      }
    } onCancel: {
      budget.cancel()
    }
    let image = try decoded.get()
    let geometry = PreviewGeometry.fitting(
      PixelSize(width: image.width, height: image.height), rows: Self.rows,
      maximumColumns: maximumColumns)
    return ChafaCanvas.draw(image, geometry: geometry, mode: mode, colors: colors)
  }

  /// Decodes a PNG or JPEG (``render(_:maximumColumns:)`` checked which) within the budget.
  static func decode(_ data: Data, _ format: ImageFormat, _ budget: DecodeBudget)
    throws(ImageDecodingError) -> RGBAImage
  {
    switch format {
    case .png: try PNGDecoder.decode(data, budget: budget)
    case .jpeg: try JPEGDecoder.decode(data, budget: budget)
    case .gif, .webp: throw .invalid(format: format, reason: "no decoder")
    }
  }
}
