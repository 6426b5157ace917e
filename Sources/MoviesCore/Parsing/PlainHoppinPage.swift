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

  /// Reads the page's bytes, from `index` on.
  struct Reader {
    let bytes: UnsafeRawBufferPointer
    var index = 0
    var genreLists = MoviePageParser.GenreLists()
    var otherFields = OtherFields()
    /// Members, objects and arrays read so far: past the parser's bounds the reader gives
    /// up, and the page is refused as it would be before `JSONSerialization`.
    var values = 0
    var containers = 0

    mutating func page() -> PlainHoppinPage? {
      var hoppin: PlainHoppinPage?
      guard open(UInt8(ascii: "{")) else { return nil }
      var first = true
      while case .key(let key) = member(&first) {
        if key.string == "hoppin", hoppin == nil {
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
      case key(Value)
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
      guard let key = quoted(), take(UInt8(ascii: ":")) else { return .end }
      return .key(key)
    }

    private mutating func hoppinObject() -> PlainHoppinPage? {
      guard open(UInt8(ascii: "{")) else { return nil }
      var rows: [MoviePageParser.Row]?
      var total: String?
      var first = true
      while case .key(let key) = member(&first) {
        switch key.string {
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
        if key.string == "movie", rows == nil {
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
          guard let value = value() else { return nil }
          // Straight into the movie's fields: no dictionary of the row on the way, and no
          // String of a known field's name.
          if let field = key.field {
            row.add(field, value, genreLists: &genreLists)
          } else if case .ascii(let name) = key, case .ascii(let text) = value,
            !row.hasOtherFields
          {
            row.add(others: otherFields.fields(key: name, value: text))
          } else if let name = key.string {
            row.addOther(name, value)
          }
        }
        guard ended else { return nil }
        rows.append((consume row).row())
      } while take(UInt8(ascii: ","))
      return take(UInt8(ascii: "]")) ? rows : nil
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

    mutating func skipSpace() {
      while index < bytes.count {
        switch bytes[index] {
        case 0x20, 0x09, 0x0A, 0x0D: index += 1
        default: return
        }
      }
    }
  }
}
