import Foundation

/// `trailer N` and `trailer fN`: the film's trailer in the player, from the source's details
/// (a film database's videos, a media server's remote trailers or trailer extra).
extension CommandContext {
  /// Plays the trailer, as ``play(_:row:)`` plays a film. Without a trailer, a player, or
  /// (for a YouTube video) yt-dlp, a warning says so in one sentence and the outcome carries
  /// the link to print: the trailer's, else the film's page.
  func trailer(_ known: Movie, row: RowLabel) async throws -> (any CommandOutcome, [String]) {
    var (movie, problems) = (known, [String]())
    if known.trailer == nil {
      (movie, problems) = await withDetails(known, retrying: "trailer \(row)")
    }
    let unplayed = { (why: String) in
      (TrailerShown(movie: movie, row: row, played: false), problems + [why])
    }
    guard let trailer = movie.trailer else {
      let page = movie.link == nil ? "." : "; here is its page."
      return unplayed("\(row.spoken(capitalized: true)) has no trailer on this source\(page)")
    }
    guard let player else {
      return unplayed("'trailer' plays in mpv, which is not installed; here is the link.")
    }
    let stream: StreamRequest
    if let streamSource, let onServer = streamSource.trailerStream(for: movie) {
      stream = try await Self.resolved(onServer, through: streamSource.engine, row: row)
    } else if let url = URL.webAddress(trailer) {
      guard player.playsWebVideo || !Self.needsYTDLP(url) else {
        return unplayed(
          "mpv plays YouTube trailers through yt-dlp, which is not installed "
            + "(on Debian or Ubuntu: 'sudo apt-get install yt-dlp'); here is the link.")
      }
      // Nothing of the source's goes with it: the video is on another site.
      stream = StreamRequest(url: url, headers: [], title: movie.title + " (trailer)", start: 0)
    } else {
      return unplayed(
        "\(row.spoken(capitalized: true))'s trailer is not a web address a player may open; here it is."
      )
    }
    // A trailer is not the film: where it stops is reported to no one.
    try Self.check(
      played: try await player.play(stream, progress: PlayerProgress(start: 0, length: nil)),
      row: row, log: player.messagesLog)
    return (TrailerShown(movie: movie, row: row, played: true), problems)
  }

  /// YouTube's pages are not videos: mpv needs yt-dlp to find the stream behind them.
  static func needsYTDLP(_ url: URL) -> Bool {
    let host = url.host?.lowercased() ?? ""
    return ["youtube.com", "youtu.be", "youtube-nocookie.com"].contains { site in
      host == site || host.hasSuffix("." + site)
    }
  }
}
