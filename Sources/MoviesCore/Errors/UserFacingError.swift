/// An error that can explain itself to the user in one plain sentence, with a stable code.
///
/// Messages never name the program's flags: what the user can change about how the program
/// was started is the ``remedy``, and the program phrases it (``ErrorDescriber``).
public protocol UserFacingError: Error {
  /// What went wrong and, where a command helps, what to type.
  var message: String { get }
  var code: ErrorCode { get }
  /// A setting the user may change to get past the error; nil when none helps.
  var remedy: Remedy? { get }
}

extension UserFacingError {
  /// None, unless the error says otherwise.
  public var remedy: Remedy? { nil }
}

/// A setting of the session that the user can change, named without the program's flags.
public enum Remedy: Sendable, Hashable {
  /// The movie source's address may be wrong; what a right one is ("a Hoppin movies
  /// endpoint"), from the source's declaration.
  case sourceAddress(String)
  /// A longer timeout gives a slow server more time.
  case timeout
  /// The folder thumbnails are saved to.
  case downloadFolder
  /// The folder downloaded images are kept in.
  case cacheFolder
  /// Browsing a server instead of the offline catalogue.
  case onlineSource

  /// The advice without flag names, for programs that have none.
  public var plainAdvice: String {
    switch self {
    case .sourceAddress(let expected): "Check that the source's address is \(expected)."
    case .timeout: "A longer timeout gives a slow server more time."
    case .downloadFolder: "Check the folder, or save thumbnails to another one."
    case .cacheFolder: "Check the folder, or keep the image cache in another one."
    case .onlineSource: "A server can be browsed instead."
    }
  }
}

/// Turns any error into the sentence and code the user is shown; the program injects how a
/// ``Remedy`` is phrased, so both renderers say the same words.
public struct ErrorDescriber: Sendable {
  private let advice: @Sendable (Remedy) -> String

  /// A describer that phrases each remedy with `advice`.
  public init(advice: @escaping @Sendable (Remedy) -> String) {
    self.advice = advice
  }

  /// Advice without flag names.
  public static let plain = ErrorDescriber { $0.plainAdvice }

  /// The error's message followed by the advice for its remedy, with any `api_key` in an
  /// address it quotes taken out.
  public func message(for error: any Error) -> String {
    SecretRedaction.redact(unredactedMessage(for: error))
  }

  private func unredactedMessage(for error: any Error) -> String {
    guard let error = error as? any UserFacingError else {
      if error is CancellationError { return "Cancelled; nothing was changed." }
      return "Unexpected error: \(error). Please report it."
    }
    guard let remedy = error.remedy else { return error.message }
    return error.message + " " + advice(remedy)
  }

  /// The error's code: its own, `cancelled` for a cancellation, else `internal`.
  public func code(for error: any Error) -> ErrorCode {
    if let error = error as? any UserFacingError { return error.code }
    return error is CancellationError ? .cancelled : .internal
  }
}
