import Foundation

/// Reads an HTTP `Retry-After` header: a number of seconds, or an HTTP date.
public enum RetryAfter {
  /// The wait the header asks for; nil when it is missing or unreadable. A date in the past is
  /// a wait of zero.
  public static func wait(_ value: String?, now: Date = Date()) -> Duration? {
    guard let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty else {
      return nil
    }
    if let seconds = Int(value) {
      return seconds >= 0 ? .seconds(seconds) : nil
    }
    guard let date = httpDate(value) else { return nil }
    let seconds = date.timeIntervalSince(now)
    return seconds > 0
      ? .milliseconds(Int(rounding: (seconds * 1000).rounded(.up), within: 0...Int.max)) : .zero
  }

  /// RFC 9110 allows three date forms; servers send the first, old ones the others.
  private static let dateFormats = [
    "EEE, dd MMM yyyy HH:mm:ss zzz", "EEEE, dd-MMM-yy HH:mm:ss zzz", "EEE MMM d HH:mm:ss yyyy",
  ]

  static func httpDate(_ text: String) -> Date? {
    // DateFormatter is not Sendable, so one is made per call; Retry-After is rare.
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "GMT")
    for format in dateFormats {
      formatter.dateFormat = format
      if let date = formatter.date(from: text) { return date }
    }
    return nil
  }
}
