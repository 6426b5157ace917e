import Foundation
import Testing

@testable import MoviesCore

/// What `trailer N` hands a player: only a web address, and YouTube's only with yt-dlp.
@Suite(.timeLimit(.minutes(1))) struct TrailerAddressTests {
  @Test(arguments: [
    "file:///etc/passwd", "javascript:alert(1)", "ytdl://abc", "https://", "/library/parts/1",
    "--script=evil.lua",
  ])
  func anAddressThatIsNotOnTheWebIsRefused(address: String) {
    #expect(URL.webAddress(address) == nil)
  }

  @Test func youTubesPagesNeedYTDLPAndOtherVideosDoNot() throws {
    for address in [
      "https://www.youtube.com/watch?v=abc", "https://youtu.be/abc", "http://m.youtube.com/x",
    ] {
      let url = try #require(URL.webAddress(address))
      #expect(CommandContext.needsYTDLP(url), "\(address)")
    }
    for address in ["https://media.example/trailer.mp4", "https://notyoutube.com/watch?v=abc"] {
      let url = try #require(URL.webAddress(address))
      #expect(!CommandContext.needsYTDLP(url), "\(address)")
    }
  }
}
