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
/// `token=`), a `…-Token:` header's value, a bearer token and a MediaBrowser `Token="…"`
/// become `REDACTED`, so an address in a message or a log never carries the key, whatever the
/// server calls it.
///
/// Prose is not a credential: the program's own sentences say "needs a token: make an API
/// key" and "an Authorization: Bearer header". So a header's name counts only where a
/// header has it (`X-Emby-Token: ` after a hyphen or at a line's start, `Bearer ` after
/// `Authorization: ` or at a line's start), a bearer's value must not be a lowercase word, and
/// a placeholder (`…`, `...`, `(hidden)`) is left as it is.
public enum SecretRedaction {
  /// Where a name counts as a credential's.
  enum Position {
    /// Anywhere: a URL parameter (`api_key=`) or a header parameter (`Token="`).
    case anywhere
    /// After a hyphen or at a line's start: a header's name ends with it (`X-Emby-Token: `).
    case headerName
    /// After `Authorization: ` or at a line's start, and not before a lowercase word.
    case bearer
  }

  /// The names, lowercased, each followed by `=`, `: ` or a space in the text.
  static let names: [(name: String, position: Position)] = [
    ("api_key=", .anywhere), ("apikey=", .anywhere), ("api-key=", .anywhere),
    ("access_token=", .anywhere), ("token=", .anywhere), ("token=\"", .anywhere),
    // `token: ` ends every `…-Token` header a server names.
    ("token: ", .headerName), ("bearer ", .bearer),
  ]
  private static let ends: Set<Character> = [
    "&", "#", " ", "\"", "'", "\n", "\t", ")", ">", ",", ";", "<",
  ]
  /// What may stand before a header's name where it starts a line or a quoted value.
  private static let lineStarts: Set<Character> = ["\n", "\r", "\"", "'", "{", "["]

  /// The text with every credential parameter's value masked, whatever the secret.
  public static func redact(_ text: String) -> String {
    let lower = text.lowercased()
    guard names.contains(where: { lower.contains($0.name) }) else { return text }
    var result = text
    for (name, position) in names {
      result = redact(result, after: name, position: position)
    }
    return result
  }

  private static func redact(_ text: String, after name: String, position: Position) -> String {
    guard text.range(of: name, options: .caseInsensitive) != nil else { return text }
    var result = ""
    var rest = text[...]
    while let found = rest.range(of: name, options: .caseInsensitive) {
      let value = rest[found.upperBound...]
      let end = value.firstIndex { ends.contains($0) } ?? value.endIndex
      if isCredential(value[..<end], named: found, in: text, position: position) {
        result += rest[..<found.upperBound] + SecretRedactor.mask
      } else {
        result += rest[..<end]
      }
      rest = value[end...]
    }
    return result + rest
  }

  /// Whether the value after a name found in `text` is a credential to mask.
  private static func isCredential(
    _ value: Substring, named name: Range<String.Index>, in text: String, position: Position
  ) -> Bool {
    // None, one already masked, or a placeholder: `…`, `...`, `(hidden)`.
    if value.isEmpty || value == Substring(SecretRedactor.mask) || value.hasPrefix("(")
      || !value.contains(where: { $0.isLetter || $0.isNumber })
    {
      return false
    }
    let before = text[..<name.lowerBound]
    let atLineStart = before.last.map { lineStarts.contains($0) } ?? true
    switch position {
    case .anywhere:
      return true
    case .headerName:
      return atLineStart || before.last == "-"
    case .bearer:
      let afterHeader = before.lowercased().hasSuffix("authorization: ")
      let isWord = value.allSatisfy { ("a"..."z").contains($0) }
      return (atLineStart || afterHeader) && !isWord
    }
  }
}
