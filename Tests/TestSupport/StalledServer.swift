import Foundation

/// A loopback server that accepts connections and never answers, so a load waits until it
/// is cancelled: for the spinner and Ctrl-C.
public final class StalledServer {
  public enum ServerError: Error {
    case noPort(String)
  }

  /// `http://127.0.0.1:PORT/hoppin/movies`
  public let apiURL: URL
  private let process: Process

  public init() throws {
    process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "python3", "-c",
      """
      import socket, time
      server = socket.socket()
      server.bind(("127.0.0.1", 0))
      server.listen(8)
      print(server.getsockname()[1], flush=True)
      held = []
      while True:
          held.append(server.accept())
      """,
    ]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    var line = Data()
    while !line.contains(UInt8(ascii: "\n")) {
      let chunk = output.fileHandleForReading.availableData
      if chunk.isEmpty { break }
      line.append(chunk)
    }
    let text = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    guard let port = Int(text), let url = URL(string: "http://127.0.0.1:\(port)/hoppin/movies")
    else {
      kill(process.processIdentifier, SIGKILL)
      throw ServerError.noPort(text)
    }
    apiURL = url
  }

  deinit { stop() }

  /// SIGKILL, as for ``HoppinTestServer/stop()``: the child may not see SIGTERM.
  public func stop() {
    if process.isRunning {
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
    }
  }
}
