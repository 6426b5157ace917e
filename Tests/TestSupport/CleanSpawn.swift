import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Starts a program for a test with posix_spawn: standard input from /dev/null, output and
/// errors to a file, no other descriptor, an empty signal mask and default signal dispositions. Not `Process`: its children inherit the signals
/// this test process's threads block, a pipe to a program that leaves a server behind (tmux)
/// never reaches its end, and its reaping was seen to miss an xterm that had exited.
public enum CleanSpawn {
  /// The child's pid; throws the posix_spawn error number when it cannot start.
  public static func start(_ arguments: [String], environment: [String: String], output: URL)
    throws(SpawnFailure) -> pid_t
  {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, output.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_adddup2(&actions, 1, 2)
    // Nothing else: tests run in parallel, and a tmux or Xvfb server that inherited the
    // write end of another test's pipe would keep that test reading forever.
    closeFromThree(&actions)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var empty = sigset_t()
    sigemptyset(&empty)
    posix_spawnattr_setsigmask(&attributes, &empty)
    // Default dispositions too: a signal the test process ignores (SIGPIPE, SIGCHLD) would
    // stay ignored in the child across exec.
    var every = sigset_t()
    sigemptyset(&every)
    for signal in 1..<32 where signal != SIGKILL && signal != SIGSTOP {
      sigaddset(&every, Int32(signal))
    }
    posix_spawnattr_setsigdefault(&attributes, &every)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

    let argv = arguments.map { strdup($0) } + [nil]
    defer { for argument in argv { free(argument) } }
    let environ = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { for entry in environ { free(entry) } }
    var pid = pid_t()
    let spawned = posix_spawnp(&pid, arguments.first ?? "", &actions, &attributes, argv, environ)
    guard spawned == 0 else { throw SpawnFailure(code: spawned) }
    return pid
  }

  /// glibc 2.34's posix_spawn_file_actions_addclosefrom_np, which Swift's Glibc module does
  /// not declare.
  private static func closeFromThree(_ actions: inout posix_spawn_file_actions_t) {
    typealias CloseFrom =
      @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32)
      -> Int32
    guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "posix_spawn_file_actions_addclosefrom_np")
    else { preconditionFailure("glibc has no posix_spawn_file_actions_addclosefrom_np") }
    let closeFrom = unsafeBitCast(symbol, to: CloseFrom.self)
    precondition(closeFrom(&actions, 3) == 0, "posix_spawn_file_actions_addclosefrom_np failed")
  }

  /// Waits for the child; its raw wait status (0 for a clean exit).
  @discardableResult
  public static func wait(_ pid: pid_t) -> Int32 {
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0, errno == EINTR {}
    return status
  }

  /// `posix_spawn` failed.
  public struct SpawnFailure: Error {
    /// Its error number.
    public var code: Int32
  }
}
