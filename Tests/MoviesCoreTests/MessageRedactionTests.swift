import Foundation
import Testing

@testable import MovieSources
@testable import MoviesCore

/// The secret masking takes credentials out of what servers send back, and nothing out of
/// the program's own sentences: every core message goes through it unchanged, while a
/// credential in a header or an address is still masked.
@Suite(.timeLimit(.minutes(1))) struct MessageRedactionTests {
  @Test func everyCoreMessageGoesThroughTheMaskingWhole() {
    #expect(UserFacingErrorTests.everyError.count > 80)
    for error in UserFacingErrorTests.everyError {
      #expect(SecretRedaction.redact(error.message) == error.message)
      let described = ErrorDescriber.plain.message(for: error)
      #expect(!described.contains(SecretRedactor.mask), "\(described)")
    }
    for remedy in [Remedy.timeout, .downloadFolder, .cacheFolder, .onlineSource] {
      #expect(SecretRedaction.redact(remedy.plainAdvice) == remedy.plainAdvice)
    }
  }

  @Test(arguments: [
    "a Plex library needs the server's token: set PLEX_TOKEN, or plex-token in the config file.",
    "a Jellyfin library needs a token: make an API key in the server's dashboard.",
    "sent as an Authorization: Bearer header", "a bearer token", "Token=\"…\" header",
    "TMDB_API_KEY=... movies --source tmdb", "X-Plex-Token: (hidden), X-Plex-Product: movies",
    "MediaBrowser Client=\"movies\", Token=(hidden)", "the token: TOKEN_NAME is read first",
  ])
  func proseIsNotACredential(sentence: String) {
    #expect(SecretRedaction.redact(sentence) == sentence)
  }

  @Test(arguments: [
    ("X-Plex-Token: s3cr3t", "X-Plex-Token: REDACTED"),
    ("GET /x\nToken: s3cr3t\n", "Token: REDACTED"),
    ("{\"Token: s3cr3t\"}", "Token: REDACTED"),
    ("Authorization: Bearer eyJhbGc.eyJzdWI", "Bearer REDACTED"),
    ("\nBearer Zm9vYmFy\n", "Bearer REDACTED"),
    ("?token=word&x=1", "token=REDACTED&x=1"),
  ])
  func headersStillLoseTheirCredential(text: String, expected: String) {
    #expect(SecretRedaction.redact(text).contains(expected), "\(SecretRedaction.redact(text))")
  }
}
