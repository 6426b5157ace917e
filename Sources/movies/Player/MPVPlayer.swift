import Foundation
import MoviesCore

/// Plays streams with `mpv`, found on `PATH` when the program starts.
///
/// The stream's headers (the server's credential) go to mpv in a private file that is
/// already gone from the disk, passed as an open descriptor (``PrivateFile``); its command
/// line holds only the address, the title and the start, none of them secret. mpv prints
/// only its errors: its other messages carry the stream's own tags (title, track names) raw,
/// escape sequences and all.
struct MPVPlayer: MediaPlayer {
  let program: String
  let environment: [String: String]
  /// Sends mpv's own output to /dev/null (for `--json`, whose output is for a program).
  let quiet: Bool
  /// mpv plays YouTube's pages through yt-dlp, when it is on `PATH` (`trailer N`).
  var playsWebVideo: Bool { Terminal.findProgram("yt-dlp", environment: environment) != nil }

  /// Nil when mpv is not installed; `play N` then says how to get it.
  init?(environment: [String: String], quiet: Bool) {
    guard let program = Terminal.findProgram("mpv", environment: environment) else { return nil }
    self.program = program
    self.environment = environment
    self.quiet = quiet
  }

  func play(_ stream: StreamRequest) async throws -> Int32 {
    let settings = Self.settings(for: stream)
    let environment = self.environment
    let file = try await Blocking.fileIO { () throws(PrivateFile.Error) -> PrivateFile in
      PrivateFile.sweepLeftovers(environment: environment)
      return try PrivateFile(settings, environment: environment)
    }
    var status: Int32 = 127  // the shell's "could not run it", when mpv does not start
    let include = "/dev/fd/\(ChildProcess.passedDescriptor)"
    if let pid = try? ChildProcess.spawn(
      Self.arguments(program: program, stream: stream, settings: include), stdin: nil,
      quiet: quiet, passing: file.descriptor)
    {
      status = await ChildProcess.exitStatus(of: pid)
    }
    withExtendedLifetime(file) {}
    return status
  }

  /// mpv's command line: nothing secret on it. Its messages are errors only, and nothing is
  /// written on the terminal in place of a video window: the rest may show the stream's tags.
  static func arguments(program: String, stream: StreamRequest, settings: String) -> [String] {
    [
      program, "--include=\(settings)", "--msg-level=all=error", "--term-osd=no",
      "--force-media-title=\(TerminalText.escape(stream.title))",
    ]
      + (stream.start > 0 ? ["--start=\(stream.start)"] : []) + ["--", stream.url.absoluteString]
  }

  /// One `http-header-fields-append` line per header: `-append` takes one header whole (the
  /// plain option splits on the commas Jellyfin's header is full of), and mpv's `%N%` quoting
  /// takes the next N bytes as they are, quotes included.
  static func settings(for stream: StreamRequest) -> String {
    stream.headers.map { "http-header-fields-append=%\($0.utf8.count)%\($0)\n" }.joined()
  }
}
