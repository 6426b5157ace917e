/// `next`: the episode after the last one played in this session.
extension CommandContext {
  /// Plays the episode after the last one played in this session (the one the `Next:` line
  /// named, when it was looked up then), reported as `play` reports it, under the label the
  /// last one was played from.
  func playNext() async throws -> Handled {
    guard let last = view.lastEpisode else { throw SeriesError.nothingPlayed }
    var next = last.next
    if next == nil { next = try await episode(after: last.episode) }
    guard let next else {
      throw SeriesError.noNextEpisode(after: Played.named(last.episode))
    }
    let (outcome, warnings) = try await play(next, row: last.row)
    return Handled(outcome, warnings: warnings)
  }
}
