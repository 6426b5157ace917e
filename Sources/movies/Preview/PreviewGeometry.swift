import MoviesCore

/// The size of a poster preview in terminal cells.
struct PreviewGeometry: Sendable, Hashable {
  var columns: Int
  var rows: Int

  /// `rows` tall and as wide as keeps the image's shape, at most `maximumColumns` wide (then
  /// fewer rows). A terminal cell is about twice as tall as it is wide.
  static func fitting(_ size: PixelSize, rows: Int, maximumColumns: Int) -> PreviewGeometry {
    let rows = max(1, rows)
    let ideal = Double(rows) * 2 * Double(size.width) / Double(size.height)
    let columns = max(1, Int(ideal.rounded()))
    guard columns > maximumColumns else { return PreviewGeometry(columns: columns, rows: rows) }
    let narrowed = max(1, maximumColumns)
    let shorter = Double(narrowed) * Double(size.height) / (2 * Double(size.width))
    return PreviewGeometry(columns: narrowed, rows: max(1, Int(shorter.rounded())))
  }
}
