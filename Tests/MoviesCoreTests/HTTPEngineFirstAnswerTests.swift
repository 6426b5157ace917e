import Foundation
import TestSupport
import Testing

@testable import MoviesCore

/// `firstAnswer`, for where a stream really is: it follows no redirect and reads no body, so
/// a film's stream is asked about, not downloaded.
@Suite(.timeLimit(.minutes(1)))
struct HTTPEngineFirstAnswerTests {
  private func url(_ server: HoppinTestServer) throws -> URL {
    try #require(URL(string: server.baseURL.absoluteString + "/hoppin/movies?version=1&page=1"))
  }

  @Test func anEndlessBodyIsNotRead() async throws {
    let server = try await HoppinTestServer(limit: 12, extraArguments: ["--fault", "endless"])
    defer { server.stop() }
    let limits = TransferLimits(maxBytes: 1 << 16, deadline: .seconds(20), maxRedirects: 0)
    let answer = try await HTTPEngine().firstAnswer(try url(server), limits: limits)
    #expect(answer.status == 200)
    #expect(answer.body.isEmpty, "ended at its first byte")
    #expect(answer.redirect == nil)
  }

  @Test func aRedirectComesBackAbsoluteAndIsNotFollowed() async throws {
    let server = try await HoppinTestServer(
      limit: 12, extraArguments: ["--fault", "redirect-loop"])
    defer { server.stop() }
    let limits = TransferLimits(maxBytes: 1 << 16, deadline: .seconds(20), maxRedirects: 0)
    let answer = try await HTTPEngine().firstAnswer(try url(server), limits: limits)
    #expect(answer.status == 302)
    let redirect = try #require(answer.redirect)
    #expect(redirect.host == server.baseURL.host && redirect.port == server.baseURL.port)
    #expect(redirect.path == "/hoppin/movies" && redirect.query?.contains("hop=1") == true)
    #expect(try server.requests().count == 1, "only the first question was asked")
  }
}
