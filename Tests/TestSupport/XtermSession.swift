import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A real terminal for a test: Xvfb on a display of its own, and xterm started as a VT340
/// (sixel graphics, 256 colour registers) running a command. Keys are typed with xdotool,
/// the screen is taken with `xwd` and turned into a PNG, and xterm logs all it was sent.
///
/// Starting fails with an error (the test fails, it is not skipped) where Xvfb or xterm is
/// missing or cannot start: `scripts/install-deps` installs them.
public final class XtermSession {
  /// Xvfb or xterm could not start, or the screen never showed what was waited for.
  public enum SessionError: Error, CustomStringConvertible {
    case cannotStart(String)
    case timedOut(String)

    /// What failed, for the test's report.
    public var description: String {
      switch self {
      case .cannotStart(let what): "could not start \(what)"
      case .timedOut(let what): "timed out waiting for \(what)"
      }
    }
  }

  /// `:N`, the display Xvfb picked.
  public let display: String
  /// Everything xterm was sent, as xterm logged it (`-l -lf`).
  public let log: URL
  private let server: pid_t
  private var terminal: pid_t = 0
  private var stopped = false

  /// Starts Xvfb and, in it, xterm running `command` (a program and its arguments) in a
  /// window of `columns`×`rows` cells. `folder` holds the log and what the two programs say.
  /// Starts one, trying a second display when the first Xvfb announced itself but xterm
  /// could not open it (seen once in a CI run: "Can't open display").
  public static func start(
    command: [String], environment extra: [String: String], folder: URL, columns: Int = 100,
    rows: Int = 30
  ) async throws -> XtermSession {
    RealProgram.xServer.require()
    do {
      return try await XtermSession(
        command: command, environment: extra, folder: folder, columns: columns, rows: rows)
    } catch SessionError.cannotStart {
      return try await XtermSession(
        command: command, environment: extra, folder: folder, columns: columns, rows: rows)
    }
  }

  private init(
    command: [String], environment extra: [String: String], folder: URL, columns: Int = 100,
    rows: Int = 30
  ) async throws {
    log = folder.appendingPathComponent("xterm.log")
    var environment = ProcessInfo.processInfo.environment
    for name in [
      "TMUX", "TMUX_PANE", "COLORTERM", "TERM_PROGRAM", "KITTY_WINDOW_ID", "COLUMNS", "LINES",
      "NO_COLOR",
    ] {
      environment[name] = nil
    }
    environment.merge(extra) { _, new in new }
    // A display number of its own, never one just given up (a server that has only just
    // gone can still hold its socket); -displayfd: Xvfb writes it once it is ready.
    let announced = folder.appendingPathComponent("xvfb.out")
    var started: (pid: pid_t, number: Int)?
    for _ in 0..<5 where started == nil {
      let number = Int.random(in: 100..<10_000)
      guard !FileManager.default.fileExists(atPath: "/tmp/.X\(number)-lock") else { continue }
      let pid = try Self.spawn(
        [
          "Xvfb", ":\(number)", "-displayfd", "1", "-screen", "0", "800x600x24", "-nolisten",
          "tcp",
        ], environment: environment, output: announced)
      func said() -> Bool {
        ((try? String(contentsOf: announced, encoding: .utf8)) ?? "")
          .split(whereSeparator: \.isNewline).contains { $0 == "\(number)" }
      }
      var status: Int32 = 0
      _ = try await eventually(timeout: .seconds(20)) {
        said() || waitpid(pid, &status, WNOHANG) == pid
      }
      if said() { started = (pid, number) } else { Self.end(pid) }
    }
    guard let started else {
      throw SessionError.cannotStart("Xvfb: it announced no display")
    }
    server = started.pid
    let number = started.number
    display = ":\(number)"
    environment["DISPLAY"] = display
    do {
      terminal = try Self.spawn(
        [
          "xterm", "-ti", "vt340", "-xrm", "XTerm*numColorRegisters: 256",
          "-geometry", "\(columns)x\(rows)+0+0", "-l", "-lf", log.path, "-e",
        ] + command, environment: environment, output: folder.appendingPathComponent("xterm.out"))
    } catch {
      Self.end(server)
      throw error
    }
    let display = display
    guard
      try await eventually(
        timeout: .seconds(20),
        {
          (try? await Self.x11(display, ["xdotool", "search", "--class", "xterm"]))?.isEmpty
            == false
        })
    else {
      stop()
      let said =
        (try? String(contentsOf: folder.appendingPathComponent("xterm.out"), encoding: .utf8))
      throw SessionError.cannotStart(
        "xterm: no window appeared on \(display); it said: \(said ?? "nothing")")
    }
    // No window manager: keys go to the window under the pointer.
    try await Self.x11(display, ["xdotool", "mousemove", "20", "20"])
  }

