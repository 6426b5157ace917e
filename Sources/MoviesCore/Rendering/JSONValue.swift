import Foundation

/// A value of `--json`'s output, before it is written (``JSONWriter``).
public enum JSONValue: Sendable {
  case null
  case bool(Bool)
  case int(Int)
  /// Infinity and NaN, which JSON cannot hold (a rating read back from the database), are
  /// written as `null`, so the object is still whole.
  case number(Double)
  case string(String)
  case array([JSONValue])
  case object(JSONObject)

  /// The text, or `null`.
  static func text(_ text: String?) -> JSONValue { text.map(JSONValue.string) ?? .null }
  static func int(_ number: Int?) -> JSONValue { number.map(JSONValue.int) ?? .null }
  static func number(_ number: Double?) -> JSONValue { number.map(JSONValue.number) ?? .null }
  static func strings(_ texts: [String]) -> JSONValue { .array(texts.map(JSONValue.string)) }
}

/// A JSON object's keys and values, in the order they were given; written with its keys
/// sorted. Not a dictionary: an object is made for every row, and hashing its keys cost more
/// than writing it.
public struct JSONObject: Sendable, ExpressibleByDictionaryLiteral {
  fileprivate var fields: [(key: String, value: JSONValue)]

  /// An object of these keys and values.
  public init(dictionaryLiteral elements: (String, JSONValue)...) {
    fields = elements.map { (key: $0.0, value: $0.1) }
  }

  init(_ dictionary: [String: String]) {
    fields = dictionary.map { (key: $0.key, value: .string($0.value)) }
  }

  /// The value of `key`; setting one replaces the value of a key already there.
  subscript(key: String) -> JSONValue? {
    get { fields.first { $0.key == key }?.value }
    set {
      let index = fields.firstIndex { $0.key == key }
      switch (index, newValue) {
      case (let index?, let value?): fields[index].value = value
      case (let index?, nil): fields.remove(at: index)
      case (nil, let value?): fields.append((key, value))
      case (nil, nil): break
      }
    }
  }

  /// Every field of `other` set here.
  mutating func merge(_ other: JSONObject) {
    for (key, value) in other.fields { self[key] = value }
  }
}

/// Writes JSON text byte for byte as JSONSerialization does with sorted keys and unescaped
/// slashes, then with the characters a terminal would act on
/// (``TerminalText/needsEscape(_:)``) escaped as `\uXXXX`, but by hand: on Linux JSONSerialization sorts
/// every object's keys with a locale's collation and boxes every value, which made `--json`
/// of 100,000 rows take 35 s and 870 MB. The same collation orders the keys here, once for
/// each list of keys an object gives (a row's are always the same), not once for each object.
struct JSONWriter {
  /// UTF-8, not a String: appending bytes costs far less than appending text.
  private var bytes: [UInt8] = []
  var text: String { String(decoding: bytes, as: UTF8.self) }
  /// For each list of keys (as an object gave them), their places in JSONSerialization's
  /// order.
  private var orders: [[String]: [Int]] = [:]

  mutating func write(_ value: JSONValue) {
    switch value {
    case .null: put("null")
    case .bool(let flag): put(flag ? "true" : "false")
    case .int(let number): put(String(number))
    case .number(let number): put(Self.number(number))
    case .string(let string): write(string)
    case .array(let values):
      put("[")
      for (index, value) in values.enumerated() {
        if index > 0 { put(",") }
        write(value)
      }
      put("]")
    case .object(let object):
      put("{")
      for (index, place) in order(of: object).enumerated() {
        if index > 0 { put(",") }
        let field = object.fields[place]
        write(field.key)
        put(":")
        write(field.value)
      }
      put("}")
    }
  }

  /// The object's text before the value of `key` (up to its colon) and after it, for a
  /// value written apart; the writer is left empty.
  mutating func object(_ object: JSONObject, around key: String) -> (head: String, tail: String) {
    bytes = Array("{".utf8)
    var head = ""
    for (index, place) in order(of: object).enumerated() {
      let field = object.fields[place]
      if index > 0 { put(",") }
      write(field.key)
      put(":")
      if field.key == key {
        head = text
        bytes = []
      } else {
        write(field.value)
      }
    }
    put("}")
    defer { bytes = [] }
    return (head, text)
  }

  /// Text written as it is: punctuation between values written on their own.
  mutating func append(_ raw: String) { put(raw) }

  private mutating func put(_ raw: String) { bytes.append(contentsOf: raw.utf8) }

  /// The places of the object's fields in the order JSONSerialization writes their keys.
  private mutating func order(of object: JSONObject) -> [Int] {
    let keys = object.fields.map(\.key)
    if let known = orders[keys] { return known }
    let sorted = keys.indices.sorted { Self.precedes(keys[$0], keys[$1]) }
    orders[keys] = sorted
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
    put("\"")
    // Most strings need no escape: written whole.
    if string.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != 0x22 && $0 != 0x5C }) {
      put(string)
    } else {
      for scalar in string.unicodeScalars { write(scalar) }
    }
    put("\"")
  }

  private mutating func write(_ scalar: Unicode.Scalar) {
    switch scalar {
    case "\"": put("\\\"")
    case "\\": put("\\\\")
    case "\u{8}": put("\\b")
    case "\u{C}": put("\\f")
    case "\n": put("\\n")
    case "\r": put("\\r")
    case "\t": put("\\t")
    // JSONSerialization's escape for the other C0 controls is lower case, the terminal
    // escapes after it upper case.
    case "\u{0}"..."\u{1F}": put(Self.escape(scalar, uppercase: false))
    case _ where TerminalText.needsEscape(scalar): put(Self.escape(scalar, uppercase: true))
    default: UTF8.encode(scalar) { bytes.append($0) }
    }
  }

  /// `\uXXXX`, for the scalars escaped here (all below U+10000).
  private static func escape(_ scalar: Unicode.Scalar, uppercase: Bool) -> String {
    let digits = String(scalar.value, radix: 16, uppercase: uppercase)
    return "\\u" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }
}
