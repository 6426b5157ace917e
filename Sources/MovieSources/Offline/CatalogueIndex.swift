import Foundation
import MoviesCore

/// Where each movie of a catalogue file is, found without parsing the movies.
///
/// Walks the JSON structure of `{"hoppin":{"order":…,"movies":{"movie":[…]}}}` just far enough
/// to record the byte range of every entry of the `movie` list and the envelope's `order`, so
/// the offline catalogue can parse only the movies of the page asked for. Values are skipped
/// with a depth counter, not recursion, so deep nesting costs nothing. Anything unexpected
/// makes the index nil and the catalogue is parsed whole instead.
struct CatalogueIndex: Sendable {
  /// The order the movies are stored in, when the file says.
  var order: String?
  /// The byte range of each movie object in the file.
  var movies: [Range<Int>]

  init?(_ data: Data) {
    let result: (String?, [Range<Int>])? = data.withUnsafeBytes { buffer in
      var scanner = Scanner(bytes: buffer)
      return scanner.catalogue()
    }
    guard let result else { return nil }
    (order, movies) = result
  }

  private struct Scanner {
    let bytes: UnsafeRawBufferPointer
    var position = 0

    init(bytes: UnsafeRawBufferPointer) {
      self.bytes = bytes
    }

    mutating func catalogue() -> (String?, [Range<Int>])? {
      var order: String?
      var movies: [Range<Int>]?
      let walked = walkObject { scanner, key in
        guard key == "hoppin" else { return scanner.skipValue() }
        return scanner.walkObject { scanner, key in
          switch key {
          case "order":
            order = scanner.plainString()
            return order != nil
          case "movies":
            return scanner.walkObject { scanner, key in
              guard key == "movie" else { return scanner.skipValue() }
              movies = scanner.elementRanges()
              return movies != nil
            }
          default:
            return scanner.skipValue()
          }
        }
      }
      guard walked, let movies else { return nil }
      return (order, movies)
    }

    /// Calls `member` for each key of an object, positioned at its value.
    mutating func walkObject(_ member: (inout Scanner, String) -> Bool) -> Bool {
      guard consume(UInt8(ascii: "{")) else { return false }
      if consume(UInt8(ascii: "}")) { return true }
      repeat {
        guard let key = plainString(), consume(UInt8(ascii: ":")), member(&self, key) else {
          return false
        }
      } while consume(UInt8(ascii: ","))
      return consume(UInt8(ascii: "}"))
    }

    /// The byte range of each element of a list.
    mutating func elementRanges() -> [Range<Int>]? {
      guard consume(UInt8(ascii: "[")) else { return nil }
      var ranges: [Range<Int>] = []
      if consume(UInt8(ascii: "]")) { return ranges }
      repeat {
        skipWhitespace()
        let start = position
        guard skipValue() else { return nil }
        ranges.append(start..<position)
      } while consume(UInt8(ascii: ","))
      return consume(UInt8(ascii: "]")) ? ranges : nil
    }

    /// A string without escapes, as keys and `order` are; nil for anything else.
    mutating func plainString() -> String? {
      skipWhitespace()
      guard peek == UInt8(ascii: "\"") else { return nil }
      let start = position + 1
      guard skipString() else { return nil }
      let content = UnsafeRawBufferPointer(rebasing: bytes[start..<position - 1])
      guard !content.contains(UInt8(ascii: "\\")) else { return nil }
      return String(decoding: content, as: UTF8.self)
    }

    /// Skips one value of any kind; nested containers are tracked by depth, not recursion.
    mutating func skipValue() -> Bool {
      skipWhitespace()
      guard !atValueEnd else { return false }
      var depth = 0
      repeat {
        guard let byte = peek else { return false }
        switch byte {
        case UInt8(ascii: "\""):
          guard skipString() else { return false }
        case UInt8(ascii: "{"), UInt8(ascii: "["):
          depth += 1
          position += 1
        case UInt8(ascii: "}"), UInt8(ascii: "]"):
          guard depth > 0 else { return false }
          depth -= 1
          position += 1
        case UInt8(ascii: ","), UInt8(ascii: ":"), 0x20, 0x09, 0x0A, 0x0D:
          guard depth > 0 else { return true }
          position += 1
        default:
          position += 1
        }
      } while depth > 0 || !atValueEnd
      return true
    }

    private var atValueEnd: Bool {
      guard let byte = peek else { return true }
      switch byte {
      case UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x09, 0x0A, 0x0D:
        return true
      default: return false
      }
    }

    /// Skips a string starting at the opening quote, escapes included. Strings are most of the
    /// file's bytes, and start-up walks all of it: `memchr` finds each next quote, and a quote
    /// after an odd run of backslashes is escaped.
    mutating func skipString() -> Bool {
      guard let base = bytes.baseAddress else { return false }
      let start = position + 1
      var from = start
      while from < bytes.count {
        guard let found = memchr(base + from, Int32(UInt8(ascii: "\"")), bytes.count - from) else {
          return false
        }
        let quote = base.distance(to: UnsafeRawPointer(found))
        var backslashes = 0
        while quote - backslashes - 1 >= start,
          bytes[quote - backslashes - 1] == UInt8(ascii: "\\")
        {
          backslashes += 1
        }
        if backslashes.isMultiple(of: 2) {
          position = quote + 1
          return true
        }
        from = quote + 1
      }
      return false
    }

    mutating func consume(_ byte: UInt8) -> Bool {
      skipWhitespace()
      guard peek == byte else { return false }
      position += 1
      return true
    }

    mutating func skipWhitespace() {
      while let byte = peek, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
        position += 1
      }
    }

    var peek: UInt8? { position < bytes.count ? bytes[position] : nil }
  }
}