  deinit { stop() }

  /// Types the text, then Enter.
  public func typeLine(_ text: String) async throws {
    try await Self.x11(display, ["xdotool", "type", "--delay", "30", text])
    try await Self.x11(display, ["xdotool", "key", "Return"])
  }

  /// What xterm was sent so far.
  public func logged() -> String {
    (try? String(contentsOf: log, encoding: .utf8)) ?? ""
  }

  /// Polls xterm's log until `condition` holds.
  public func waitForLog(_ description: String, _ condition: @escaping (String) -> Bool)
    async throws
  {
    guard try await eventually(timeout: .seconds(40), { condition(self.logged()) }) else {
      throw SessionError.timedOut(
        "\(description); xterm was last sent: \(String(logged().suffix(2_000)).debugDescription)")
    }
  }

  /// The whole screen, saved as a PNG, and its pixels.
  public func screenshot(to file: URL) async throws -> RGBImage {
    try await offThePool { [display] in
      let dump = file.deletingPathExtension().appendingPathExtension("xwd")
      defer { try? FileManager.default.removeItem(at: dump) }
      try ImageTool.run(["env", "DISPLAY=\(display)", "xwd", "-root", "-silent", "-out", dump.path])
      try ImageTool.run(["convert", "xwd:" + dump.path, "png:" + file.path])
      return try RGBImage(contentsOf: file)
    }
  }

  /// Ends xterm (and what runs in it) and Xvfb.
  public func stop() {
    guard !stopped else { return }
    stopped = true
    if terminal > 0 { Self.end(terminal) }
    Self.end(server)
  }

  /// SIGTERM first, so Xvfb removes its lock and socket and xterm hangs up on its child;
  /// SIGKILL when it has not gone within five seconds. Waited for on a thread of its own, so
  /// a test's cleanup never holds one of the concurrency pool's.
  private static func end(_ pid: pid_t) {
    kill(pid, SIGTERM)
    Thread {
      let deadline = ContinuousClock.now + .seconds(5)
      var status: Int32 = 0
      while ContinuousClock.now < deadline {
        let reaped = waitpid(pid, &status, WNOHANG)
        if reaped == pid || (reaped < 0 && errno != EINTR) { return }
        usleep(20_000)
      }
      kill(pid, SIGKILL)
      CleanSpawn.wait(pid)
    }.start()
  }

  /// Starts a program (``CleanSpawn``), its output and errors to `output`.
  private static func spawn(_ arguments: [String], environment: [String: String], output: URL)
    throws -> pid_t
  {
    do {
      return try CleanSpawn.start(arguments, environment: environment, output: output)
    } catch {
      throw SessionError.cannotStart(
        "\(arguments[0]) (error \(error.code)); scripts/install-deps installs it")
    }
  }

  /// Runs an X program on the display, off the concurrency pool.
  @discardableResult
  private static func x11(_ display: String, _ arguments: [String]) async throws -> String {
    try await offThePool { try ImageTool.run(["env", "DISPLAY=\(display)"] + arguments) }
  }
}
