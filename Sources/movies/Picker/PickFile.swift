import Foundation
import MoviesCore

/// The temporary file between `pick` and its preview: a first line with the thumbnail cache
/// folder and what the numbers count (their prefix: `w`, `f`), then one line per row, each a one-movie page in the API's shape (read back with
/// the same parser as any page) and the poster's address.
enum PickFile {
  /// How the preview draws posters: the mode (symbols, or a graphics mode where fzf shows
  /// images) and the terminal's cell, which the preview, run by fzf off the terminal, cannot
  /// ask for.
  struct Drawing: Sendable, Hashable {
    var mode: PreviewMode
    var cell: CellSize
  }

  /// `later` names the fields `pick` fetches while fzf runs (``PickDetails``), which the
  /// preview names as not fetched yet until they come.
  static func rows(
    _ movies: [(row: Int, movie: Movie)], kind: RowLabel.Kind = .row, source: any MovieSource,
    thumbnailCache: URL?, drawing: Drawing, later: [MovieDetails.LaterField] = []
  ) -> Data {
    // Written by hand, not with JSONSerialization: after a full scan there are tens of
    // thousands of rows, and the picker should open at once.
    var bytes: [UInt8] = []
    bytes.reserveCapacity(movies.count * 400)
    bytes += Array(#"{"cache":"#.utf8)
    if let thumbnailCache {
      appendString(thumbnailCache.path, to: &bytes)
    } else {
      bytes += Array("null".utf8)
    }
    bytes += Array(#","mode":"#.utf8)
    appendString(drawing.mode.rawValue, to: &bytes)
    bytes += Array(#","prefix":"#.utf8)
    appendString(kind.prefix, to: &bytes)
    bytes += Array(#","later":["#.utf8)
    for (index, field) in later.enumerated() {
      if index > 0 { bytes.append(UInt8(ascii: ",")) }
      appendString(field.rawValue, to: &bytes)
    }
    bytes.append(UInt8(ascii: "]"))
    bytes += Array(#","cell":[\#(drawing.cell.width),\#(drawing.cell.height)]}"#.utf8) + [0x0A]
    for (row, movie) in movies {
      let poster = movie.thumbnail.flatMap { try? source.thumbnailURL(for: $0).absoluteString }
      bytes += Array(#"{"row":\#(row),"poster":"#.utf8)
      if let poster { appendString(poster, to: &bytes) } else { bytes += Array("null".utf8) }
      bytes += Array(#","hoppin":{"movies":{"movie":[{"#.utf8)
      var first = true
      for (key, value) in record(movie) {
        if !first { bytes.append(UInt8(ascii: ",")) }
        first = false
        appendString(key, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        appendString(value, to: &bytes)
      }
      bytes += Array("}]}}}\n".utf8)
    }
    return Data(bytes)
  }

  /// One row as the preview reads it back.
  struct Row {
    var label: RowLabel
    var movie: Movie
    var poster: URL?
    var cache: URL?
    var drawing: Drawing
    /// The fields `pick` fetches for the rows that lack them.
    var later: [MovieDetails.LaterField]
  }

  /// The row's label (`3`, `w3`, `f3`), movie and poster address at place `row` (from 1) of the file, the
  /// cache folder, how to draw and what `pick` fetches; nil when the file has no such row or it does not parse. A
  /// header without a drawing (or a nonsense one) means symbols in the standard cell.
  static func read(_ file: URL, row: Int) -> Row? {
    guard row >= 1, let data = FileManager.default.contents(atPath: file.path),
      let headerLine = line(0, of: data), let rowLine = line(row, of: data),
      let header = try? JSONSerialization.jsonObject(with: headerLine) as? [String: Any],
      let object = try? JSONSerialization.jsonObject(with: rowLine) as? [String: Any],
      let parsed = try? MoviePageParser.parse(rowLine).movies.first
    else { return nil }
    // The overview goes under its own key, which the page parser keeps among the others.
    let movie = parsed.changing {
      $0.overview = $0.otherFields.removeValue(forKey: Self.overviewKey)
    }
    let poster = (object["poster"] as? String).flatMap(URL.init(string:))
    let number = (object["row"] as? Int) ?? row
    let kind = RowLabel.Kind(prefix: header["prefix"] as? String ?? "") ?? .row
    let mode = (header["mode"] as? String).flatMap(PreviewMode.init(rawValue:))
    let cell = (header["cell"] as? [Int]).flatMap {
      $0.count == 2 ? CellSize(validating: $0[0], $0[1]) : nil
    }
    let drawing = Drawing(
      mode: mode == .auto ? .symbols : mode ?? .symbols, cell: cell ?? .standard)
    let later = (header["later"] as? [Any] ?? []).compactMap {
      ($0 as? String).flatMap(MovieDetails.LaterField.init(rawValue:))
    }
    return Row(
      label: RowLabel(number, kind), movie: movie, poster: poster,
      cache: (header["cache"] as? String).map { URL(fileURLWithPath: $0, isDirectory: true) },
      drawing: drawing, later: later)
  }

  /// Line `index` (from 0) of the file, found by counting newlines: the preview runs at each
  /// move of the highlight, over a file of maybe tens of thousands of lines.
  private static func line(_ index: Int, of data: Data) -> Data? {
    var start = data.startIndex
    for _ in 0..<index {
      guard let newline = data[start...].firstIndex(of: UInt8(ascii: "\n")) else { return nil }
      start = newline + 1
    }
    let end = data[start...].firstIndex(of: UInt8(ascii: "\n")) ?? data.endIndex
    return start < end ? Data(data[start..<end]) : nil
  }

  /// A JSON string: quotes, backslashes and control characters escaped, the rest as UTF-8.
  private static func appendString(_ text: String, to bytes: inout [UInt8]) {
    bytes.append(UInt8(ascii: "\""))
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"):
        bytes += [UInt8(ascii: "\\"), byte]
      case 0..<0x20:
        let hex = Array("0123456789abcdef".utf8)
        bytes += Array("\\u00".utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
      default:
        bytes.append(byte)
      }
    }
    bytes.append(UInt8(ascii: "\""))
  }

  /// The key a row's overview is written under: no page field has it.
  private static let overviewKey = "movies-overview"

  /// A movie in the API's field names, every value as text (the parser reads numbers from
  /// text as it does from a server).
  private static func record(_ movie: Movie) -> [(String, String)] {
    var record = movie.otherFields.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    func add(_ key: String, _ value: String?) {
      if let value { record.append((key, value)) }
    }
    add("title", movie.title)
    add("genreNames", movie.genres.joined(separator: ","))
    add("movieId", movie.id)
    add("thumbnailImage", movie.thumbnail)
    add("linkUrl", movie.link)
    add("ratingAverage", movie.rating.map { String($0) })
    add("ratingCount", movie.ratingCount.map(String.init))
    add("releaseDate", movie.releaseDate)
    add("runningTime", movie.runningTime.map(String.init))
    add("grade", movie.grade)
    add(overviewKey, movie.overview)
    return record
  }
}
