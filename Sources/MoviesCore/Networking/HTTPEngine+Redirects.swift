import Foundation

extension HTTPEngine {
  /// The statuses whose `Location` a GET follows.
  static let redirectStatuses: Set<Int> = [301, 302, 303, 307, 308]

  /// The request headers that go on to another origin: none that could hold a credential.
  /// libcurl drops only `Authorization` and `Cookie` there, and would send a server's own token
  /// header (`X-Emby-Token`, say) or any other header on, so the engine follows redirects itself.
  static let headersForAnyOrigin: Set<String> = ["accept", "accept-language"]

  /// `headers` as sent to `address` on the way from `first`: all of them on `first`'s own
  /// scheme, host and port; elsewhere only ``headersForAnyOrigin``.
  static func headers(_ headers: [String], from first: URL, to address: URL) -> [String] {
    guard address.origin != first.origin else { return headers }
    return headers.filter { header in
      let name = header.prefix { $0 != ":" }.trimmingCharacters(in: .whitespaces).lowercased()
      return headersForAnyOrigin.contains(name)
    }
  }

  /// Loads `url`, following a GET's redirects one by one within `limits` (the deadline is
  /// for them all), each to http or https only, with the credential headers only on the
  /// first address's origin. A POST's redirect, or any with `maxRedirects` 0, is not
  /// followed: the answer is the redirect, which a caller counts as not delivered, so the
  /// body (or a report's query) never reaches another server.
  func following(
    _ url: URL, limits: TransferLimits, headers: [String], post: Data?, method: String? = nil
  ) async throws -> Response {
    let deadline = ContinuousClock.now + limits.deadline
    var address = url
    for _ in 0...max(0, limits.maxRedirects) {
      var hop = limits
      hop.deadline = deadline - .now
      guard hop.deadline > .zero else { throw TransferFailure.deadlineExceeded(limits.deadline) }
      let response: Response
      do {
        response = try await send(
          address, limits: hop, headers: Self.headers(headers, from: url, to: address),
          stopsAtAnswer: false, post: post, method: method)
      } catch TransferFailure.deadlineExceeded {
        throw TransferFailure.deadlineExceeded(limits.deadline)
      }
      guard post == nil, method == nil, limits.maxRedirects > 0,
        Self.redirectStatuses.contains(response.status),
        let next = response.redirect
      else { return response }
      guard let scheme = next.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
        throw TransferFailure.redirectToOtherScheme(next.absoluteString)
      }
      address = next
    }
    throw TransferFailure.tooManyRedirects(limit: limits.maxRedirects)
  }
}
