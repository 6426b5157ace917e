import MoviesCore

extension SourceHTTP {
  /// An answer that came but cannot be used, worded the same for every source: not what the
  /// server sends, an order its list does not have, a poster address that leads off it.
  public struct Unusable: SourceFailure, Hashable {
    /// What is wrong with the answer.
    public enum Problem: Sendable, Hashable {
      /// Not what the server sends; the parser's explanation, as the middle of a sentence.
      case unreadable(String)
      /// The list has no such order; `known` are the ones it has, as the prompt names them.
      case unknownOrder(String, known: [String])
      /// A poster address off the server (already escaped): not loaded, since the credential
      /// goes with every request.
      case foreignAddress(String)
    }

    /// What is wrong.
    public var problem: Problem
    /// What was being loaded.
    public var target: LoadTarget
    /// The server, as the subject of a sentence.
    public var server: String
    /// What a right address is.
    var address: String

    /// An answer that is not a page may be skipped; the rest will not pass by asking again.
    public var kind: SourceFailureKind {
      if case .unreadable = problem, case .page = target.kind { return .unreadablePage }
      return .lasting
    }

    /// A wrong order is the user's to fix; a foreign poster is the poster's failure.
    public var code: ErrorCode {
      switch problem {
      case .unknownOrder: .usage
      case .foreignAddress: .thumbnail
      case .unreadable: .source
      }
    }

    /// An unreadable page, or an unreadable answer about the server itself, suggests the
    /// address names another kind of server.
    public var remedy: Remedy? {
      guard case .unreadable = problem else { return nil }
      switch target.kind {
      case .page, .server: return .sourceAddress(address)
      case .poster, .details, .other: return nil
      }
    }

    /// The message, advising `more` for a page.
    public var message: String { message(retrying: "more") }

    /// The message; an unreadable page advises `skip`, whatever the command was.
    public func message(retrying command: String) -> String {
      switch problem {
      case .unreadable(let explanation):
        if case .page = target.kind {
          return "Could not read \(target.name) from \(server): \(explanation). "
            + "Type 'skip' to move past it."
        }
        return "Could not read \(target.name) from \(server): \(explanation)."
      case .unknownOrder(let order, let known):
        return "\(server.prefix(1).uppercased() + server.dropFirst()) has no order "
          + "'\(CommandUsage.excerpt(order))'; it has " + known.joined(separator: ", ") + "."
      case .foreignAddress(let address):
        return "The poster address \(address) leads off \(server), so it was not loaded."
      }
    }
  }

  /// The failure of an answer from this server that cannot be used.
  public func unusable(_ problem: Unusable.Problem, _ target: LoadTarget) -> Unusable {
    Unusable(problem: problem, target: target, server: server.name, address: server.address)
  }
}
