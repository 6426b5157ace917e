import Foundation
import MoviesCore

/// The poster drawn in the terminal under `thumb N`'s line: decoded with libpng or
/// libturbojpeg, drawn with chafa.
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
  /// a decoder here (GIF, WebP).
  func render(_ saved: SavedThumbnail, maximumColumns: Int) throws -> String? {
    try draw(saved.data, format: saved.format, rows: Self.rows, maximumColumns: maximumColumns)
  }

  /// An image's bytes drawn at most `rows` tall and `maximumColumns` wide; nil for formats
  /// without a decoder here.
  func draw(_ data: Data, format: ImageFormat?, rows: Int, maximumColumns: Int) throws
    -> String?
  {
    let image: RGBAImage
    switch format {
    case .png: image = try PNGDecoder.decode(data)
    case .jpeg: image = try JPEGDecoder.decode(data)
    case .gif, .webp, nil: return nil
    }
    let geometry = PreviewGeometry.fitting(
      PixelSize(width: image.width, height: image.height), rows: rows,
      maximumColumns: maximumColumns)
    return try ChafaCanvas.draw(image, geometry: geometry, mode: mode, colors: colors)
  }
}
