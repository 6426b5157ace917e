import Foundation

/// A stand-in for any program a child of `movies` runs (`xdg-open`, the pager, `fzf`): it
/// writes down what it inherited, its open descriptors (read from its own `/proc/self/fd`)
/// and its environment, then reads its input to the end when asked (a pager) and exits with
/// the status asked (fzf's 1: nothing picked).
public struct StandInRecorder: StandIn {
  /// The stand-in itself.
  public let program: StandInProgram

  /// What the stand-in found.
  public struct Run: Sendable {
    /// Each open descriptor and what it is (`/proc/self/fd/N`'s link: a path, `pipe:[…]`,
    /// `socket:[…]`).
    public var descriptors: [Int32: String]
    /// Its environment.
    public var environment: [String: String]
  }

  /// Writes the stand-in called `name`.
  /// - Parameters:
  ///   - readsInput: reads its standard input to the end first, as a pager does.
  ///   - status: its exit status.
  public init(name: String, readsInput: Bool = false, status: Int32 = 0) throws {
    program = try StandInProgram(name: name) { record in
      """
      #!/usr/bin/env python3
      import json, os, sys
      \(StandInProgram.descriptorListing)
      if len(sys.argv) > 1 and sys.argv[1] == "--version":
          print("0.38.0")
          sys.exit(0)
      record = \(String(reflecting: record))
      with open(record + ".new", "w") as f:
          json.dump({"fds": descriptors, "env": dict(os.environ)}, f)
      os.rename(record + ".new", record)
      if \(readsInput ? "True" : "False"):
          sys.stdin.buffer.read()
          print("PAGER-RAN")
      sys.exit(\(status))
      """
    }
  }

  /// The record, once the stand-in has run; nil before.
  public func run() throws -> Run? {
    guard let object = try program.recorded() else { return nil }
    let descriptors = (object["fds"] as? [String: String] ?? [:]).reduce(into: [Int32: String]()) {
      if let number = Int32($1.key) { $0[number] = $1.value }
    }
    return Run(descriptors: descriptors, environment: object["env"] as? [String: String] ?? [:])
  }

  /// The program's path in its folder.
  public var executable: String { program.folder.appendingPathComponent(name).path }
  private var name: String {
    program.record.lastPathComponent.replacingOccurrences(of: "-ran.json", with: "")
  }
}
