/// Reading a page's strings: most of its bytes are in them.
extension PlainHoppinPage.Reader {
  /// A string at `index`; nil unless it is valid JSON text of valid UTF-8.
  mutating func quoted() -> Value? {
    let bytes = bytes
    guard let base = bytes.baseAddress, index < bytes.count, bytes[index] == UInt8(ascii: "\"")
    else { return nil }
    let start = index + 1
    // Most of a page's bytes are in its strings: read eight at a time up to the first that
    // ends the plain run (a quote, a backslash or a control character), then one at a time
    // near the end of the page. In locals, which the compiler keeps in registers.
    var end = start
    var union: UInt64 = 0
    var stopped = false
    while end + 8 <= bytes.count {
      let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: end, as: UInt64.self))
      let stops = Self.stops(in: word)
      if stops != 0 {
        // The lowest flag is exact; in memory's order, the first byte.
        let before = stops.trailingZeroBitCount / 8
        union |= word & ((1 &<< UInt64(before * 8)) &- 1)
        end += before
        stopped = true
        break
      }
      union |= word
      end += 8
    }
    while !stopped, end < bytes.count {
      let byte = bytes[end]
      if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { break }
      union |= UInt64(byte)
      end += 1
    }
    index = end
    guard end < bytes.count else { return nil }
    switch bytes[end] {
    case UInt8(ascii: "\""):
      index += 1
      let span = UnsafeRawBufferPointer(rebasing: bytes[start..<end])
      if union & Self.highBits == 0 { return .ascii(span) }
      return String(validating: span, as: UTF8.self).map(Value.decoded)
    case UInt8(ascii: "\\"):
      return escapedString(from: start).map(Value.decoded)
    default:
      return nil
    }
  }

  private static let ones: UInt64 = 0x0101_0101_0101_0101
  private static let highBits: UInt64 = 0x8080_8080_8080_8080

  /// A flag in the high bit of each of the eight bytes (the first in the lowest) that is a
  /// quote, a backslash or a control character. The lowest flag is always right; above it,
  /// a borrow may set others, which does not matter here.
  static func stops(in word: UInt64) -> UInt64 {
    /// Flags the bytes of `value` below `limit` (at most 0x80).
    func below(_ limit: UInt64, _ value: UInt64) -> UInt64 {
      (value &- ones &* limit) & ~value & highBits
    }
    return below(0x20, word) | below(1, word ^ (ones &* UInt64(UInt8(ascii: "\""))))
      | below(1, word ^ (ones &* UInt64(UInt8(ascii: "\\"))))
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
}
