import Foundation
import MoviesCore

extension SourceHTTP {
  /// Why a remote source's request gave no body, worded the same for every source: what was
  /// being loaded, from whom, what happened, after how many attempts, and what to type.
  public struct Failure: SourceFailure, Hashable {
    /// What happened.
    public enum Cause: Sendable, Hashable {
      /// The request failed on its last attempt (no connection, a timeout, a cap).
      case transfer(TransferFailure)
      /// Another status than 2xx; `reason` is what its body says, escaped and redacted.
      case status(Int, reason: String?)
      /// The credential was refused (401, or 403 where the server means the token).
      case refused(Int, reason: String?)
      /// A transient status whose `Retry-After` asks for a longer wait than the policy allows.
      case asksToWait(Int, Duration)
    }

    /// What happened.
    public var cause: Cause
    /// What was being loaded.
    public var target: LoadTarget
    /// How many attempts were made.
    public var attempts: Int
    /// The server, as the subject of a sentence.
    public var server: String
    /// The source's sentence for a refused credential.
    var refusal: String?
    /// What a right address is.
    var address: String
    /// Whether the server had answered a page before: then a lasting failure is not a wrong
    /// address.
    var afterAnswers: Bool

    /// - Parameter afterAnswers: whether the server had answered a page before.
    init(
      _ cause: Cause, _ target: LoadTarget, attempts: Int = 1, from server: Server,
      afterAnswers: Bool = false
    ) {
      self.cause = cause
      self.target = target
      self.attempts = attempts
      self.server = server.name
      self.address = server.address
      self.afterAnswers = afterAnswers
      if case .refused(let status, let reason) = cause {
        refusal = server.refusal(status, target, reason)
      }
    }

    /// HTTP statuses worth another try, from any server: a timeout, too many requests (a
    /// 429's `Retry-After` says how long to wait), a server in trouble.
    public static let transientStatuses: Set<Int> = [408, 429, 500, 502, 503, 504]

    var isTransient: Bool {
      switch cause {
      case .transfer(let failure): failure.isTransient
      case .status(let code, _): Self.transientStatuses.contains(code)
      case .refused, .asksToWait: false
      }
    }

    /// Whether `skip` can pass it, asking again may work, or neither.
    public var kind: SourceFailureKind { isTransient ? .transient : .lasting }

    /// The code `--json` reports it with.
    public var code: ErrorCode {
      if case .refused = cause { return .source }
      return target.kind == .poster ? .thumbnail : .source
    }

    /// A wrong address answers 404 or refuses to connect before any page came; a slow server,
    /// given more time, may answer.
    public var remedy: Remedy? {
      switch cause {
      case .transfer(.deadlineExceeded): return .timeout
      case .status(let code, _):
        guard case .page = target.kind, !afterAnswers, !Self.transientStatuses.contains(code)
        else { return nil }
        return .sourceAddress(address)
      case .transfer, .refused, .asksToWait: return nil
      }
    }

    /// What went wrong and, where a command helps, what to type.
    public var message: String { message(retrying: "more") }

    /// The message, advising `command` to try again where trying again may work.
    public func message(retrying command: String) -> String {
      let retry = target.retryAdvice(command)
      switch cause {
      case .transfer(let failure):
        // "the server" is who the explanation already names.
        let from = server == "the server" ? "" : " from \(server)"
        return "Could not load \(target.name)\(from): \(failure.explanation)"
          + "\(Self.tries(attempts)). " + Self.advice(for: failure, retry)
      case .status(let code, let reason):
        let advice =
          Self.transientStatuses.contains(code)
          ? " " + retry : target.missingAdvice.map { " " + $0 } ?? ""
        return "Could not load \(target.name): \(server) answered HTTP \(code)"
          + Self.quoted(reason) + "\(Self.tries(attempts))." + advice
      case .refused(let code, let reason):
        return refusal ?? "\(server) refused the credential (HTTP \(code))\(Self.quoted(reason))."
      case .asksToWait(let code, let wait):
        return "Could not load \(target.name): \(server) answered HTTP \(code) and asked to wait "
          + "\(Format.duration(wait)) before trying again, longer than movies waits. "
          + "Try again later."
      }
    }

    /// What an error answer's body says: the `status_message`, `error` or `message` string
    /// of a JSON object, else the start of its text; nil for an empty body. Escaped, tags
    /// dropped, at most 100 characters.
    static func reason(in data: Data) -> String? {
      let object = try? JSONSerialization.jsonObject(with: data.prefix(65_536)) as? [String: Any]
      let stated = ["status_message", "error", "message", "Message"].lazy.compactMap {
        object?[$0] as? String
      }.first
      guard let stated else {
        let excerpt = excerpt(of: data)
        return excerpt.isEmpty ? nil : excerpt
      }
      let collapsed = stated.split(whereSeparator: \.isWhitespace).joined(separator: " ")
      let cut = collapsed.count > 100 ? String(collapsed.prefix(99)) + "…" : collapsed
      return cut.isEmpty ? nil : TerminalText.escape(cut)
    }

    /// The start of an answer that was not what was asked for, for quoting: tags dropped (an
    /// HTML error page's words say what happened), spaces collapsed, at most 60 characters,
    /// control characters escaped.
    public static func excerpt(of data: Data) -> String {
      let text = String(decoding: data.prefix(4_096), as: UTF8.self)
      var words = ""
      var inTag = false
      for character in text {
        switch character {
        case "<": inTag = true
        case ">" where inTag:
          inTag = false
          words += " "
        default: if !inTag { words.append(character) }
        }
      }
      let collapsed = words.split(whereSeparator: \.isWhitespace).joined(separator: " ")
      let cut = collapsed.count > 60 ? String(collapsed.prefix(59)) + "…" : collapsed
      return TerminalText.escape(cut)
    }

    private static func quoted(_ reason: String?) -> String {
      reason.map { " (\"\($0)\")" } ?? ""
    }

    private static func tries(_ attempts: Int) -> String {
      attempts > 1 ? ", after \(attempts) attempts" : ""
    }

    private static func advice(for failure: TransferFailure, _ retryAdvice: String) -> String {
      switch failure {
      case .tooLarge, .headersTooLarge, .tooManyRedirects, .redirectToOtherScheme, .undecodable:
        "The server's answer was refused; nothing was kept."
      case .deadlineExceeded:
        retryAdvice
      case .connectionRefused, .hostNotFound, .connectionLost, .cutShort, .insecure, .failed:
        "Check the server; " + retryAdvice.prefix(1).lowercased() + retryAdvice.dropFirst()
      }
    }
  }
}
