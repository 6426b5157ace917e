import Foundation
import MoviesCore
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// `pick`: fzf over the rows in view, with a preview pane that shows the highlighted row's
/// details and poster. The preview is this program again (`--pick-preview FILE ROW`), reading
/// the row from a temporary file written here, so moving through the list asks the server
/// nothing but the posters not yet cached, which this process fetches (``PickPosters``).
struct Picker {
  /// What the picker ended with.
  enum Outcome {
    case picked(row: Int)
    /// Esc, Ctrl-C, Ctrl-D, or no row matched.
    case nothingPicked
    /// fzf is missing or could not start.
    case unavailable(Unavailable)
  }

  /// What the prompt says when fzf ended with no row: fzf ends alike on Esc, Ctrl-C and
  /// Ctrl-D, so a line says the pick is over and nothing changed.
  static let nothingPickedNote = "Nothing was picked; the list is as it was."

  /// Why fzf could not be shown; the sentence says how to get it.
  enum Unavailable: Error, UserFacingError {
    case notInstalled
    case cannotWriteFiles(reason: String)
    case cannotStart(reason: String)

    var code: ErrorCode { .noPicker }

    var message: String {
      switch self {
      case .notInstalled: Self.missingFzf
      case .cannotWriteFiles(let reason):
        "Could not write the picker's temporary files: \(reason)"
      case .cannotStart(let reason): "Could not start fzf (\(reason)); " + Self.missingFzf
      }
    }

    static let missingFzf =
      "'pick' needs fzf, which is not installed: on Debian or Ubuntu, 'sudo apt-get install fzf' "
      + "(scripts/install-deps does it); 'find TEXT' searches without it."
  }

  let environment: [String: String]
  /// The folder of the disk cache of thumbnails, where the preview looks for posters; nil
  /// when there is no disk cache this run.
  let thumbnailCache: URL?
  /// How the session draws posters (its mode and cell size); nil for symbols.
  var preview: PreviewChoice? = nil
  /// Loads posters that are not on this machine while fzf runs; nil to draw only cached ones.
  var pipeline: ThumbnailPipeline? = nil

  /// fzf shows images in its preview pane from 0.44 on; older ones (Debian 12 has 0.38)
  /// would print the bytes as text, so they get symbols.
  static func showsImages(fzfVersion: String) -> Bool {
    let numbers = fzfVersion.prefix { !$0.isWhitespace }.split(separator: ".").map { Int($0) }
    guard numbers.count >= 2, let major = numbers[0], let minor = numbers[1] else { return false }
    return major > 0 || minor >= 44
  }

  /// How the preview draws: the session's graphics mode only where this fzf shows images.
  private func drawing(fzf: String) async -> PickFile.Drawing {
    let cell = preview?.cell ?? .standard
    guard let mode = preview?.mode, mode != .symbols else {
      return PickFile.Drawing(mode: .symbols, cell: cell)
    }
    let version = await Blocking.wait {
      ChildProcess.output(of: [fzf, "--version"], timeout: .seconds(2))
    }
    let shows = version.map(Self.showsImages(fzfVersion:)) ?? false
    return PickFile.Drawing(mode: shows ? mode : .symbols, cell: cell)
  }

  /// Opens fzf over the rows, starting with `query` typed; `kind` says what the numbers
  /// count (`w3` for watchlist entries, `f3` for a server search's matches). Files are written and fzf waited
  /// for off the concurrency pool (``Blocking``); their folder goes when fzf ends, or when a
  /// SIGHUP or SIGTERM ends the program first, which ends fzf too.
  func pick(
    _ list: [(row: Int, movie: Movie)], kind: RowLabel.Kind = .row, query: String,
    source: any MovieSource
  ) async -> Outcome {
    guard let fzf = Terminal.findProgram("fzf", environment: environment) else {
      return .unavailable(.notInstalled)
    }
    guard !list.isEmpty else { return .nothingPicked }
    let temporary = FileManager.default.temporaryDirectory
    await Blocking.fileIO { PickFolder.sweep(temporary) }
    let folder = PickFolder(in: temporary)
    let fzfProcess = RunningChild()
    let outcome = await TerminationSignals.cleaningUp(
      with: { signal in
        folder.remove()
        fzfProcess.signal(signal)
      },
      during: {
        await pick(
          list, kind: kind, query: query, source: source, fzf: fzf, in: folder,
          running: fzfProcess)
      })
    await Blocking.fileIO { folder.remove() }
    return outcome
  }

