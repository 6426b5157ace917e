import Foundation
import MoviesCore

/// Plays streams with `mpv`, found on `PATH` when the program starts.
///
/// The stream's headers (the server's credential) go to mpv in a private file that is
/// already gone from the disk, passed as an open descriptor (``PrivateFile``); its command
/// line holds only the address, the title, the start and the IPC socket's path, none of them
/// secret. Where mpv is comes back over its JSON IPC (``MPVConnection``). mpv prints only its
/// errors: its other messages carry the stream's own tags (title, track names) raw, escape
/// sequences and all.
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

  /// Plays `stream` in mpv, reading where it is through its IPC socket (``MPVConnection``)
  /// into `progress`; cancelling asks mpv to quit over the socket, and this returns once it
  /// has exited.
  func play(_ stream: StreamRequest, progress: PlayerProgress) async throws -> Int32 {
    let settings = Self.settings(for: stream)
    let environment = self.environment
    let file = try await Blocking.fileIO { () throws(PrivateFile.Error) -> PrivateFile in
      PrivateFile.sweepLeftovers(environment: environment)
      return try PrivateFile(settings, environment: environment)
    }
    defer { file.removeFolder() }
    var status: Int32 = 127  // the shell's "could not run it", when mpv does not start
    let include = "/dev/fd/\(ChildProcess.passedDescriptor)"
    guard
      let pid = try? ChildProcess.spawn(
        Self.arguments(program: program, stream: stream, settings: include, ipc: file.socketPath),
        stdin: nil, quiet: quiet, passing: file.descriptor)
    else { return status }
    // The socket needs its name only until it is connected.
    let connection = try? MPVConnection(socket: file.socketPath, progress: progress) {
      file.removeFolder()
    }
    status = await withTaskCancellationHandler {
      await ChildProcess.exitStatus(of: pid)
    } onCancel: {
      connection?.quit()
    }
    await connection?.end()
    withExtendedLifetime(file) {}
    return status
  }

  /// mpv's command line: nothing secret on it. Its messages are errors only, and nothing is
  /// written on the terminal in place of a video window: the rest may show the stream's tags.
  /// mpv makes its IPC socket at `ipc`.
  static func arguments(program: String, stream: StreamRequest, settings: String, ipc: String)
    -> [String]
  {
    [
      program, "--include=\(settings)", "--input-ipc-server=\(ipc)", "--msg-level=all=error",
      "--term-osd=no",
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
