import Foundation
import MoviesCore

#if canImport(Glibc)
  import Glibc
#endif

/// Starts helper programs (the pager, `xdg-open`) with posix_spawn.
///
/// Not Foundation's `Process`: its children inherit this process's blocked signal mask and
/// ignored SIGINT, and a pager that cannot see Ctrl-C or SIGWINCH is no use. Here the child
/// gets an empty mask and default dispositions. No child gets a secret from the environment
/// (``secretVariables``): mpv, yt-dlp under it, `xdg-open` and the browser, the pager and fzf
/// need none, and a child passes its environment on to whatever it starts.
enum ChildProcess {
  /// The environment variables taken out of every child's environment: every source's
  /// declared secrets (so a new source's are too), and `MOVIES_API`, whose address may carry
  /// a password. No child (mpv, yt-dlp under it, `xdg-open`, the pager, fzf) needs them.
  static let secretVariables = Set(SourceDefinition.allSecrets.map(\.variable) + ["MOVIES_API"])
  /// The number a child finds a passed descriptor at (`/dev/fd/3`).
  static let passedDescriptor: Int32 = 3

  /// A posix_spawn call that failed: which, and the error number it gave.
  struct Error: Swift.Error, CustomStringConvertible {
    var call: String
    var number: Int32

    var description: String { "\(call) failed: \(String(cString: strerror(number)))" }
  }

  /// Every status of the spawn calls goes through here: they return 0 or an error number;
  /// the sigset calls return -1 and set errno.
  private static func check(_ status: Int32, _ call: String) throws(Error) {
    if status == 0 { return }
    throw Error(call: call, number: status == -1 ? errno : status)
  }

