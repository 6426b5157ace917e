import Foundation

/// The lines of `resume list`: each session kept, newest first, numbered for `resume N`.
enum SessionList {
  static func render(_ sessions: [SavedSession], current: String, palette: Palette) -> String {
    guard !sessions.isEmpty else { return LibraryError.nothingSaved.message + "\n" }
    let numberWidth = String(sessions.count).count
    let lines = sessions.enumerated().map { offset, session in
      let source = " · on " + sourceName(session.source)
      let rows = session.rows == 1 ? "1 row" : "\(Format.grouped(session.rows)) rows"
      return DisplayWidth.pad(String(offset + 1), toColumns: numberWidth, alignRight: true)
        + "  " + rows + " "
        + StatusLine.describe(session.query, genreName: session.genreName) + source
        + (session.saved.timeIntervalSince1970 > 0 ? " · " + savedTime(session.saved) : "")
    }
    return lines.joined(separator: "\n") + "\n"
      + palette.apply(palette.dim, to: "'resume N' reopens one; 'resume' the newest") + "\n"
  }

  /// Which source a session is on: `the offline catalogue`, `tmdb`, `jellyfin at
  /// media.local:8096`, escaped.
  private static func sourceName(_ source: String) -> String {
    if RecordedSource.isOffline(source) { return RecordedSource.spoken(source) }
    guard let recorded = RecordedSource(source) else { return TerminalText.escape(source) }
    guard let address = recorded.address, let host = address.host else {
      return TerminalText.escape(recorded.kind)
    }
    let place = host + (address.port.map { ":\($0)" } ?? "")
    return TerminalText.escape(recorded.kind + " at " + place)
  }

  /// `2026-12-01 09:14` in local time: when a session was saved.
  private static func savedTime(_ date: Date) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.dateFormat = "yyyy-MM-dd HH:mm"
    return formatter.string(from: date)
  }
}
