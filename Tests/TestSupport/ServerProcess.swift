import Foundation

/// A local test server run as a child process: one of the repo's Python servers, which print
/// `listening on http://HOST:PORT` once bound.
enum ServerProcess {
  /// The server printed something else first: it did not start.
  struct NoListeningLine: Error, CustomStringConvertible {
    var line: String
    var description: String { "the server did not start: \(line)" }
  }

  /// Starts `arguments` under `/usr/bin/env` and waits for its listening line; returns the
  /// process and the address it listens on.
  static func start(_ arguments: [String]) async throws -> (Process, URL) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    try process.run()

    // The first line says where it listens; reading it blocks until Python has started.
    let reader = output.fileHandleForReading
    let line = try await offThePool {
      var line = Data()
      while !line.contains(UInt8(ascii: "\n")) {
        let chunk = reader.availableData
        if chunk.isEmpty { break }
        line.append(chunk)
      }
      return line
    }
    let text = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    guard text.hasPrefix("listening on "), let url = URL(string: String(text.dropFirst(13))) else {
      kill(process.processIdentifier, SIGKILL)
      throw NoListeningLine(line: text)
    }
    return (process, url)
  }

  /// Stops it. SIGKILL, because a child started from a Dispatch worker thread inherits its
  /// blocked signal mask, and the server would never see SIGTERM.
  static func stop(_ process: Process) {
    if process.isRunning {
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
    }
  }
}
