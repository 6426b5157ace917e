import Foundation

/// One of the repo's Python test servers as a child process: started with `--port 0`, and
/// known by the `listening on URL` line it prints first.
public final class LocalServerProcess {
  public enum StartError: Error {
    case noListeningLine(String)
  }

  /// `http://127.0.0.1:PORT`
  public let baseURL: URL
  private let process: Process

  /// Starts `scripts/<script>` with `arguments` and waits for its first line.
  public init(script: String, arguments: [String]) async throws {
    process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments =
      ["python3", TestPaths.packageRoot.appendingPathComponent("scripts/\(script)").path]
      + ["--host", "127.0.0.1", "--port", "0"] + arguments
    let output = Pipe()
    process.standardOutput = output
    try process.run()
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
      throw StartError.noListeningLine(text)
    }
    baseURL = url
  }

  deinit { stop() }

  /// SIGKILL, because a child started from a Dispatch worker thread inherits its blocked
  /// signal mask and would never see SIGTERM.
  public func stop() {
    if process.isRunning {
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
    }
  }
}
