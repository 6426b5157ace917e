import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The built `movies` running in a real pseudo-terminal: a detached tmux session on its own
/// server (`tmux -L`), with its own temporary HOME and XDG folders. Tests type keys and read
/// the screen, waiting for text by polling `capture-pane` until a deadline.
public final class TmuxSession {
  /// tmux failed, or the screen never showed what was waited for.
  public enum SessionError: Error, CustomStringConvertible {
    case tmuxFailed([String], String)
    case timedOut(waitingFor: String, screen: String)

    /// What failed, with the screen, for the test's report.
    public var description: String {
      switch self {
      case .tmuxFailed(let arguments, let output):
        "tmux \(arguments.joined(separator: " ")) failed: \(output)"
      case .timedOut(let waitingFor, let screen):
        "timed out waiting for \(waitingFor); the screen was:\n\(screen)"
      }
    }
  }

  /// The `-L` socket name, unique to this session.
  public let socket = "movies-test-\(UUID().uuidString.prefix(8))"
  /// The temporary home folder; `XDG_STATE_HOME` and `XDG_CACHE_HOME` are under it.
  public let home: URL
  /// The shell command that runs `movies` with the arguments, quoted, to type at a shell.
  public let commandLine: String
  private let environment: [String: String]
  private var stopped = false

  /// Starts `movies` with the arguments in a `width`×`height` terminal.
  /// - Parameters:
  ///   - home: a home folder to reuse (to test what a previous run left behind).
  ///   - inShell: start an interactive bash (prompt `$ `) instead, with job control, for the
  ///     test to type ``commandLine`` into (Ctrl-Z and `fg`, pipes).
  public init(
    arguments: [String], environment extra: [String: String] = [:], home: URL? = nil,
    width: Int = 100, height: Int = 30, inShell: Bool = false
  ) throws {
    self.home = try home ?? TestPaths.makeTemporaryFolder()
    var environment = ProcessInfo.processInfo.environment
    for name in ["MOVIES_API", "NO_COLOR", "COLUMNS", "LINES", "MOVIES_HISTFILE", "TMUX", "PAGER"] {
      environment[name] = nil
    }
    environment["HOME"] = self.home.path
    environment["XDG_STATE_HOME"] = self.home.appendingPathComponent("state").path
    environment["XDG_CACHE_HOME"] = self.home.appendingPathComponent("cache").path
    environment["XDG_DATA_HOME"] = self.home.appendingPathComponent("data").path
    environment["MOVIES_DB"] = nil
    environment["TERM"] = "xterm-256color"
    environment.merge(extra) { _, new in new }
    self.environment = environment

    let command = ([TestPaths.moviesExecutable.path] + arguments).map(Self.shellQuoted)
      .joined(separator: " ")
    commandLine = command
    let program = inShell ? "env PS1='$ ' bash --norc --noprofile -i" : command
    // The tmux server starts here, and runs `movies` in the home folder.
    try run(
      [
        "tmux", "-L", socket, "-f", "/dev/null", "new-session", "-d", "-s", "movies",
        "-x", String(width), "-y", String(height),
        "cd \(Self.shellQuoted(self.home.path)) && exec \(program)",
      ])
  }

  deinit { stop() }

  /// Types text literally.
  public func type(_ text: String) throws {
    try tmux(["send-keys", "-t", "movies", "-l", text])
  }

  /// Presses keys by tmux name: `Enter`, `Tab`, `Up`, `C-c`, `C-d`.
  public func press(_ keys: String...) throws {
    try tmux(["send-keys", "-t", "movies"] + keys)
  }

  /// Makes the terminal `width`×`height`; the program gets SIGWINCH, as from a dragged window.
  public func resize(width: Int, height: Int) throws {
    try tmux(["resize-window", "-t", "movies", "-x", String(width), "-y", String(height)])
  }

  /// The visible screen, one line per row; tmux trims trailing spaces, so a prompt reads
  /// `movies 10/25>` without its space.
  public func screen() throws -> String {
    try tmux(["capture-pane", "-p", "-t", "movies"])
  }

  /// The screen with the lines the terminal folded at its edge joined back (`-J`), from
  /// `history` lines above it: a line longer than the width is output that did not fit.
  public func unfoldedScreen(history: Int = 200) throws -> String {
    try tmux(["capture-pane", "-p", "-J", "-S", "-\(history)", "-t", "movies"])
  }

  /// The visible screen with its colours and attributes as escape sequences (`-e`), to check
  /// what is dim or bold.
  public func screenWithAttributes() throws -> String {
    try tmux(["capture-pane", "-p", "-e", "-t", "movies"])
  }

