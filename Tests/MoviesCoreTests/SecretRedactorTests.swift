import Foundation
import Testing

@testable import MoviesCore

/// A secret a server echoes back is masked in every form it is likely to come back in.
@Suite(.timeLimit(.minutes(1))) struct SecretRedactorTests {
  static let secret = "k3y/with+odd\"chars"
  let redactor = SecretRedactor(secrets: [Self.secret])

  @Test func theRawPercentAndJSONFormsAreMasked() throws {
    let percent = try #require(
      Self.secret.addingPercentEncoding(withAllowedCharacters: .alphanumerics))
    let json = #"k3y\/with+odd\"chars"#
    for text in [Self.secret, "x=\(percent)&y", "{\"key\": \"\(json)\"}", "q \(Self.secret) q"] {
      let masked = redactor.redact(text)
      #expect(!masked.contains("k3y"), "\(masked)")
      #expect(masked.contains(SecretRedactor.mask), "\(masked)")
    }
  }

  @Test func aBodyIsMaskedBeforeAnyoneParsesIt() {
    let body = Data(#"{"title": "The k3y/with+odd\"chars Affair"}"#.utf8)
    let masked = String(decoding: redactor.redact(body), as: UTF8.self)
    #expect(masked == #"{"title": "The REDACTED Affair"}"#)
    #expect(SecretRedactor.none.redact(body) == body)
  }

  @Test(arguments: [
    ("see http://h/3/discover/movie?page=2&api_key=s3cret&x=1 now", "api_key=REDACTED&x=1"),
    ("a?apikey=abc", "apikey=REDACTED"), ("u?X-Plex-Token=abc#f", "X-Plex-Token=REDACTED#f"),
    ("Authorization: Bearer abc.def", "Bearer REDACTED"),
    (#"MediaBrowser Client="movies", Token="abc""#, #"Token="REDACTED""#),
  ])
  func credentialNamedValuesAreMaskedWhateverTheSecret(text: String, expected: String) {
    let masked = SecretRedaction.redact(text)
    #expect(masked.contains(expected), "\(masked)")
    #expect(!masked.contains("abc"), "\(masked)")
  }

  @Test func textWithoutSecretsIsLeftAsItIs() {
    #expect(redactor.redact("no key here") == "no key here")
    #expect(SecretRedaction.redact("api_key=REDACTED") == "api_key=REDACTED")
  }
}
