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
  /// streams either inherited or sent to /dev/null, in `environment` (nil: this process's).
  /// Returns the child's pid.
  static func spawn(
    _ argv: [String], stdin: Int32?, quiet: Bool, environment: [String: String]? = nil
  ) throws(Error) -> pid_t {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    if let stdin { posix_spawn_file_actions_adddup2(&actions, stdin, STDIN_FILENO) }
    if quiet {
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
    let status: Int32
    if let environment {
      let cEnvironment = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
      defer { for entry in cEnvironment { free(entry) } }
      status = posix_spawnp(&pid, argv.first ?? "", &actions, &attributes, cArguments, cEnvironment)
    } else {
      status = posix_spawnp(&pid, argv.first ?? "", &actions, &attributes, cArguments, environ)
    }
    guard status == 0 else { throw .spawnFailed(status) }
    return pid
  }

  /// Waits for a child to finish, off the concurrency pool (`waitpid` blocks); returns its
  /// exit status, or -1 when it was killed.
  @discardableResult
  static func exitStatus(of pid: pid_t) async -> Int32 {
    await Blocking.wait { waitBlocking(pid) }
  }

  private static func waitBlocking(_ pid: pid_t) -> Int32 {
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 {
      if errno != EINTR { return -1 }
    }
    return (status & 0x7F) == 0 ? (status >> 8) & 0xFF : -1
  }
}
