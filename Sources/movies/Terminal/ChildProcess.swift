import Foundation
import MoviesCore

#if canImport(Glibc)
  import Glibc
#endif

/// Starts helper programs (the pager, `xdg-open`) with posix_spawn.
///
/// Not Foundation's `Process`: its children inherit this process's blocked signal mask and
/// ignored SIGINT, and a pager that cannot see Ctrl-C or SIGWINCH is no use. Here the child
/// gets an empty mask and default dispositions.
enum ChildProcess {
  /// Why a program could not be started.
  enum Error: Swift.Error {
    case spawnFailed(Int32)
    case pipeFailed(Int32)
  }

  /// Starts `argv` with `stdin` as its standard input (nil: inherited) and the other
  /// streams either inherited or sent to /dev/null. Returns the child's pid.
  /// With `stdout`, the child's standard output goes there (and its errors to /dev/null).
  static func spawn(_ argv: [String], stdin: Int32?, quiet: Bool, stdout: Int32? = nil)
    throws(Error) -> pid_t
  {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    if let stdin { posix_spawn_file_actions_adddup2(&actions, stdin, STDIN_FILENO) }
    if let stdout {
      posix_spawn_file_actions_adddup2(&actions, stdout, STDOUT_FILENO)
      posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)
    } else if quiet {
      posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0)
      posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)
    }

    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var empty = sigset_t()
    sigemptyset(&empty)
    posix_spawnattr_setsigmask(&attributes, &empty)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in [SIGINT, SIGPIPE, SIGWINCH, SIGTERM, SIGQUIT] { sigaddset(&defaults, signal) }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setflags(
      &attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

    var pid = pid_t()
    let cArguments = argv.map { strdup($0) } + [nil]
    defer { for argument in cArguments { free(argument) } }
    let status = posix_spawnp(&pid, argv.first ?? "", &actions, &attributes, cArguments, environ)
    guard status == 0 else { throw .spawnFailed(status) }
    return pid
  }

  /// What a short-lived helper (`tmux display`) prints, read on this thread with a time
  /// bound: nil when it cannot start, fails, or takes longer than `timeout` (then it is
  /// killed). Only for the moment before the prompt, when nothing else waits on this thread.
  static func output(of argv: [String], timeout: Duration) -> String? {
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else { return nil }
    // Close-on-exec, so only the helper holds the write end and its exit ends the read.
    _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
    _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
    let pid: pid_t
    do {
      pid = try spawn(argv, stdin: nil, quiet: true, stdout: ends[1])
    } catch {
      close(ends[0])
      close(ends[1])
      return nil
    }
    close(ends[1])
    defer { close(ends[0]) }
    let deadline = ContinuousClock.now + timeout
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let left = deadline - ContinuousClock.now
      var ready = pollfd(fd: ends[0], events: Int16(POLLIN), revents: 0)
      let polled = left > .zero ? poll(&ready, 1, Int32((left / .milliseconds(1)).rounded(.up))) : 0
      if polled < 0, errno == EINTR { continue }
      // Too slow, or far more than a helper's answer: stopped, not waited for.
      guard polled > 0, bytes.count <= 65_536 else {
        kill(pid, SIGKILL)
        waitBlocking(pid)
        return nil
      }
      let count = buffer.withUnsafeMutableBytes { read(ends[0], $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { break }
      bytes += buffer[..<count]
    }
    return waitBlocking(pid) == 0 ? String(decoding: bytes, as: UTF8.self) : nil
  }

  /// Waits for a child to finish, off the concurrency pool (`waitpid` blocks); returns its
  /// exit status, or -1 when it was killed.
  @discardableResult
  static func exitStatus(of pid: pid_t) async -> Int32 {
    await Blocking.wait { waitBlocking(pid) }
  }

  @discardableResult
  private static func waitBlocking(_ pid: pid_t) -> Int32 {
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 {
      if errno != EINTR { return -1 }
    }
    return (status & 0x7F) == 0 ? (status >> 8) & 0xFF : -1
  }
}
