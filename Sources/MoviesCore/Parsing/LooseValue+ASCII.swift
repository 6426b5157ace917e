extension LooseValue {
  // The same readings of ASCII bytes, without a String on the way: the plain page's reader
  // has most values as bytes, and a String made of a number only to be read again, and a
  // trim by Characters, cost more than the bytes' own reading. Each gives what its String
  // form gives for the same text.

  /// ``text(_:)-(String)`` of ASCII bytes: the text without white space at either end; nil
  /// when nothing is left.
  static func text(ascii bytes: UnsafeRawBufferPointer) -> String? {
    let trimmed = trim(ascii: bytes)
    return trimmed.isEmpty ? nil : String(decoding: trimmed, as: UTF8.self)
  }

  /// ``double(_:)-(String)`` of ASCII bytes.
  static func double(ascii bytes: UnsafeRawBufferPointer) -> Double? {
    let digits = trim(ascii: bytes)
    if let number = DecimalDigits(digits), number.count <= 15 {
      // Both exact as Doubles (below 2^53 and 10^22), so the quotient is the correctly
      // rounded value of the text, as `Double(_:)` reads it; "-0" stays -0.0.
      let magnitude = Double(number.value) / powersOfTen[number.fractionDigits]
      return number.negative ? -magnitude : magnitude
    }
    return double(String(decoding: bytes, as: UTF8.self))
  }

  /// ``integer(_:)-(String)`` of ASCII bytes.
  static func integer(ascii bytes: UnsafeRawBufferPointer) -> Int? {
    let digits = trim(ascii: bytes)
    if let number = DecimalDigits(digits), number.fractionDigits == 0, number.count <= 18 {
      // At most 18 digits: no overflow.
      let value = Int(number.value)
      return number.negative ? -value : value
    }
    return integer(String(decoding: bytes, as: UTF8.self))
  }

  /// The bytes without ASCII white space at either end: in ASCII text the only characters
  /// that are white space (`Character.isWhitespace`), "\r\n" included.
  static func trim(ascii bytes: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer {
    var start = 0
    var end = bytes.count
    while start < end, isSpace(bytes[start]) { start += 1 }
    while end > start, isSpace(bytes[end - 1]) { end -= 1 }
    return UnsafeRawBufferPointer(rebasing: bytes[start..<end])
  }

  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || (0x09...0x0D).contains(byte)
  }

  private static let powersOfTen: [Double] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
  ]

  /// `-?[0-9]+(\.[0-9]+)?` read as a whole number of digits and how many of them follow the
  /// point; nil for any other text, which the String readers take.
  private struct DecimalDigits {
    var negative = false
    var value: UInt64 = 0
    /// How many digits: past 19, `value` has wrapped, and the callers take fewer.
    var count = 0
    var fractionDigits = 0

    init?(_ bytes: UnsafeRawBufferPointer) {
      var index = 0
      if index < bytes.count, bytes[index] == UInt8(ascii: "-") {
        negative = true
        index += 1
      }
      guard readDigits(bytes, &index) > 0 else { return nil }
      if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
        index += 1
        fractionDigits = readDigits(bytes, &index)
        guard fractionDigits > 0 else { return nil }
      }
      guard index == bytes.count else { return nil }
    }

    /// Reads the digits from `index`; returns how many there were.
    private mutating func readDigits(_ bytes: UnsafeRawBufferPointer, _ index: inout Int) -> Int {
      let start = index
      while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
        value = value &* 10 &+ UInt64(bytes[index] &- UInt8(ascii: "0"))
        count += 1
        index += 1
      }
      return index - start
    }
  }
}
