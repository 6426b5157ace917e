/// The lines `thumb N`, `thumb N-M` and `thumb all` print: what was saved, and where it came
/// from, with the time a cache hit saved.
enum ThumbnailSummary {
  /// `Saved thumbnails/3-heat.jpg (JPEG, 60x90 px, 1.8 KB, downloaded in 12 ms)`.
  static func line(for saved: SavedThumbnail) -> String {
    var facts = [saved.format.displayName]
    if let size = saved.pixelSize { facts.append("\(size.width)x\(size.height) px") }
    facts.append(Format.byteCount(saved.byteCount))
    let took = Format.duration(saved.downloadTime)
    // "Downloaded" is kept for the network; a bundled poster was only read from a file.
    switch saved.origin {
    case .source where saved.isLocal:
      facts.append("from the offline catalogue in \(took)")
    case .diskCache where saved.isLocal:
      facts.append("from the disk cache in \(Format.duration(saved.elapsed))")
    case .memoryCache where saved.isLocal:
      facts.append("from memory")
    case .source:
      facts.append("downloaded in \(took)")
    case .diskCache:
      facts.append(
        "from the disk cache in \(Format.duration(saved.elapsed)), no request; "
          + "the download took \(took)")
    case .memoryCache:
      facts.append("from memory, no request; the download took \(took)")
    }
    return
      "Saved \(TerminalText.escape(saved.file.relativePath)) (\(facts.joined(separator: ", ")))"
  }

  /// One line: how many were saved, in how long, from where.
  static func render(_ batch: ThumbnailBatch) -> String {
    let total = batch.rows.count
    let savedCount = batch.saved.count
    var parts: [String] = []
    let local = batch.saved.values.contains { $0.isLocal }
    let counts: [(Int, String)] = [
      (batch.count(from: .source), local ? "from the offline catalogue" : "downloaded"),
      (batch.count(from: .diskCache), "from the disk cache"),
      (batch.count(from: .memoryCache), "from memory"),
      (batch.withoutPoster.count, "without a poster"),
      (batch.failures.count - batch.withoutPoster.count, "failed"),
    ]
    for (count, label) in counts where count > 0 {
      parts.append("\(Format.grouped(count)) \(label)")
    }
    let noun = total == 1 ? "thumbnail" : "thumbnails"
    let amount =
      savedCount == total
      ? "\(Format.grouped(total)) \(noun)"
      : "\(Format.grouped(savedCount)) of \(Format.grouped(total)) \(noun)"
    var line = "Saved \(amount) in \(Format.duration(batch.elapsed))"
    if !parts.isEmpty { line += ": " + parts.joined(separator: ", ") }
    let spared = batch.saved.values.filter { $0.origin != .source }
      .reduce(Duration.zero) { $0 + $1.downloadTime }
    if spared >= .milliseconds(1), !local {
      line += "; the caches saved \(Format.duration(spared)) of downloading"
    }
    if let folder = batch.saved.values.first?.file.deletingLastPathComponent() {
      line += ". Files are in \(TerminalText.escape(folder.relativePath))/"
    }
    return line + ".\n"
  }

  /// One warning per failed row, in row order.
  static func failureWarnings(_ batch: ThumbnailBatch, describer: ErrorDescriber) -> [String] {
    batch.rows.compactMap { row in
      batch.failures[row].map { failure in
        let label = RowLabel(row, batch.kind)
        let message = describer.message(
          for: (failure as? any SourceFailure).map {
            ListSwitchFailure(failure: $0, command: "thumb \(label)")
          } ?? failure)
        let named = label.spoken(capitalized: true)
        // Errors about one row ("Row 8: TMDb has no poster …") already name it: not twice.
        return message.hasPrefix(named + " ") || message.hasPrefix(named + ":")
          ? message : named + ": " + message
      }
    }
  }

  /// Why a batch counts as failed, when it does: rows that failed, or Ctrl-C. A film the
  /// source has no poster for is not a failure: no one can fix it, so a script goes on (the
  /// warnings and the count say which). Both renderers report it the same way, so the exit
  /// status does not depend on `--json`.
  static func problem(_ batch: ThumbnailBatch) -> CommandProblem.Partial? {
    if batch.wasCancelled {
      return CommandProblem.Partial(message: cancelledSentence(batch), code: .cancelled)
    }
    if batch.failures.count > batch.withoutPoster.count {
      return CommandProblem.Partial(message: failureSentence(batch), code: .thumbnail)
    }
    return nil
  }

  static func cancelledSentence(_ batch: ThumbnailBatch) -> String {
    "Cancelled; \(batch.saved.count) of \(batch.rows.count) thumbnails were saved before it "
      + "and are kept."
  }

  /// The error line when rows failed, not counting the films without a poster.
  static func failureSentence(_ batch: ThumbnailBatch) -> String {
    let failed = batch.failures.count - batch.withoutPoster.count
    return "\(failed) of \(batch.rows.count) thumbnails could not be saved; "
      + "the warnings above say why. Type the command again to retry them."
  }
}
