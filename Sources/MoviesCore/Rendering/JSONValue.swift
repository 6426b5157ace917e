import Foundation

/// A value of `--json`'s output, before it is written (``JSONWriter``).
enum JSONValue: Sendable {
  case null
  case bool(Bool)
  case int(Int)
  /// Infinity and NaN, which JSON cannot hold (a rating read back from the database), are
  /// written as `null`, so the object is still whole.
  case number(Double)
  case string(String)
  case array([JSONValue])
  case object([String: JSONValue])

  /// The text, or `null`.
  static func text(_ text: String?) -> JSONValue { text.map(JSONValue.string) ?? .null }
  static func int(_ number: Int?) -> JSONValue { number.map(JSONValue.int) ?? .null }
  static func number(_ number: Double?) -> JSONValue { number.map(JSONValue.number) ?? .null }
  static func strings(_ texts: [String]) -> JSONValue { .array(texts.map(JSONValue.string)) }
}

/// Writes JSON text byte for byte as JSONSerialization does with sorted keys and unescaped
/// slashes, then with the characters a terminal would act on escaped (see
/// ``JSONRenderer/escapeForTerminals(_:)``), but by hand: on Linux JSONSerialization sorts
/// every object's keys with a locale's collation and boxes every value, which made `--json`
/// of 100,000 rows take 35 s and 870 MB. The same collation orders the keys here, once for
/// each set of keys, not once for each object.
struct JSONWriter {
  private(set) var text = ""
  /// Each set of keys (in byte order) in JSONSerialization's order.
  private var orders: [[String]: [String]] = [:]

  mutating func write(_ value: JSONValue) {
    switch value {
    case .null: text += "null"
    case .bool(let flag): text += flag ? "true" : "false"
    case .int(let number): text += String(number)
    case .number(let number): text += Self.number(number)
    case .string(let string): write(string)
    case .array(let values):
      text += "["
      for (index, value) in values.enumerated() {
        if index > 0 { text += "," }
        write(value)
      }
      text += "]"
    case .object(let fields):
      text += "{"
      for (index, key) in order(of: fields.keys).enumerated() {
        if index > 0 { text += "," }
        write(key)
        text += ":"
        // The key came from `fields`.
        write(fields[key] ?? .null)
      }
      text += "}"
    }
  }

  /// The object's text before the value of `key` (up to its colon) and after it, for a
  /// value written apart; the writer is left empty.
  mutating func object(
    _ fields: [String: JSONValue], around key: String
  ) -> (head: String, tail: String) {
    text = "{"
    var head = ""
    for (index, field) in order(of: fields.keys).enumerated() {
      if index > 0 { text += "," }
      write(field)
      text += ":"
      if field == key {
        head = text
        text = ""
      } else {
        write(fields[field] ?? .null)
      }
    }
    text += "}"
    defer { text = "" }
    return (head, text)
  }

  /// Text written as it is: punctuation between values written on their own.
  mutating func append(_ raw: String) { text += raw }

  /// The keys in the order JSONSerialization writes them.
  mutating func order(of keys: Dictionary<String, JSONValue>.Keys) -> [String] {
    let byBytes = keys.sorted()
    if let known = orders[byBytes] { return known }
    let sorted = byBytes.sorted(by: Self.precedes)
    orders[byBytes] = sorted
    return sorted
  }

  /// JSONSerialization's order of keys (swift-corelibs-foundation's JSONWriter): numbers by
  /// value, case ignored, in the system locale's collation.
  static func precedes(_ first: String, _ second: String) -> Bool {
    first.compare(
      second, options: [.numeric, .caseInsensitive, .forcedOrdering],
      range: first.startIndex..<first.endIndex, locale: NSLocale.system) == .orderedAscending
  }

  /// As Swift describes the number, without a trailing `.0` (`5`, `8.1`, `1e+16`).
  static func number(_ number: Double) -> String {
    guard number.isFinite else { return "null" }
    let text = number.description
    return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
  }

  private mutating func write(_ string: String) {
    text += "\""
    // Most strings need no escape: written whole.
    if string.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != 0x22 && $0 != 0x5C }) {
      text += string
    } else {
      for scalar in string.unicodeScalars { write(scalar) }
    }
    text += "\""
  }

  private mutating func write(_ scalar: Unicode.Scalar) {
    switch scalar {
    case "\"": text += "\\\""
    case "\\": text += "\\\\"
    case "\u{8}": text += "\\b"
    case "\u{C}": text += "\\f"
    case "\n": text += "\\n"
    case "\r": text += "\\r"
    case "\t": text += "\\t"
    // JSONSerialization's escape for the other C0 controls is lower case, the terminal
    // escapes after it upper case.
    case "\u{0}"..."\u{1F}": text += Self.escape(scalar, uppercase: false)
    case _ where TerminalText.needsEscape(scalar): text += Self.escape(scalar, uppercase: true)
    default: text.unicodeScalars.append(scalar)
    }
  }

  /// `\uXXXX`, for the scalars escaped here (all below U+10000).
  private static func escape(_ scalar: Unicode.Scalar, uppercase: Bool) -> String {
    let digits = String(scalar.value, radix: 16, uppercase: uppercase)
    return "\\u" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }
}
