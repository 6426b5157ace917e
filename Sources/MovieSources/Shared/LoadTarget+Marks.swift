import MoviesCore

extension LoadTarget {
  /// `seen N` or `unseen N` told to a media server: one attempt, within a report's few
  /// seconds, to the server alone; its failure is the command's.
  public static let seenMark: LoadTarget = {
    var target = LoadTarget(
      .other, name: "the seen mark", advice: "Nothing was marked; try again in a moment.")
    target.verb = "send"
    target.isReport = true
    return target
  }()
}
