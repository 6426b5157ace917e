import Foundation
import MoviesCore

/// libFuzzer target: any bytes as a page body. The parser must never crash, and whatever it
/// accepts must render to text with no raw control character, however hostile the fields.
@_cdecl("LLVMFuzzerTestOneInput")
public func pageParserFuzz(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  let data = bytes.map { Data(bytes: $0, count: count) } ?? Data()
  guard let page = try? MoviePageParser.parse(data) else { return 0 }
  var list = MovieList(query: MovieQuery(pageSize: max(1, page.rowCount)))
  let change = list.add(page)
  let table = MovieTable(width: 80, largestRow: list.movies.count + 1, palette: .plain)
  var text = table.rows(list.movies, firstRow: 1)
  for (index, movie) in list.movies.enumerated() {
    text += MovieDetails.render(movie, row: RowLabel(index + 1), palette: .plain)
  }
  text += change.droppedDuplicates.map(TerminalText.escape).joined()
  for scalar in text.unicodeScalars where scalar != "\n" {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069:
      fatalError("raw control character U+\(String(scalar.value, radix: 16)) in rendered text")
    default:
      continue
    }
  }
  return 0
}