  /// Appends every byte the program writes to the terminal from now on to `file` (tmux's
  /// `pipe-pane`): what the screen shows after the terminal has acted on it is not enough to
  /// tell an escape sequence that arrived.
  public func recordOutput(to file: URL) throws {
    try tmux(["pipe-pane", "-o", "-t", "movies", "cat >> \(Self.shellQuoted(file.path))"])
  }

  /// The title the program gave the terminal's window, as tmux keeps it.
  public func paneTitle() throws -> String {
    try tmux(["display-message", "-p", "-t", "movies", "#{pane_title}"])
      .trimmingCharacters(in: .newlines)
  }

  /// Polls the screen until `condition` holds; returns that screen. Throws at the deadline.
  @discardableResult
  public func waitUntil(
    _ description: String, timeout: Duration = .seconds(30), _ condition: (String) -> Bool
  ) async throws -> String {
    var last = ""
    var ended = false
    let held = try await eventually(timeout: timeout, every: .milliseconds(50)) {
      guard let screen = try? screen() else {
        ended = !isRunning
        return ended
      }
      last = screen
      return condition(screen)
    }
    guard held, !ended else {
      throw SessionError.timedOut(waitingFor: description, screen: last)
    }
    return last
  }

  /// How many times `prompt` is on the screen and in the 5,000 lines above it: a count that
  /// only grows as the screen scrolls.
  public func prompts(_ prompt: String) throws -> Int {
    try unfoldedScreen(history: 5000).components(separatedBy: prompt).count - 1
  }

  /// Polls until `prompt` has been shown `count` times (``prompts(_:)``); returns what was
  /// printed between the one before and that one, the line typed at it first.
  @discardableResult
  public func waitForPrompt(
    _ count: Int, _ prompt: String, timeout: Duration = .seconds(30)
  ) async throws -> String {
    var last = ""
    let held = try await eventually(timeout: timeout, every: .milliseconds(50)) {
      last = (try? unfoldedScreen(history: 5000)) ?? last
      return last.components(separatedBy: prompt).count - 1 >= count
    }
    guard held else {
      throw SessionError.timedOut(waitingFor: "prompt \(count)", screen: last)
    }
    let parts = last.components(separatedBy: prompt)
    return parts[count - 1]
  }

  /// Polls until the text is on screen.
  @discardableResult
  public func waitFor(_ text: String, timeout: Duration = .seconds(30)) async throws -> String {
    try await waitUntil("'\(text)'", timeout: timeout) { $0.contains(text) }
  }

  /// The last non-empty line on screen: the prompt and what is typed on it.
  public static func lastLine(of screen: String) -> String {
    screen.split(separator: "\n").last { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
      .map(String.init) ?? ""
  }

  /// True while the program runs (the session ends when it exits).
  public var isRunning: Bool {
    (try? tmux(["has-session", "-t", "movies"])) != nil
  }

  /// The PID of the program in the pane (started without `inShell`, it is the pane's own).
  public func programPID() throws -> pid_t? {
    pid_t(
      try tmux(["display-message", "-p", "-t", "movies", "#{pane_pid}"]).trimmingCharacters(
        in: .whitespacesAndNewlines))
  }

  /// Polls until the program has exited.
  public func waitForExit(timeout: Duration = .seconds(30)) async throws {
    guard try await eventually(timeout: timeout, every: .milliseconds(50), { !isRunning }) else {
      throw SessionError.timedOut(waitingFor: "the program to exit", screen: "")
    }
  }

  /// Ends the tmux server and the program in it.
  public func stop() {
    guard !stopped else { return }
    stopped = true
    _ = try? tmux(["kill-server"])
    // The server leaves its socket file behind in tmux's folder.
    let folder = ProcessInfo.processInfo.environment["TMUX_TMPDIR"] ?? "/tmp"
    try? FileManager.default.removeItem(atPath: "\(folder)/tmux-\(getuid())/\(socket)")
  }

  @discardableResult
  private func tmux(_ arguments: [String]) throws -> String {
    try run(["tmux", "-L", socket] + arguments)
  }

  /// Runs a command (``CleanSpawn``) and returns its output, which goes through a file: the
  /// command that starts the tmux server leaves the server holding its descriptors, so a pipe
  /// would never reach its end.
  @discardableResult
  private func run(_ arguments: [String]) throws -> String {
    let log = home.appendingPathComponent("tmux-\(UUID().uuidString).log")
    defer { try? FileManager.default.removeItem(at: log) }
    let pid: pid_t
    do {
      pid = try CleanSpawn.start(arguments, environment: environment, output: log)
    } catch {
      throw SessionError.tmuxFailed(arguments, "spawn: \(error.code)")
    }
    let status = CleanSpawn.wait(pid)
    let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
    guard status == 0 else { throw SessionError.tmuxFailed(arguments, text) }
    return text
  }

  private static func shellQuoted(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }
}
