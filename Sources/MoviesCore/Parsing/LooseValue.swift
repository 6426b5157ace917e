import Foundation

/// Reads the loosely typed scalars that Hoppin-style servers send: numbers as strings or as
/// numbers, `null` or an empty string for "unknown".
public enum LooseValue {
  /// Text for a string or number; nil for null, empty text, containers and booleans.
  public static func text(_ value: Any?) -> String? { value.flatMap { text($0) } }

  /// A finite number from a number or numeric text.
  public static func double(_ value: Any?) -> Double? { value.flatMap { double($0) } }

  /// A whole number from a number or text; `"123"`, `123` and `123.0` all give 123.
  public static func integer(_ value: Any?) -> Int? { value.flatMap { integer($0) } }

  // The parser's own calls, with a value that is there: wrapping it in an Optional to pass
  // it, then copying it out to cast it, cost as much as the casts.

  /// Text for a string or number that is there; nil for empty text, containers and booleans.
  public static func text(_ value: Any) -> String? {
    if let string = value as? String { return text(string) }
    if let number = value as? NSNumber, !isBoolean(number) { return number.stringValue }
    return nil
  }

  /// The text without white space at either end; nil when nothing is left.
  public static func text(_ string: String) -> String? {
    let trimmed = trim(string)
    guard !trimmed.isEmpty else { return nil }
    // UTF-8 counts are stored; `count` would walk every character.
    return trimmed.utf8.count == string.utf8.count ? string : String(trimmed)
  }

  /// A finite number from a number or numeric text that is there.
  public static func double(_ value: Any) -> Double? {
    // Text first: servers of this kind mostly send numbers as text, and a failed cast to
    // NSNumber costs more than one to String.
    if let string = value as? String { return double(string) }
    guard let number = value as? NSNumber, !isBoolean(number), number.doubleValue.isFinite
    else { return nil }
    return number.doubleValue
  }

  /// A whole number from a number or text that is there.
  public static func integer(_ value: Any) -> Int? {
    if let string = value as? String { return integer(string) }
    return double(value).flatMap(wholeNumber)
  }

  /// A finite number from numeric text.
  public static func double(_ string: String) -> Double? {
    guard let result = Double(trim(string)), result.isFinite else { return nil }
    return result
  }

  /// A whole number from text; `"123"` and `"123.0"` both give 123.
  public static func integer(_ string: String) -> Int? {
    Int(trim(string)) ?? double(string).flatMap(wholeNumber)
  }

  /// The number when it is whole and exact as a Double.
  private static func wholeNumber(_ double: Double) -> Int? {
    guard double == double.rounded(), abs(double) < 9_007_199_254_740_992 else { return nil }
    return Int(double)
  }

  /// The text without white space at either end. Foundation's `trimmingCharacters` is slow
  /// enough on Linux to dominate parsing a page, and most values need no trimming at all.
  public static func trim(_ text: Substring) -> Substring {
    // Visible ASCII at both ends needs no Unicode look-ups.
    if let first = text.utf8.first, let last = text.utf8.last, (0x21..<0x7F).contains(first),
      (0x21..<0x7F).contains(last)
    {
      return text
    }
    let start = text.firstIndex { !$0.isWhitespace } ?? text.endIndex
    let end = text[start...].lastIndex { !$0.isWhitespace }.map(text.index(after:)) ?? start
    return text[start..<end]
  }

  /// The text without white space at either end.
  public static func trim(_ text: String) -> Substring { trim(text[...]) }

  /// JSON `true` and `false` arrive as NSNumber too; they are never counts or ratings.
  private static func isBoolean(_ number: NSNumber) -> Bool {
    // swift-corelibs-foundation reports "c" (char) for booleans, as Darwin does.
    number.objCType.pointee == CChar(UInt8(ascii: "c"))
  }
}
