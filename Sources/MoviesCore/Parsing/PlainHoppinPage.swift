import Foundation

/// A fast reader for the page every Hoppin-style server sends when it is well behaved:
/// `{"hoppin":{…,"movies":{"movie":[{…},…]},"totalCount":"N"}}` where every other value, and
/// every field of a row, is a string or `null`. Anything else (numbers, booleans, a bare
/// object for one movie, other nesting, bad escapes, invalid UTF-8) makes it give up, and
/// the page is read by `JSONSerialization` as before, which decides what the text means.
///
/// `JSONSerialization` builds a tree of Foundation objects and then bridges it: three
/// quarters of a scan's CPU went there. This walks the bytes once, without recursion (the
/// shape has four levels), checking every index, and gives the rows as the parser reads them.
struct PlainHoppinPage {
  /// Each row as the parser makes it.
  var rows: [MoviePageParser.Row] = []
  /// `totalCount`'s text, when the page has one.
  var totalCount: String?

  /// Nil when the text is not a page of this plain shape.
  init?(_ data: Data) {
    guard
      let page = data.withUnsafeBytes({ bytes -> PlainHoppinPage? in
        var reader = Reader(bytes: bytes)
        return reader.page()
      })
    else { return nil }
    self = page
  }

  private init(rows: [MoviePageParser.Row], totalCount: String?) {
    self.rows = rows
    self.totalCount = totalCount
  }

  private struct Reader {
    let bytes: UnsafeRawBufferPointer
    var index = 0
    var genreLists = MoviePageParser.GenreLists()
    /// Members, objects and arrays read so far: past the parser's bounds the reader gives
    /// up, and the page is refused as it would be before `JSONSerialization`.
    var values = 0
    var containers = 0

    mutating func page() -> PlainHoppinPage? {
      var hoppin: PlainHoppinPage?
      guard open(UInt8(ascii: "{")) else { return nil }
      var first = true
      while case .key(let key) = member(&first) {
        if key == "hoppin", hoppin == nil {
          hoppin = hoppinObject()
          if hoppin == nil { return nil }
        } else if stringOrNull() == nil {
          return nil
        }
      }
      guard ended, hoppin != nil else { return nil }
      skipSpace()
      return index == bytes.count ? hoppin : nil
    }

    /// Set by ``member(_:)``: the object ended well (`}`), not on something unreadable.
    var ended = false

    private enum Step {
      case key(String)
      case end
    }

    /// The next member's key, its `:` read; `.end` after the object's `}` (``ended`` true)
    /// or at anything else (false). `first`: no member read yet.
    private mutating func member(_ first: inout Bool) -> Step {
      ended = false
      values += 1
      guard values <= MoviePageParser.maximumValues else { return .end }
      if first {
        first = false
        if take(UInt8(ascii: "}")) {
          ended = true
          return .end
        }
      } else if !take(UInt8(ascii: ",")) {
        ended = take(UInt8(ascii: "}"))
        return .end
      }
      skipSpace()
      guard let key = string(), take(UInt8(ascii: ":")) else { return .end }
      return .key(key)
    }

    private mutating func hoppinObject() -> PlainHoppinPage? {
      guard open(UInt8(ascii: "{")) else { return nil }
      var rows: [MoviePageParser.Row]?
      var total: String?
      var first = true
      while case .key(let key) = member(&first) {
        switch key {
        case "movies" where rows == nil:
          rows = moviesObject()
          if rows == nil { return nil }
        case "totalCount":
          guard let value = stringOrNull() else { return nil }
          total = value
        default:
          if stringOrNull() == nil { return nil }
        }
      }
      guard ended, let rows else { return nil }
      return PlainHoppinPage(rows: rows, totalCount: total)
    }

    private mutating func moviesObject() -> [MoviePageParser.Row]? {
      guard open(UInt8(ascii: "{")) else { return nil }
      var rows: [MoviePageParser.Row]?
      var first = true
      while case .key(let key) = member(&first) {
        if key == "movie", rows == nil {
          rows = movieList()
          if rows == nil { return nil }
        } else if stringOrNull() == nil {
          return nil
        }
      }
      return ended ? rows : nil
    }

