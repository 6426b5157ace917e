import Foundation
import MoviesCore

/// The poster drawn in the terminal under `thumb N`'s line: decoded with libpng or libjpeg,
/// drawn with chafa.
struct PosterPreview {
  /// How tall the preview is, in terminal rows.
  static let rows = 12

  /// How to draw, decided for the session (the mode is never `auto`).
  let choice: PreviewChoice
  var mode: PreviewMode { choice.mode }

  init(choice: PreviewChoice) {
    self.choice = choice
  }

  /// The preview of a saved thumbnail, at most `maximumColumns` wide; nil for formats without
  /// a decoder here (GIF, WebP). Decoded on a thread of its own within a ``DecodeBudget``:
  /// cancelling the task (Ctrl-C) stops the decode at once.
  func render(_ saved: SavedThumbnail, maximumColumns: Int) async throws -> String? {
    let (data, format) = (saved.data, saved.format)
    let budget = DecodeBudget()
    let decoded = await withTaskCancellationHandler {
      await Blocking.compute { Result { try Self.decode(data, format: format, budget: budget) } }
    } onCancel: {
      budget.cancel()
    }
    guard let image = try decoded.get() else { return nil }
    return try draw(image, rows: Self.rows, maximumColumns: maximumColumns)
  }

  /// The image decoded within `budget`; nil for formats without a decoder here.
  static func decode(
    _ data: Data, format: ImageFormat?, budget: DecodeBudget = DecodeBudget()
  ) throws -> RGBAImage? {
    switch format {
    case .png: try PNGDecoder.decode(data, budget: budget)
    case .jpeg: try JPEGDecoder.decode(data, budget: budget)
    case .gif, .webp, nil: nil
    }
  }

  /// The picture alone, as chafa draws it, and the cells it covers: for a program that
  /// places it itself (fzf's preview).
  func picture(_ image: RGBAImage, rows: Int, maximumColumns: Int) throws(ChafaCanvas.Error)
    -> (text: String, geometry: PreviewGeometry)
  {
    let geometry = PreviewGeometry.fitting(
      PixelSize(width: image.width, height: image.height), rows: rows,
      maximumColumns: maximumColumns, cell: choice.cell)
    let text = try ChafaCanvas.draw(
      image, geometry: geometry, mode: mode, colors: choice.colors, cell: choice.cell)
    return (text, geometry)
  }

  /// `rows` tall (fewer when `maximumColumns` is too narrow for the shape), taking exactly
  /// those rows: text lines for symbols; for graphics, the rows are made first (so the
  /// terminal never scrolls under the picture), the picture is drawn at their top, and the
  /// cursor is put back under them, wherever the terminal left it.
  func draw(_ image: RGBAImage, rows: Int, maximumColumns: Int) throws(ChafaCanvas.Error)
    -> String
  {
    let (picture, geometry) = try self.picture(image, rows: rows, maximumColumns: maximumColumns)
    guard mode != .symbols, !picture.isEmpty else { return picture }
    let height = geometry.rows
    let rowsMade = String(repeating: "\n", count: height) + "\u{1B}[\(height)A\r"
    guard choice.passthrough else {
      return rowsMade + "\u{1B}7" + picture + "\u{1B}8\u{1B}[\(height)B\r"
    }
    // tmux passes the picture on wherever the outer terminal's cursor last was, and moves
    // that cursor lazily, when it next draws. Inserting a blank (CSI @) on the empty first
    // row makes it put the cursor there first.
    return rowsMade + "\u{1B}[@" + TmuxFacts.passedThrough(picture) + "\u{1B}[\(height)B\r"
  }
}
