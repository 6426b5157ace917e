import Foundation

/// Takes a source's secrets out of text and bodies that come from outside: a server that
/// echoes the key back (in an error body, a title, a URL it quotes) must not get it printed.
///
/// Each secret is masked as it is, percent-encoded and JSON-escaped, the forms a server that
/// echoes a request writes it in; the value of any credential-named URL parameter
/// (``SecretRedaction``) goes too.
public struct SecretRedactor: Sendable, Hashable {
  /// What a masked secret reads as.
  public static let mask = "REDACTED"
  private let forms: [String]

  /// - Parameter secrets: the values to mask; empty ones are ignored.
  public init(secrets: [String]) {
    var forms = Set<String>()
    for secret in secrets where secret.count >= 4 {
      forms.insert(secret)
      if let encoded = secret.addingPercentEncoding(withAllowedCharacters: .alphanumerics) {
        forms.insert(encoded)
      }
      if let encoded = secret.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed) {
        forms.insert(encoded)
      }
      forms.insert(Self.jsonEscaped(secret, slash: true))
      forms.insert(Self.jsonEscaped(secret, slash: false))
    }
    // The longest first, so a form that holds another is masked whole.
    self.forms = forms.sorted { $0.count > $1.count }
  }

  /// No secrets: text passes through but for credential-named parameters.
  public static let none = SecretRedactor(secrets: [])

  /// True when it holds no secret.
  public var isEmpty: Bool { forms.isEmpty }

  /// The text with every form of every secret, and every credential parameter's value, masked.
  public func redact(_ text: String) -> String {
    var result = text
    for form in forms where result.contains(form) {
      result = result.replacingOccurrences(of: form, with: Self.mask)
    }
    return SecretRedaction.redact(result)
  }

  /// A body with every form of every secret masked, before anything parses it; the same
  /// bytes when it holds none (the common case costs one search a secret).
  public func redact(_ data: Data) -> Data {
    guard !forms.isEmpty else { return data }
    var result = data
    let mask = Data(Self.mask.utf8)
    for form in forms {
      let needle = Data(form.utf8)
      var start = result.startIndex
      while let found = result.range(of: needle, in: start..<result.endIndex) {
        result.replaceSubrange(found, with: mask)
        start = found.lowerBound + mask.count
      }
    }
    return result
  }

  /// The secret as a JSON string holds it: quotes and backslashes escaped, and the slash
  /// too where the writer escapes it (PHP's and Java's do, Python's does not).
  private static func jsonEscaped(_ text: String, slash: Bool) -> String {
    var escaped = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": escaped += "\\\""
      case "\\": escaped += "\\\\"
      case "/" where slash: escaped += "\\/"
      default:
        if scalar.value < 0x20 || scalar.value > 0x7E {
          escaped += String(format: "\\u%04x", scalar.value)
        } else {
          escaped.unicodeScalars.append(scalar)
        }
      }
    }
    return escaped
  }
}

/// Removes credentials from text that may hold a URL or a header: the value of every
/// credential-named parameter (`api_key=`, `apikey=`, `…-Token=`, `access_token=`,
/// `token=`), a bearer token and a MediaBrowser `Token="…"` become `REDACTED`, so an address
/// in a message or a log never carries the key, whatever the server calls it.
public enum SecretRedaction {
  /// The names, lowercased, each followed by `=` or `: ` in the text.
  static let names = [
    // `token=` and `token: ` end every `…-Token` parameter and header a server names.
    "api_key=", "apikey=", "api-key=", "access_token=", "token=", "token: ", "bearer ",
    "token=\"",
  ]
  private static let ends: Set<Character> = [
    "&", "#", " ", "\"", "'", "\n", "\t", ")", ">", ",", ";", "<",
  ]

  /// The text with every credential parameter's value masked, whatever the secret.
  public static func redact(_ text: String) -> String {
    let lower = text.lowercased()
    guard names.contains(where: { lower.contains($0) }) else { return text }
    var result = text
    for name in names {
      result = redact(result, after: name)
    }
    return result
  }

  private static func redact(_ text: String, after name: String) -> String {
    guard text.range(of: name, options: .caseInsensitive) != nil else { return text }
    var result = ""
    var rest = text[...]
    while let found = rest.range(of: name, options: .caseInsensitive) {
      let value = rest[found.upperBound...]
      let end = value.firstIndex { ends.contains($0) } ?? value.endIndex
      // A value already masked, or none, is left as it is.
      if value[..<end].isEmpty || value[..<end] == Substring(SecretRedactor.mask) {
        result += rest[..<end]
      } else {
        result += rest[..<found.upperBound] + SecretRedactor.mask
      }
      rest = value[end...]
    }
    return result + rest
  }
}
