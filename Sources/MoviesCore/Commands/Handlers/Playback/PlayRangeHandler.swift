/// `play N-M`: rows played one after another, as ani-cli's `-r` binges a range of episodes.
extension CommandContext {
  /// Plays each row of `labels` in turn through `play N`'s path (its reports and resume
  /// included), going on only while each is played out (to 90 % or more): quitting mpv
  /// before that, Ctrl-C or a failure stops the range, keeping what was played.
  func playEach(_ labels: RowLabels) async throws -> Handled {
    // Every label is looked up before anything plays, so a range past the end plays nothing.
    for label in labels.labels { _ = try await target(label) }
    var played: [Played] = []
    var warnings: [String] = []
    for label in labels.labels {
      do {
        let (outcome, more) = try await act(.play, on: label)
        warnings += more
        guard let done = outcome as? Played else { break }
        played.append(done)
        guard done.ended?.played == true, !Task.isCancelled else { break }
      } catch {
        guard !played.isEmpty else { throw error }
        return Handled(
          PlayedRange(played: played, labels: labels), warnings: warnings, stoppedBy: error)
      }
    }
    return Handled(PlayedRange(played: played, labels: labels), warnings: warnings)
  }
}

/// `play N-M`: what each row's play did, and whether the range stopped before its end.
struct PlayedRange: CommandOutcome {
  var played: [Played]
  var labels: RowLabels

  /// Rows of the range not played, after the one stopped.
  var notPlayed: Int { labels.labels.count - played.count }

  func text(_ renderer: TextRenderer) -> String {
    let lines = played.map { $0.text(renderer) }.joined()
    guard notPlayed > 0, let last = played.last else { return lines }
    let rest = notPlayed == 1 ? "1 more row" : "\(notPlayed) more rows"
    return lines
      + "\(last.row.spoken(capitalized: true)) was stopped before its end, so \(rest) of "
      + "\(labels) did not play.\n"
  }

  var proseIndent: String? { "" }

  /// The last episode played is the one `next` goes on from.
  func record(in view: inout ViewState.State, query: MovieQuery) {
    played.last?.record(in: &view, query: query)
  }

  func jsonFields(_ fields: JSONFields) -> JSONObject {
    [
      "played": .array(played.map { .object($0.jsonFields(fields)) }),
      "notPlayed": .int(notPlayed),
    ]
  }
}