  private func pick(
    _ list: [(row: Int, movie: Movie)], kind: RowLabel.Kind, query: String,
    source: any MovieSource, fzf: String, in folder: PickFolder, running fzfProcess: RunningChild
  ) async -> Outcome {
    let rowsFile = folder.url.appendingPathComponent("rows.jsonl")
    let input = folder.url.appendingPathComponent("input")
    let output = folder.url.appendingPathComponent("output")
    let later = Self.laterFields(of: source.capabilities)
    let rows = PickFile.rows(
      list, kind: kind, source: source, thumbnailCache: thumbnailCache,
      drawing: await drawing(fzf: fzf), later: later)
    let lines = lines(list, kind: kind)
    do {
      try await Blocking.fileIO {
        try folder.make()
        try rows.write(to: rowsFile)
        try lines.write(to: input)
      }
    } catch {
      return .unavailable(.cannotWriteFiles(reason: error.localizedDescription))
    }
    let preview =
      [Terminal.executableURL.path, "--pick-preview", rowsFile.path]
      .map(Self.quoted).joined(separator: " ") + " {1}"
    let arguments = [
      // Each line starts with its place in the file, for the preview, hidden by --with-nth.
      fzf, "--no-multi", "--layout=reverse", "--prompt=pick> ", "--query=\(query)",
      "--delimiter=\t", "--with-nth=2..",
      "--header=Enter: show the movie · Esc: back", "--preview=\(preview)",
      "--preview-window=right,55%,wrap",
    ]
    // fzf runs the preview with $SHELL; the quoting above is for sh.
    let command =
      "SHELL=/bin/sh exec " + arguments.map(Self.quoted).joined(separator: " ")
      + " < \(Self.quoted(input.path))"
      + " > \(Self.quoted(output.path))"
    let posters = pipeline.map { pipeline in
      PickPosters(
        posters: list.map { row in
          row.movie.thumbnail.flatMap { try? source.thumbnailURL(for: $0) }
            .flatMap { $0.isFileURL ? nil : $0 }
        },
        folder: folder.url, pipeline: pipeline, source: source)
    }
    let details = PickDetails(list, later: later, folder: folder.url, source: source)
    let loading = Task {
      async let posterLoads: Void? = posters?.run()
      async let detailLoads: Void? = details?.run()
      _ = await (posterLoads, detailLoads)
    }
    let ended: Result<Int32, any Error>
    do {
      let started = try fzfProcess.start {
        try ChildProcess.spawn(["/bin/sh", "-c", command], stdin: nil, quiet: false)
      }
      // A signal's cleanup came first: the program is ending.
      guard let pid = started else { return .nothingPicked }
      ended = .success(await ChildProcess.exitStatus(of: pid))
      fzfProcess.ended()
    } catch {
      ended = .failure(error)
    }
    // The posters and details stop before the folder they are written into is removed: a
    // file written while it is removed would leave the folder behind, titles and all.
    loading.cancel()
    await loading.value
    let status: Int32
    switch ended {
    case .success(let exitStatus): status = exitStatus
    case .failure(let error): return .unavailable(.cannotStart(reason: "\(error)"))
    }
    let data = await Blocking.fileIO { FileManager.default.contents(atPath: output.path) }
    guard status == 0, let data else { return .nothingPicked }
    let first = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isWhitespace).first
    guard let place = first.flatMap({ Int($0) }), list.indices.contains(place - 1) else {
      return .nothingPicked
    }
    return .picked(row: list[place - 1].row)
  }

  /// What a source's details add that its rows may lack and the preview shows: the running
  /// time, and where it streams for a source that knows.
  static func laterFields(of capabilities: SourceCapabilities) -> [MovieDetails.LaterField] {
    guard capabilities.hasDetails else { return [] }
    return capabilities.knowsStreamingServices ? [.runningTime, .whereToWatch] : [.runningTime]
  }

  /// One line per row: its place in the rows file (fzf's hidden `{1}`), a tab, the row
  /// number, the title, year, rating and genres, escaped. Not the table's padded columns:
  /// after `list` there may be thousands of rows, and fzf lines them up well enough.
  private func lines(_ list: [(row: Int, movie: Movie)], kind: RowLabel.Kind) -> Data {
    var text = ""
    text.reserveCapacity(list.count * 60)
    // Labels right-aligned to the widest, so the titles start in one column.
    let labelWidth = list.map { RowLabel($0.row, kind).description.count }.max() ?? 0
    for (offset, (row, movie)) in list.enumerated() {
      text +=
        String(offset + 1) + "\t"
        + DisplayWidth.pad(RowLabel(row, kind).description, toColumns: labelWidth, alignRight: true)
        + "  " + TerminalText.escape(movie.title)
      if let year = movie.releaseDate?.prefix(4) {
        text += "  (" + TerminalText.escape(String(year)) + ")"
      }
      if let rating = movie.rating { text += "  " + Format.rating(rating) }
      if !movie.genres.isEmpty {
        text += "  " + TerminalText.escape(movie.genres.joined(separator: ", "))
      }
      text += "\n"
    }
    return Data(text.utf8)
  }

  private static func quoted(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }

  /// fzf while it runs, for a signal's cleanup to end it. fzf is started holding the lock, so
  /// a cleanup that comes meanwhile waits for its pid rather than miss it, and one that came
  /// before keeps it from starting.
  final class RunningChild: Sendable {
    private struct State {
      var pid: pid_t?
      var endedBy: Int32?
    }
    private let state = Mutex(State())

    /// The child `spawn` started, or nil when a signal's cleanup came first.
    func start(_ spawn: () throws -> pid_t) throws -> pid_t? {
      try state.withLock { state in
        guard state.endedBy == nil else { return nil }
        let pid = try spawn()
        state.pid = pid
        return pid
      }
    }

    func ended() { state.withLock { $0.pid = nil } }

    func signal(_ number: Int32) {
      state.withLock { state in
        state.endedBy = number
        if let pid = state.pid { kill(pid, number) }
      }
    }
  }
}