    private mutating func movieList() -> [MoviePageParser.Row]? {
      guard open(UInt8(ascii: "[")) else { return nil }
      var rows: [MoviePageParser.Row] = []
      if take(UInt8(ascii: "]")) { return rows }
      repeat {
        guard open(UInt8(ascii: "{")) else { return nil }
        var row = MoviePageParser.RowFields()
        var first = true
        while case .key(let key) = member(&first) {
          guard let value = stringOrNull() else { return nil }
          // Straight into the movie's fields: no dictionary of the row on the way.
          row.add(key, value, genreLists: &genreLists)
        }
        guard ended else { return nil }
        rows.append(row.row)
      } while take(UInt8(ascii: ","))
      return take(UInt8(ascii: "]")) ? rows : nil
    }

    /// A string, or `null` (`.some(nil)`); nil for any other value.
    private mutating func stringOrNull() -> String?? {
      skipSpace()
      if index + 4 <= bytes.count, bytes[index] == UInt8(ascii: "n"),
        bytes[index + 1] == UInt8(ascii: "u"), bytes[index + 2] == UInt8(ascii: "l"),
        bytes[index + 3] == UInt8(ascii: "l")
      {
        index += 4
        return .some(nil)
      }
      return string().map { .some($0) }
    }

    /// A string at `index`; nil unless it is valid JSON text of valid UTF-8.
    private mutating func string() -> String? {
      guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
      index += 1
      let start = index
      var ascii = true
      while index < bytes.count {
        let byte = bytes[index]
        if byte == UInt8(ascii: "\"") {
          let span = UnsafeRawBufferPointer(rebasing: bytes[start..<index])
          index += 1
          return ascii
            ? String(decoding: span, as: UTF8.self) : String(validating: span, as: UTF8.self)
        }
        if byte == UInt8(ascii: "\\") { return escapedString(from: start) }
        if byte < 0x20 { return nil }
        if byte >= 0x80 { ascii = false }
        index += 1
      }
      return nil
    }

    /// The rest of a string with escapes, from its first byte at `start`.
    private mutating func escapedString(from start: Int) -> String? {
      var text: [UInt8] = Array(bytes[start..<index])
      while index < bytes.count {
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "\""):
          return String(validating: text, as: UTF8.self)
        case UInt8(ascii: "\\"):
          guard index < bytes.count else { return nil }
          let escape = bytes[index]
          index += 1
          switch escape {
          case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(escape)
          case UInt8(ascii: "b"): text.append(0x08)
          case UInt8(ascii: "f"): text.append(0x0C)
          case UInt8(ascii: "n"): text.append(0x0A)
          case UInt8(ascii: "r"): text.append(0x0D)
          case UInt8(ascii: "t"): text.append(0x09)
          case UInt8(ascii: "u"):
            guard let scalar = unicodeEscape() else { return nil }
            text.append(contentsOf: scalar.utf8)
          default: return nil
          }
        default:
          if byte < 0x20 { return nil }
          text.append(byte)
        }
      }
      return nil
    }

    /// The scalar of `\uXXXX` (the `\u` read), with its low surrogate when it is a high one.
    private mutating func unicodeEscape() -> Unicode.Scalar? {
      guard let first = hex4() else { return nil }
      if (0xD800..<0xDC00).contains(first) {
        guard index + 2 <= bytes.count, bytes[index] == UInt8(ascii: "\\"),
          bytes[index + 1] == UInt8(ascii: "u")
        else { return nil }
        index += 2
        guard let second = hex4(), (0xDC00..<0xE000).contains(second) else { return nil }
        return Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))
      }
      return Unicode.Scalar(first)
    }

    private mutating func hex4() -> UInt32? {
      guard index + 4 <= bytes.count else { return nil }
      var value: UInt32 = 0
      for _ in 0..<4 {
        let byte = bytes[index]
        let digit: UInt8
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
        default: return nil
        }
        value = value << 4 | UInt32(digit)
        index += 1
      }
      return value
    }

    /// Takes `{` or `[` as ``take(_:)`` does, within the parser's bound on them.
    private mutating func open(_ bracket: UInt8) -> Bool {
      containers += 1
      return containers <= MoviePageParser.maximumContainers && take(bracket)
    }

    /// Skips white space, then takes `byte` if it is next.
    private mutating func take(_ byte: UInt8) -> Bool {
      skipSpace()
      guard index < bytes.count, bytes[index] == byte else { return false }
      index += 1
      return true
    }

    private mutating func skipSpace() {
      while index < bytes.count {
        switch bytes[index] {
        case 0x20, 0x09, 0x0A, 0x0D: index += 1
        default: return
        }
      }
    }
  }
}
