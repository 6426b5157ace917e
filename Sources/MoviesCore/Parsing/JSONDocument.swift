import Foundation

/// `JSONSerialization` for answers from outside, which also reads a document holding a number
/// too large for a `Double` (`1e400`: valid JSON, that `JSONSerialization` refuses whole).
public enum JSONDocument {
  /// The parsed root, and the numbers too large to hold, read as `null`; nil when the text
  /// is not JSON.
  public static func parse(_ data: Data) -> (root: Any, outOfRange: [String])? {
    if let root = try? JSONSerialization.jsonObject(with: data) { return (root, []) }
    // Only after a failure: a page that parses pays nothing for this.
    guard let (nulled, numbers) = nullingOutOfRangeNumbers(in: data),
      let root = try? JSONSerialization.jsonObject(with: nulled)
    else { return nil }
    return (root, numbers)
  }

  /// The text with every number outside strings whose value overflows a `Double` replaced
  /// by `null`, and those numbers (the first few); nil when it has none.
  static func nullingOutOfRangeNumbers(in data: Data) -> (Data, [String])? {
    var output = Data()
    var numbers: [String] = []
    var found = 0
    var strings = JSONStrings()
    var index = data.startIndex
    output.reserveCapacity(data.count)
    while index < data.endIndex {
      let byte = data[index]
      if strings.isInString(byte) {
        // Copied as it is.
      } else if byte == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
      {
        let end = data[index...].firstIndex { !isNumberByte($0) } ?? data.endIndex
        let token = String(decoding: data[index..<end], as: UTF8.self)
        if let value = Double(token), value.isInfinite {
          found += 1
          if numbers.count < 3 { numbers.append(String(token.prefix(40))) }
          output.append(contentsOf: "null".utf8)
        } else {
          output.append(data[index..<end])
        }
        index = end
        continue
      }
      output.append(byte)
      index += 1
    }
    return found == 0 ? nil : (output, numbers)
  }

  private static func isNumberByte(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-")
      || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".") || byte | 0x20 == UInt8(ascii: "e")
  }
}

/// Follows JSON text byte by byte, telling the bytes of strings (quotes included) from the
/// rest, so a scan outside the parser does not take a comma or digit in a title for syntax.
struct JSONStrings {
  private var inString = false
  private var escaped = false

  mutating func isInString(_ byte: UInt8) -> Bool {
    if inString {
      if escaped {
        escaped = false
      } else if byte == UInt8(ascii: "\\") {
        escaped = true
      } else if byte == UInt8(ascii: "\"") {
        inString = false
      }
      return true
    }
    inString = byte == UInt8(ascii: "\"")
    return inString
  }
}
