import Foundation
import MoviesCore
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// mpv's JSON IPC (`--input-ipc-server`), the one type that holds its socket. A thread of
/// its own connects as soon as mpv has made the socket, asks mpv to report `time-pos`,
/// `duration` and `pause` as they change (`observe_property`), and tells a
/// ``PlayerProgress`` what mpv says, one JSON object a line, until mpv closes the socket.
/// Nothing here blocks a task: the thread sleeps in `poll`, woken through a pipe.
final class MPVConnection: Sendable {
  /// What the thread is asked to do, through the wake pipe.
  private enum Wish: UInt8 {
    case quit = 0x71  // "q": ask mpv to quit
    case end = 0x78  // "x": mpv has exited; stop
  }

  /// A line longer than this is not one of the messages read (mpv's are a few hundred bytes).
  private static let longestLine = 1 << 16

  private let path: String
  private let progress: PlayerProgress
  private let connected: @Sendable () -> Void
  /// Read by the thread, written by ``quit()`` and ``end()``; closed when the last reference
  /// goes, after the thread (which holds one) is done, so no write reaches a reused number.
  private let wake: (read: Int32, write: Int32)
  /// Whether the thread has stopped, and who waits for it to (``end()``).
  private let stopped = Mutex<(done: Bool, waiter: CheckedContinuation<Void, Never>?)>(
    (false, nil))

  /// Starts the thread, which connects to the socket at `path` once mpv has made it and then
  /// calls `connected` (the socket's name is no longer needed).
  init(
    socket path: String, progress: PlayerProgress, connected: @escaping @Sendable () -> Void
  ) throws(ChildProcess.Error) {
    self.path = path
    self.progress = progress
    self.connected = connected
    wake = try ChildProcess.pipe()
    let thread = Thread { [self] in
      run()
      let waiter = stopped.withLock { state in
        state.done = true
        return state.waiter.take()
      }
      waiter?.resume()
    }
    thread.name = "movies-mpv-ipc"
    thread.start()
  }

  deinit {
    close(wake.read)
    close(wake.write)
  }

  /// Asks mpv to quit (Ctrl-C during `play`), as soon as the socket is connected.
  func quit() { send(.quit) }

  /// mpv has exited: the thread reads what mpv said last and stops, connected or not; this
  /// returns once it has, so the progress holds all of it.
  func end() async {
    send(.end)
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let done = stopped.withLock { state in
        if !state.done { state.waiter = continuation }
        return state.done
      }
      if done { continuation.resume() }
    }
  }

  private func send(_ wish: Wish) {
    var byte = wish.rawValue
    _ = Glibc.write(wake.write, &byte, 1)
  }

  // MARK: - The thread

  private func run() {
    var quitting = false
    guard let socket = connect(quitting: &quitting) else { return }
    defer { close(socket) }
    connected()
    for (id, name) in PlayerProgress.mpvObserved.sorted(by: { $0.key < $1.key }) {
      write(["command": ["observe_property", id, name], "request_id": id], to: socket)
    }
    if quitting { write(["command": ["quit"]], to: socket) }
    var pending: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 8192)
    while true {
      var ready = [
        pollfd(fd: socket, events: Int16(POLLIN), revents: 0),
        pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0),
      ]
      if poll(&ready, 2, -1) < 0 {
        if errno == EINTR { continue }
        return
      }
      if ready[0].revents != 0, !receive(from: socket, into: &pending, buffer: &buffer) {
        return  // mpv closed the socket, or it failed
      }
      if ready[1].revents != 0 {
        switch takeWish() {
        case .end:
          // mpv has exited, so all it said, its last position too, waits in the socket.
          while receive(from: socket, into: &pending, buffer: &buffer, flags: Int32(MSG_DONTWAIT)) {
          }
          return
        case .quit: write(["command": ["quit"]], to: socket)
        case nil: break
        }
      }
    }
  }

  /// Reads what the socket has and hands each whole line to the progress; false at its
  /// end, on a failure, or (with `MSG_DONTWAIT`) when nothing more is there.
  private func receive(
    from socket: Int32, into pending: inout [UInt8], buffer: inout [UInt8], flags: Int32 = 0
  ) -> Bool {
    var count: Int
    repeat {
      count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, flags) }
    } while count < 0 && errno == EINTR
    guard count > 0 else { return false }
    pending += buffer[..<count]
    while let end = pending.firstIndex(of: UInt8(ascii: "\n")) {
      progress.read(mpvLine: pending[..<end])
      pending.removeSubrange(...end)
    }
    if pending.count > Self.longestLine { pending.removeAll() }
    return true
  }

  /// Connects once mpv has made the socket, trying again a little later each time; nil
  /// when mpv exits first. A quit asked for meanwhile is remembered in `quitting`.
  private func connect(quitting: inout Bool) -> Int32? {
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let bytes = Array(path.utf8)
    guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return nil }
    withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
    var wait: Int32 = 5
    while true {
      let socket = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue), 0)
      guard socket >= 0 else { return nil }
      let status = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
        }
      }
      if status == 0 { return socket }
      close(socket)
      var ready = pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0)
      if poll(&ready, 1, wait) > 0 {
        switch takeWish() {
        case .end: return nil
        case .quit: quitting = true
        case nil: break
        }
      }
      wait = min(100, wait * 2)
    }
  }

  private func takeWish() -> Wish? {
    var byte: UInt8 = 0
    return Glibc.read(wake.read, &byte, 1) == 1 ? Wish(rawValue: byte) : nil
  }

  /// Sends one command, a line of JSON; a failure shows as the socket's end, read next.
  private func write(_ command: [String: Any], to socket: Int32) {
    guard var line = try? JSONSerialization.data(withJSONObject: command) else { return }
    line.append(UInt8(ascii: "\n"))
    var sent = 0
    while sent < line.count {
      let count = line.withUnsafeBytes {
        Glibc.send(socket, $0.baseAddress?.advanced(by: sent), $0.count - sent, Int32(MSG_NOSIGNAL))
      }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { return }
      sent += count
    }
  }
}
