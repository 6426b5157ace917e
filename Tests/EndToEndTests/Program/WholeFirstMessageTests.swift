import Foundation
import MovieSources
import MoviesCore
import TestSupport
import Testing

@testable import movies

/// The first message a Jellyfin or Plex user reads without a token is whole: the secret
/// masking leaves the program's own sentences alone (it took `token: set` for a credential
/// and hid the verb). In script mode and in tmux at 100, 80, 60 and 40 columns; and every
/// sentence the program starts with, or documents a secret with, goes through it unchanged.
@Suite(.timeLimit(.minutes(2))) struct WholeFirstMessageTests {
  static let sources: [(arguments: [String], sentence: String)] = [
    (
      ["--source", "plex", "--api", "http://127.0.0.1:9"],
      "a Plex library needs the server's token: set PLEX_TOKEN, or plex-token in the config file"
    ),
    (
      ["--source", "jellyfin", "--api", "http://127.0.0.1:9"],
      "a Jellyfin library needs a token: make an API key in the server's dashboard "
        + "(Administration, API Keys) and set JELLYFIN_TOKEN"
    ),
  ]
  static let noSecrets = ["PLEX_TOKEN": "", "JELLYFIN_TOKEN": ""]

  /// The words of a message a terminal's width broke into lines, one space between each.
  private static func words(_ text: String) -> String {
    text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }

  @Test func scriptModeSaysTheWholeSentence() async throws {
    for (arguments, sentence) in Self.sources {
      let run = try await MoviesRun.run(arguments, environment: Self.noSecrets)
      #expect(run.status == 2, "a usage error: \(run.stderr)")
      #expect(run.stderr.contains(sentence), "\(run.stderr)")
      #expect(!run.stderr.contains("REDACTED"), "\(run.stderr)")
    }
  }

  @Test(arguments: [100, 80, 60, 40])
  func aTerminalSaysTheWholeSentence(width: Int) async throws {
    for (arguments, sentence) in Self.sources {
      let session = try TmuxSession(
        arguments: arguments, environment: Self.noSecrets, width: width, height: 30,
        inShell: true)
      defer { session.stop() }
      try await session.waitFor("$")
      try session.type(session.commandLine + "; echo status=$?\r")
      let screen = try await session.waitFor("status=2")
      #expect(Self.words(screen).contains(sentence), "\(screen)")
      #expect(!screen.contains("REDACTED"), "\(screen)")
    }
  }

  @Test func everyStartupSentenceAndSecretDocGoesThroughTheMaskingWhole() {
    var sentences: [String] = []
    for definition in SourceDefinition.all {
      sentences.append(Reporter.describer.message(for: StartupError.needsSecret(definition)))
      sentences.append(Reporter.describer.message(for: StartupError.needsAddress(definition)))
      for secret in definition.secrets { sentences += [secret.help, secret.sentAs] }
      sentences.append(definition.summary)
    }
    let unredacted = SourceDefinition.all.flatMap { definition in
      [StartupError.needsSecret(definition).message, StartupError.needsAddress(definition).message]
        + definition.secrets.flatMap { [$0.help, $0.sentAs] } + [definition.summary]
    }
    #expect(sentences.count == unredacted.count && sentences.count > 10)
    for (masked, sentence) in zip(sentences, unredacted) {
      #expect(SecretRedaction.redact(sentence) == sentence)
      #expect(masked == sentence)
    }
    let others: [StartupError] = [
      .unusableSecret(origin: "PLEX_TOKEN"), .noCatalogue,
      .resumeConflict(saved: "plex at http://a", named: "jellyfin at http://b"),
      .downloadFolderInCache(downloads: "/c/d", entries: "/c"),
    ]
    for error in others {
      #expect(SecretRedaction.redact(error.message) == error.message, "\(error.message)")
    }
    for setting in Setting.all {
      #expect(SecretRedaction.redact(setting.help) == setting.help, "\(setting.help)")
    }
  }
}
