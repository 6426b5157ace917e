import MoviesCore

/// The size of a poster preview in terminal cells.
struct PreviewGeometry: Sendable, Hashable {
  var columns: Int
  var rows: Int

  /// `rows` tall and as wide as keeps the image's shape in cells of `cell` pixels, at most
  /// `maximumColumns` wide (then fewer rows). The width is rounded to whole cells, so the drawn
  /// shape is the image's within one cell.
  static func fitting(
    _ size: PixelSize, rows: Int, maximumColumns: Int, cell: CellSize = .standard
  ) -> PreviewGeometry {
    let rows = max(1, rows)
    let aspect = Double(size.width) / Double(max(1, size.height))
    let ideal = Double(rows * cell.height) * aspect / Double(cell.width)
    let columns = max(1, Int(ideal.rounded()))
    guard columns > maximumColumns else { return PreviewGeometry(columns: columns, rows: rows) }
    let narrowed = max(1, maximumColumns)
    let shorter = Double(narrowed * cell.width) / aspect / Double(cell.height)
    return PreviewGeometry(columns: narrowed, rows: max(1, Int(shorter.rounded())))
  }
}

/// The size of one terminal cell in pixels, which sets how many columns a picture of a given
/// shape takes.
struct CellSize: Sendable, Hashable {
  var width: Int
  var height: Int

  /// Used when the terminal does not say: 10×20 pixels, a cell twice as tall as it is wide,
  /// as most terminal fonts are.
  static let standard = CellSize(width: 10, height: 20)

  /// A cell from a size in pixels that spans `columns`×`rows` cells; nil when either is zero
  /// or the result is implausible (under 2 or over 200 pixels a side).
  init?(pixelWidth: Int, pixelHeight: Int, columns: Int, rows: Int) {
    guard columns > 0, rows > 0 else { return nil }
    self.init(validating: pixelWidth / columns, pixelHeight / rows)
  }

  init?(validating width: Int, _ height: Int) {
    guard (2...200).contains(width), (2...200).contains(height) else { return nil }
    self.init(width: width, height: height)
  }

  init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }
}