  /// Starts `argv` with `stdin` as its standard input (nil: inherited) and the other
  /// streams either inherited or sent to /dev/null, in `environment` (nil: this process's).
  /// With `stdout`, the child's standard output goes there (and its errors to /dev/null,
  /// or to `errors` when given: a log).
  /// With `passing`, the child also gets that descriptor as ``passedDescriptor``.
  /// Returns the child's pid.
  static func spawn(
    _ argv: [String], stdin: Int32?, quiet: Bool, stdout: Int32? = nil, errors: Int32? = nil,
    environment: [String: String]? = nil, passing: Int32? = nil
  ) throws(Error) -> pid_t {
    var actions = posix_spawn_file_actions_t()
    try check(posix_spawn_file_actions_init(&actions), "posix_spawn_file_actions_init")
    defer { posix_spawn_file_actions_destroy(&actions) }
    // dup2 onto itself would keep close-on-exec: a copy at another number is moved there.
    let copy = passing == passedDescriptor ? fcntl(passedDescriptor, F_DUPFD_CLOEXEC, 4) : nil
    defer { if let copy, copy >= 0 { close(copy) } }
    if let copy { try check(copy < 0 ? -1 : 0, "fcntl(F_DUPFD_CLOEXEC)") }
    if let passing = copy ?? passing {
      try check(
        posix_spawn_file_actions_adddup2(&actions, passing, passedDescriptor),
        "posix_spawn_file_actions_adddup2")
    }
    if let stdin {
      try check(
        posix_spawn_file_actions_adddup2(&actions, stdin, STDIN_FILENO),
        "posix_spawn_file_actions_adddup2")
    }
    for (from, to) in [(stdout, STDOUT_FILENO), (errors, STDERR_FILENO)] {
      guard let from else { continue }
      try check(
        posix_spawn_file_actions_adddup2(&actions, from, to), "posix_spawn_file_actions_adddup2")
    }
    // Nothing else reaches the child, whatever this process left open without close-on-exec
    // (libcurl's sockets and its wake-up pair): only 0-2, and the passed descriptor.
    try check(
      closeFrom(&actions, passedDescriptor + (passing == nil ? 0 : 1)),
      "posix_spawn_file_actions_addclosefrom_np")
    // With `stdout` given, only the errors go to /dev/null, unless they go to `errors`.
    if quiet || stdout != nil {
      for (given, descriptor) in [(stdout, STDOUT_FILENO), (errors, STDERR_FILENO)]
      where given == nil {
        try check(
          posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", O_WRONLY, 0),
          "posix_spawn_file_actions_addopen")
      }
    }

    var attributes = posix_spawnattr_t()
    try check(posix_spawnattr_init(&attributes), "posix_spawnattr_init")
    defer { posix_spawnattr_destroy(&attributes) }
    var empty = sigset_t()
    try check(sigemptyset(&empty), "sigemptyset")
    try check(posix_spawnattr_setsigmask(&attributes, &empty), "posix_spawnattr_setsigmask")
    var defaults = sigset_t()
    try check(sigemptyset(&defaults), "sigemptyset")
    for signal in [SIGINT, SIGPIPE, SIGWINCH, SIGTERM, SIGQUIT] {
      try check(sigaddset(&defaults, signal), "sigaddset")
    }
    try check(
      posix_spawnattr_setsigdefault(&attributes, &defaults), "posix_spawnattr_setsigdefault")
    try check(
      posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF)),
      "posix_spawnattr_setflags")

    var pid = pid_t()
    let cArguments = argv.map { strdup($0) } + [nil]
    defer { for argument in cArguments { free(argument) } }
    let cEnvironment = childEnvironment(environment).map { strdup($0) } + [nil]
    defer { for entry in cEnvironment { free(entry) } }
    let status = posix_spawnp(
      &pid, argv.first ?? "", &actions, &attributes, cArguments, cEnvironment)
    try check(status, "posix_spawnp \(argv.first ?? "")")
    return pid
  }

  /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later; Debian 12 has
  /// 2.36): Swift's Glibc module leaves it out, so it is looked up by name, once.
  private typealias CloseFrom =
    @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
  private static let closeFrom: CloseFrom? = dlsym(
    UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np"
  ).map { unsafeBitCast($0, to: CloseFrom.self) }

  /// Adds closing every descriptor from `lowest` up to `actions`; ENOSYS without the call.
  private static func closeFrom(
    _ actions: UnsafeMutablePointer<posix_spawn_file_actions_t>, _ lowest: Int32
  ) -> Int32 {
    closeFrom.map { $0(actions, lowest) } ?? ENOSYS
  }

  /// `NAME=value` entries for a child: `environment`, or this process's own when nil, without
  /// ``secretVariables``.
  static func childEnvironment(_ environment: [String: String]?) -> [String] {
    let entries: [String]
    if let environment {
      entries = environment.map { "\($0.key)=\($0.value)" }
    } else {
      var own: [String] = []
      var entry = environ
      while let pointer = entry.pointee {
        own.append(String(cString: pointer))
        entry += 1
      }
      entries = own
    }
    return entries.filter { !secretVariables.contains(String($0.prefix { $0 != "=" })) }
  }

  /// A pipe whose ends are closed on exec, so a child given the read end does not also
  /// inherit the write end and wait forever for an end of input only it could give.
  static func pipe() throws(Error) -> (read: Int32, write: Int32) {
    var descriptors: [Int32] = [0, 0]
    try check(Glibc.pipe(&descriptors), "pipe")
    do {
      for descriptor in descriptors {
        try check(fcntl(descriptor, F_SETFD, FD_CLOEXEC), "fcntl(F_SETFD, FD_CLOEXEC)")
      }
    } catch {
      for descriptor in descriptors { close(descriptor) }
      throw error
    }
    return (descriptors[0], descriptors[1])
  }

  /// What a short-lived helper (`tmux display`) prints, read on this thread with a time
  /// bound: nil when it cannot start, fails, or takes longer than `timeout` (then it is
  /// killed). Only for the moment before the prompt, when nothing else waits on this thread.
  static func output(of argv: [String], timeout: Duration) -> String? {
    guard let (readEnd, writeEnd) = try? pipe() else { return nil }
    let pid: pid_t
    do {
      pid = try spawn(argv, stdin: nil, quiet: true, stdout: writeEnd)
    } catch {
      close(readEnd)
      close(writeEnd)
      return nil
    }
    close(writeEnd)
    defer { close(readEnd) }
    let deadline = ContinuousClock.now + timeout
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let left = deadline - ContinuousClock.now
      var ready = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
      let polled = left > .zero ? poll(&ready, 1, Int32((left / .milliseconds(1)).rounded(.up))) : 0
      if polled < 0, errno == EINTR { continue }
      // Too slow, or far more than a helper's answer: stopped, not waited for.
      guard polled > 0, bytes.count <= 65_536 else {
        kill(pid, SIGKILL)
        waitBlocking(pid)
        return nil
      }
      let count = buffer.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, $0.count) }
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
