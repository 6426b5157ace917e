import Foundation

/// A film to hand to a player: its stream's address, the headers the server needs, and the
/// position to start from. The headers may hold a credential: a player gets them in a file
/// only the user can read, never on its command line.
public struct StreamRequest: Sendable, Hashable, CustomStringConvertible {
  /// The stream's address.
  public var url: URL
  /// The header lines the player must send, the credential among them.
  public var headers: [String]
  /// The film's title, for the player's window.
  public var title: String
  /// Seconds into the film.
  public var start: Int
  /// The audio track to play (mpv's `--aid` for a number, `--alang` for a language); nil
  /// leaves it to the player.
  public var audio: PlayChoices.Track?
  /// The subtitles to show (`--sid`, `--slang`, or none); nil leaves them to the player.
  public var subtitles: PlayChoices.Track?
  /// An external subtitle track's file, fetched from the server, for the player to load
  /// beside the stream (``subtitles`` then numbers it); nil for none.
  public var subtitleFile: SubtitleFile?

  /// An external subtitle file's bytes and the format its name ends with (`srt`, `ass`).
  public struct SubtitleFile: Sendable, Hashable {
    /// The file's bytes.
    public var data: Data
    /// Its format, a lowercase word of letters and digits; `srt` when the server's is not.
    public var format: String

    /// A file of `format` (checked: anything but a short word of letters and digits is `srt`).
    public init(data: Data, format: String?) {
      self.data = data
      let format = (format ?? "").lowercased()
      self.format =
        (1...8).contains(format.count)
          && format.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
        ? (format == "subrip" ? "srt" : format) : "srt"
    }
  }

  /// A request from its parts.
  public init(url: URL, headers: [String], title: String, start: Int) {
    self.url = url
    self.headers = headers
    self.title = title
    self.start = start
  }

  /// The address and start, never the headers, which may hold the credential.
  public var description: String {
    "\(url.absoluteString) from \(start) s (\(headers.count) headers hidden)"
  }
}
