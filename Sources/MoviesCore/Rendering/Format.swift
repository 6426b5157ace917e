/// Number and date formats that do not depend on the machine's locale.
public enum Format {
  /// `58788` → `58,788`.
  public static func grouped(_ value: Int) -> String {
    let digits = String(value.magnitude)
    var result = ""
    for (index, digit) in digits.enumerated() {
      if index > 0 && (digits.count - index) % 3 == 0 { result.append(",") }
      result.append(digit)
    }
    return value < 0 ? "-" + result : result
  }

  /// A rating with one decimal, or two when the server sent two: `8.4`, `8.95`.
  public static func rating(_ value: Double) -> String {
    // Server data: a rating far out of range is shown as it is rather than overflowing Int.
    guard value.magnitude < 1e12 else { return String(value) }
    let hundredths = Int((value.magnitude * 100).rounded())
    let negative = value < 0 && hundredths > 0
    // A table renders one a row: written in place, as a small string, which is three times
    // quicker than interpolating (issue 41).
    if hundredths < 100_000_000_000 { return smallRating(hundredths, negative: negative) }
    let sign = negative ? "-" : ""
    let whole = hundredths / 100
    let fraction = hundredths % 100
    if fraction % 10 == 0 { return "\(sign)\(whole).\(fraction / 10)" }
    return "\(sign)\(whole)." + (fraction < 10 ? "0" : "") + "\(fraction)"
  }

  /// ``rating(_:)`` of at most 11 digits of hundredths: 13 bytes at most, which a string
  /// holds without a buffer of its own (a capacity past 15 bytes allocates one, so larger
  /// ratings, which no table has, are interpolated). Written from the end (the hundredths unless zero, the
  /// tenths, the point, the whole part, the sign), then moved to the front.
  private static func smallRating(_ hundredths: Int, negative: Bool) -> String {
    String(unsafeUninitializedCapacity: 15) { buffer in
      var start = buffer.count
      func put(_ byte: UInt8) {
        start -= 1
        buffer[start] = byte
      }
      let tenths = hundredths % 10 == 0
      var rest = tenths ? hundredths / 10 : hundredths
      var decimals = tenths ? 1 : 2
      repeat {
        put(UInt8(ascii: "0") + UInt8(rest % 10))
        rest /= 10
        decimals -= 1
        if decimals == 0 { put(UInt8(ascii: ".")) }
      } while rest > 0 || decimals >= 0
      if negative { put(UInt8(ascii: "-")) }
      let count = buffer.count - start
      for index in 0..<count { buffer[index] = buffer[start + index] }
      return count
    }
  }

  /// `20110520` → `2011-05-20`; other forms (a year, an ISO date) as they are.
  public static func releaseDate(_ text: String) -> String {
    // A year or an ISO date, most dates, is let go at the first question.
    guard text.utf8.count == 8, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else {
      return text
    }
    return "\(text.prefix(4))-\(text.dropFirst(4).prefix(2))-\(text.suffix(2))"
  }

  /// `880 bytes`, `1.4 KB`, `2.3 MB`.
  public static func byteCount(_ count: Int) -> String {
    if count < 1_000 { return count == 1 ? "1 byte" : "\(count) bytes" }
    let units = ["KB", "MB", "GB"]
    var tenths = Int((Double(count) / 100).rounded())
    var unit = 0
    // Round before choosing the unit, so 999,999 bytes read 1.0 MB, not 1000.0 KB.
    while tenths >= 10_000 && unit < units.count - 1 {
      tenths = Int((Double(tenths) / 1_000).rounded())
      unit += 1
    }
    return "\(tenths / 10).\(tenths % 10) \(units[unit])"
  }

  /// `0.4 ms`, `12 ms`, `1.3 s`.
  public static func duration(_ duration: Duration) -> String {
    // A server's Retry-After may ask for Int.max seconds: held at 10^12 s (31,000 years), so
    // the microseconds do not overflow.
    let seconds = Int(min(max(duration.components.seconds, -1_000_000_000_000), 1_000_000_000_000))
    let microseconds =
      seconds * 1_000_000 + Int(duration.components.attoseconds / 1_000_000_000_000)
    // Loopback and cache hits take well under a millisecond; "0 ms" would hide what they took.
    if microseconds == 0 { return "0 ms" }
    if microseconds < 950 { return "0.\(max(1, (microseconds + 50) / 100)) ms" }
    let milliseconds = max(1, microseconds / 1_000)
    if milliseconds < 1_000 { return "\(milliseconds) ms" }
    return "\(milliseconds / 1_000).\(milliseconds % 1_000 / 100) s"
  }
}
