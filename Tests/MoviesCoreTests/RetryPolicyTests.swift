import Foundation
import Testing

@testable import MovieSources
@testable import MoviesCore

/// Backoff, jitter, `Retry-After`, and which failures count as transient.
@Suite(.timeLimit(.minutes(1))) struct RetryPolicyTests {
  @Test func waitsDoubleFromHalfASecond() {
    let policy = RetryPolicy(jitter: { 1 })
    #expect(policy.delay(afterAttempt: 1, retryAfter: nil) == .milliseconds(500))
    #expect(policy.delay(afterAttempt: 2, retryAfter: nil) == .seconds(1))
    #expect(policy.delay(afterAttempt: 3, retryAfter: nil) == .seconds(2))
  }

  @Test(arguments: [0.8, 1.2])
  func jitterScalesEachWait(factor: Double) {
    let policy = RetryPolicy(jitter: { factor })
    #expect(policy.delay(afterAttempt: 2, retryAfter: nil) == .seconds(1) * factor)
  }

  @Test func theDefaultJitterStaysWithinAFifth() {
    let policy = RetryPolicy()
    for _ in 0..<100 {
      let wait = policy.delay(afterAttempt: 1, retryAfter: nil)
      #expect(wait >= .milliseconds(400) && wait <= .milliseconds(600))
    }
  }

  @Test(arguments: [(3, 3), (0, 0), (25, 10)] as [(Int, Int)])
  func retryAfterReplacesTheWaitUpToTenSeconds(asked: Int, waited: Int) {
    let policy = RetryPolicy(jitter: { 1 })
    #expect(policy.delay(afterAttempt: 1, retryAfter: .seconds(asked)) == .seconds(waited))
  }

  @Test func negativeRetriesMeanNone() {
    #expect(RetryPolicy(retries: -3).retries == 0)
    #expect(RetryPolicy().retries == 2)
  }

  @Test(arguments: [("5", 5_000), (" 12 ", 12_000), ("0", 0)] as [(String, Int)])
  func retryAfterInSeconds(header: String, milliseconds: Int) {
    #expect(RetryAfter.wait(header) == .milliseconds(milliseconds))
  }

  @Test(arguments: [
    "Sun, 06 Nov 1994 08:49:37 GMT", "Sunday, 06-Nov-94 08:49:37 GMT", "Sun Nov  6 08:49:37 1994",
  ])
  func retryAfterAsAnHTTPDate(header: String) throws {
    // The three forms RFC 9110 allows all name 1994-11-06 08:49:37 UTC; "now" is 7 s before.
    let now = Date(timeIntervalSince1970: 784_111_777 - 7)
    #expect(RetryAfter.wait(header, now: now) == .seconds(7))
  }

  @Test func aDateInThePastMeansNoWait() {
    let now = Date(timeIntervalSince1970: 784_111_777 + 60)
    #expect(RetryAfter.wait("Sun, 06 Nov 1994 08:49:37 GMT", now: now) == .zero)
  }

  @Test(arguments: [nil, "", "soon", "-5", "Sun, 99 Nov 1994"] as [String?])
  func unreadableRetryAfterIsIgnored(header: String?) {
    #expect(RetryAfter.wait(header) == nil)
  }

  @Test(arguments: [408, 429, 500, 502, 503, 504])
  func transientStatuses(code: Int) {
    #expect(SourceHTTP.Failure.hoppin(.status(code, reason: nil), .page(2)).isTransient)
  }

  @Test(arguments: [400, 401, 403, 404, 410, 501])
  func statusesThatAreNotRetried(code: Int) {
    #expect(!SourceHTTP.Failure.hoppin(.status(code, reason: nil), .page(2)).isTransient)
  }

  @Test func transientTransferFailures() {
    let transient: [TransferFailure] = [
      .connectionRefused, .connectionLost, .deadlineExceeded(.seconds(1)), .hostNotFound,
      .cutShort,
    ]
    for failure in transient {
      #expect(failure.isTransient, "\(failure)")
    }
    let final: [TransferFailure] = [
      .tooLarge(limit: 10), .headersTooLarge(limit: 10), .tooManyRedirects(limit: 5),
      .redirectToOtherScheme("file:///etc/passwd"), .undecodable, .insecure("certificate"),
      .failed("URL using bad/illegal format"),
    ]
    for failure in final {
      #expect(!failure.isTransient, "\(failure)")
    }
  }

  @Test func aGiveUpMessageNamesThePageTheAttemptsAndWhatToDo() {
    let message = SourceHTTP.Failure.hoppin(.status(503, reason: nil), .page(4), attempts: 3)
      .message
    #expect(message.contains("page 4"))
    #expect(message.contains("HTTP 503"))
    #expect(message.contains("3 attempts"))
    #expect(message.contains("'more'"))
  }
}
