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
    let hundredths = Int((value * 100).rounded())
    let whole = hundredths / 100
    let fraction = abs(hundredths % 100)
    if fraction % 10 == 0 { return "\(whole).\(fraction / 10)" }
    return "\(whole)." + (fraction < 10 ? "0" : "") + "\(fraction)"
  }

  /// `20110520` → `2011-05-20`; other forms (a year, an ISO date) as they are.
  public static func releaseDate(_ text: String) -> String {
    guard text.count == 8, text.allSatisfy(\.isASCII), Int(text) != nil else { return text }
    let characters = Array(text)
    return String(characters[0..<4]) + "-" + String(characters[4..<6]) + "-"
      + String(characters[6..<8])
  }

  /// `880 bytes`, `1.4 KB`, `2.3 MB`.
  public static func byteCount(_ count: Int) -> String {
    if count < 1_000 { return count == 1 ? "1 byte" : "\(count) bytes" }
    let units = ["KB", "MB", "GB"]
    var value = Double(count) / 1_000
    var unit = 0
    while value >= 1_000 && unit < units.count - 1 {
      value /= 1_000
      unit += 1
    }
    let tenths = Int((value * 10).rounded())
    return "\(tenths / 10).\(tenths % 10) \(units[unit])"
  }

  /// `12 ms`, `1.3 s`.
  public static func duration(_ duration: Duration) -> String {
    let milliseconds = Int(
      duration.components.seconds * 1_000 + duration.components.attoseconds / 1_000_000_000_000_000
    )
    if milliseconds < 1_000 { return "\(milliseconds) ms" }
    return "\(milliseconds / 1_000).\(milliseconds % 1_000 / 100) s"
  }
}
