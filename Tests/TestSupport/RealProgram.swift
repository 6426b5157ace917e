import Foundation
import Testing

extension Tag {
  /// The test starts Xvfb and xterm (`XtermSession`).
  @Tag public static var xServer: Self
  /// The test runs the real mpv (most use `StandInPlayer`, which needs none).
  @Tag public static var mpv: Self
  /// The test runs the real fzf (most use `StandInPicker`, which needs none).
  @Tag public static var fzf: Self
}

/// The programs some end-to-end tests run that a newcomer's machine may lack, and that
/// `scripts/test --quick` goes without. A test that needs one carries its tag, on itself or on
/// its suite; `scripts/test-needs` reads the tags from the source to build the quick run's
/// `--skip`; and ``require(_:sourceLocation:)`` fails a test that reaches the program without
/// the tag, so the split cannot drift.
public enum RealProgram: String, Sendable, CaseIterable {
  case xServer = "Xvfb"
  case mpv
  case fzf

  /// The tag a test that runs the program carries.
  public var tag: Tag {
    switch self {
    case .xServer: .xServer
    case .mpv: .mpv
    case .fzf: .fzf
    }
  }

  /// The program's path, if it is installed.
  public var path: String? {
    ["/usr/bin", "/usr/local/bin", "/bin"].map { "\($0)/\(rawValue)" }
      .first { FileManager.default.isExecutableFile(atPath: $0) }
  }

  /// Whether the program is installed.
  public var isInstalled: Bool { path != nil }

  /// What to tell `test` if it runs the program without the program's tag; nil when it has it
  /// (on itself or its suite) or runs outside a test.
  public func untagged(_ test: Test?) -> String? {
    guard let test, !test.tags.contains(tag) else { return nil }
    return "\(test.name) runs the real \(rawValue): tag it .tags(\(tag)) (on the test or its "
      + "suite) so that scripts/test --quick leaves it out"
  }

  /// The program's path, for a test that carries its tag: an issue is recorded when the test
  /// lacks the tag (the quick run would not have left it out) or the program is missing.
  @discardableResult
  public func require(sourceLocation: SourceLocation = #_sourceLocation) -> String? {
    if let untagged = untagged(Test.current) {
      Issue.record(Comment(rawValue: untagged), sourceLocation: sourceLocation)
    }
    guard let path else {
      Issue.record(
        "\(rawValue) is not installed: scripts/install-deps installs it",
        sourceLocation: sourceLocation)
      return nil
    }
    return path
  }
}
