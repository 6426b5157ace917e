import MoviesCore

/// Browser pages of any size over a server that serves pages of one fixed size: which server
/// pages hold a browser page's rows, and which rows of each. The browser's page N of size P is
/// rows (N-1)·P ..< N·P; past the server's deepest page there are none.
struct FixedPages: Sendable, Hashable {
  /// One server page and the rows of it (0-based, within the page) a browser page takes.
  struct Piece: Sendable, Hashable {
    var page: Int
    var rows: Range<Int>
  }

  /// The server's page size.
  var size: Int
  /// The deepest page the server serves; nil for no limit.
  var maxPages: Int?

  /// The most rows the server serves of one list; nil for no limit.
  var maxRows: Int? { maxPages.map { $0 * size } }

  /// The server pages that browser page `number` (1-based) of `pageSize` rows spans, in order.
  func pieces(ofPage number: Int, pageSize: Int) -> [Piece] {
    guard number >= 1, pageSize >= 1, size >= 1 else { return [] }
    let (first, firstOverflow) = (number - 1).multipliedReportingOverflow(by: pageSize)
    guard !firstOverflow else { return [] }
    var end = first + pageSize
    if let maxRows { end = min(end, maxRows) }
    guard first < end else { return [] }
    return stride(from: first / size, through: (end - 1) / size, by: 1).map { index in
      let start = index * size
      return Piece(
        page: index + 1, rows: (max(first, start) - start)..<(min(end, start + size) - start))
    }
  }

  /// Whether browser page `number` reaches the last row the server serves.
  func reachesCap(page number: Int, pageSize: Int) -> Bool {
    guard let maxRows else { return false }
    let (end, overflow) = number.multipliedReportingOverflow(by: pageSize)
    return overflow || end >= maxRows
  }
}
