import Foundation
import Synchronization
import Testing

@testable import MoviesCore

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The session delegate's rules, driven by calling its callbacks directly: no network. The
/// tasks are never resumed, so nothing is sent.
@Suite(.timeLimit(.minutes(1))) struct TransferDelegateTests {
  private let session = URLSession(configuration: .ephemeral)

  /// Every outcome a transfer reported; there must be exactly one.
  private final class Outcomes: Sendable {
    let list = Mutex<[TransferDelegate.Outcome]>([])
    var all: [TransferDelegate.Outcome] { list.withLock { $0 } }
  }

  /// A registered, never-resumed task, and a box that receives its one outcome.
  private func register(
    _ delegate: TransferDelegate, limits: TransferLimits
  ) throws -> (URLSessionDataTask, Outcomes) {
    let url = try #require(URL(string: "http://127.0.0.1:9/hoppin/movies"))
    let task = session.dataTask(with: url)
    let outcomes = Outcomes()
    delegate.register(task, limits: limits) { outcome in
      outcomes.list.withLock { $0.append(outcome) }
    }
    return (task, outcomes)
  }

  @Test func aBodyPastTheCapEndsTheTransferOnce() throws {
    let delegate = TransferDelegate()
    let (task, outcomes) = try register(
      delegate, limits: TransferLimits(maxBytes: 10, deadline: .seconds(60)))

    delegate.urlSession(session, dataTask: task, didReceive: Data(count: 6))
    #expect(outcomes.all.isEmpty)
    delegate.urlSession(session, dataTask: task, didReceive: Data(count: 6))
    delegate.urlSession(session, dataTask: task, didReceive: Data(count: 6))
    delegate.urlSession(session, task: task, didCompleteWithError: nil)

    let all = outcomes.all
    #expect(all.count == 1)
    guard case .failure(.tooLarge(let limit))? = all.first else {
      Issue.record("expected tooLarge, got \(all)")
      return
    }
    #expect(limit == 10)
  }

  @Test func aBodyUpToTheCapIsDeliveredWhole() throws {
    let delegate = TransferDelegate()
    let (task, outcomes) = try register(
      delegate, limits: TransferLimits(maxBytes: 10, deadline: .seconds(60)))

    delegate.urlSession(session, dataTask: task, didReceive: Data([1, 2, 3, 4]))
    delegate.urlSession(session, dataTask: task, didReceive: Data([5, 6, 7, 8, 9, 10]))
    delegate.urlSession(session, task: task, didCompleteWithError: nil)

    let all = outcomes.all
    guard case .success(let (body, _))? = all.first else {
      Issue.record("expected a body, got \(all)")
      return
    }
    #expect(body == Data(1...10))
  }

  @Test(arguments: ["file:///etc/passwd", "ftp://example.com/x", "gopher://example.com/"])
  func aRedirectToAnotherSchemeIsRefused(target: String) throws {
    let delegate = TransferDelegate()
    let (task, outcomes) = try register(
      delegate, limits: TransferLimits(maxBytes: 100, deadline: .seconds(60)))
    let original = try #require(task.originalRequest?.url)
    let response = try #require(
      HTTPURLResponse(
        url: original, statusCode: 302, httpVersion: "HTTP/1.1",
        headerFields: ["Location": target]))
    let redirect = try #require(URL(string: target))
    let followed = Mutex<[URLRequest?]>([])

    delegate.urlSession(
      session, task: task, willPerformHTTPRedirection: response,
      newRequest: URLRequest(url: redirect)
    ) { request in followed.withLock { $0.append(request) } }

    #expect(followed.withLock { $0.count == 1 && $0[0] == nil })
    guard case .failure(.redirectToOtherScheme(let address))? = outcomes.all.first
    else {
      Issue.record("expected redirectToOtherScheme")
      return
    }
    #expect(address == target)
  }

  @Test func theSixthRedirectIsRefused() throws {
    let delegate = TransferDelegate()
    let (task, outcomes) = try register(
      delegate, limits: TransferLimits(maxBytes: 100, deadline: .seconds(60), maxRedirects: 5))
    let next = try #require(URL(string: "http://127.0.0.1:9/elsewhere"))
    let response = try #require(
      HTTPURLResponse(url: next, statusCode: 302, httpVersion: "HTTP/1.1", headerFields: [:]))
    let followed = Mutex<[Bool]>([])

    for _ in 1...6 {
      delegate.urlSession(
        session, task: task, willPerformHTTPRedirection: response,
        newRequest: URLRequest(url: next)
      ) { request in followed.withLock { $0.append(request != nil) } }
    }

    #expect(followed.withLock { $0 } == [true, true, true, true, true, false])
    guard case .failure(.tooManyRedirects(let limit))? = outcomes.all.first else {
      Issue.record("expected tooManyRedirects")
      return
    }
    #expect(limit == 5)
  }

  @Test(.timeLimit(.minutes(1)))
  func theDeadlineEndsATransferThatNeverCompletes() async throws {
    let delegate = TransferDelegate()
    let (_, outcomes) = try register(
      delegate, limits: TransferLimits(maxBytes: 100, deadline: .milliseconds(50)))

    while outcomes.all.isEmpty { try await Task.sleep(for: .milliseconds(10)) }

    guard case .failure(.deadlineExceeded(let deadline))? = outcomes.all.first else {
      Issue.record("expected deadlineExceeded")
      return
    }
    #expect(deadline == .milliseconds(50))
  }
}
