import Foundation
import MoviesCore

/// Plays streams with `mpv`, found on `PATH` when the program starts.
///
/// The stream's headers (the server's credential) never go to mpv: it reads a stream with
/// headers from a loopback relay (``StreamRelay``) that adds them toward the server's own
/// origin only. Its command line holds only the address, the title, the start and the IPC
/// socket's path (in a private folder, ``PrivateFolder``), the tracks to play, none of them
/// secret. Where mpv is comes back over its JSON IPC (``MPVConnection``). mpv's output goes
/// to a log file (``PlayerLog``), never the terminal: its messages carry the stream's own tags
/// (title, track names) raw, escape sequences and all, and would land between prompt lines.
struct MPVPlayer: MediaPlayer {
  let program: String
  let environment: [String: String]
  /// The source's engine, through which the relay asks for a stream with headers; nil
  /// without a source that streams (then only a trailer, which has none, is played).
  let engine: HTTPEngine?
  /// The `audio-language` and `subtitle-language` settings.
  let preferredTracks: PlayChoices
  /// Where mpv's own output goes (``PlayerLog``); nil when there is no state folder, and
  /// then it goes nowhere: never onto the terminal, between the prompt's lines.
  let messagesLog: String?
  /// mpv plays YouTube's pages through yt-dlp, when it is on `PATH` (`trailer N`).
  var playsWebVideo: Bool { Terminal.findProgram("yt-dlp", environment: environment) != nil }

  /// Nil when mpv is not installed; `play N` then says how to get it.
  init?(
    environment: [String: String], engine: HTTPEngine?, preferredTracks: PlayChoices = PlayChoices()
  ) {
    guard let program = Terminal.findProgram("mpv", environment: environment) else { return nil }
    self.program = program
    self.environment = environment
    self.engine = engine
    self.preferredTracks = preferredTracks
    messagesLog = PlayerLog.location(environment: environment)
  }

  /// Plays `stream` in mpv, reading where it is through its IPC socket (``MPVConnection``)
  /// into `progress`; cancelling asks mpv to quit over the socket, and this returns once it
  /// has exited.
  func play(_ stream: StreamRequest, progress: PlayerProgress) async throws -> Int32 {
    // A stream with headers (the server's credential) is read through the relay, which adds
    // them toward the server alone; mpv gets a loopback address and nothing secret.
    let relay =
      try stream.headers.isEmpty
      ? nil : StreamRelay.starting(stream, engine: engine) { progress.streamFailed($0) }
    defer { relay?.stop() }
    var played = stream
    if let relay { (played.url, played.headers) = (relay.url, []) }
    let environment = self.environment
    let folder = try await Blocking.fileIO { () throws(PrivateFolder.Error) -> PrivateFolder in
      PrivateFolder.sweepLeftovers(environment: environment)
      return try PrivateFolder(environment: environment)
    }
    defer { folder.removeFolder() }
    let (subtitlePath, log) = try await Blocking.fileIO {
      () throws(PrivateFolder.Error) -> (String?, Int32?) in
      (try stream.subtitleFile.map(folder.write(subtitle:)), PlayerLog.open(messagesLog))
    }
    defer { if let log { close(log) } }
    var status: Int32 = 127  // the shell's "could not run it", when mpv does not start
    guard
      let pid = try? ChildProcess.spawn(
        Self.arguments(
          program: program, stream: played, relayed: relay != nil, ipc: folder.socketPath,
          subtitleFile: subtitlePath),
        stdin: nil, quiet: true, stdout: log, errors: log)
    else { return status }
    // The socket needs its name only until it is connected; a subtitle file stays until mpv
    // has exited.
    let connection = try? MPVConnection(socket: folder.socketPath, progress: progress) {
      folder.removeSocket()
    }
    status = await withTaskCancellationHandler {
      await ChildProcess.exitStatus(of: pid)
    } onCancel: {
      connection?.quit()
    }
    await connection?.end()
    withExtendedLifetime(folder) {}
    return status
  }

  /// mpv's command line: nothing secret on it. Its messages (warnings and errors) go to
  /// its log, never the terminal, and nothing is written on the terminal in place of a video
  /// window. mpv makes its IPC socket at `ipc`. A `relayed` stream (a server's own file, read
  /// through ``StreamRelay``) is not handed to yt-dlp (`--ytdl=no`). The stream's tracks are
  /// mpv's `--aid`/`--sid` by number, `--alang`/`--slang` by language (each of its spellings:
  /// `ja,jpn`), or `no`; an external subtitle file is `--sub-file`.
  static func arguments(
    program: String, stream: StreamRequest, relayed: Bool, ipc: String, subtitleFile: String? = nil
  ) -> [String] {
    [program] + (relayed ? ["--ytdl=no"] : []) + [
      "--input-ipc-server=\(ipc)", "--msg-level=all=warn", "--term-osd=no",
      "--force-media-title=\(TerminalText.escape(stream.title))",
    ]
      + (stream.start > 0 ? ["--start=\(stream.start)"] : [])
      + (subtitleFile.map { ["--sub-file=\($0)"] } ?? [])
      + track(stream.audio, id: "--aid", language: "--alang")
      + track(stream.subtitles, id: "--sid", language: "--slang")
      + ["--", stream.url.absoluteString]
  }

  /// One track's option: none when the player chooses.
  private static func track(_ choice: PlayChoices.Track?, id: String, language: String)
    -> [String]
  {
    switch choice {
    case nil: []
    case .off: ["\(id)=no"]
    case .number(let number): ["\(id)=\(number)"]
    case .language(let code):
      ["\(language)=" + LanguageCode.spellings(of: code).joined(separator: ",")]
    }
  }
}
