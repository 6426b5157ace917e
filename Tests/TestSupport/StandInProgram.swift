import Foundation

/// A stand-in for an installed program (`mpv`, `fzf`): a script in a folder of its own, put
/// first on `PATH`, that writes what it was given to one JSON record.
public struct StandInProgram {
  /// The folder the program is in, to put first on `PATH`.
  public let folder: URL
  /// Its record: one JSON object, once it has run.
  public let record: URL

  /// Writes the script called `name`; `script` gets the record's path.
  public init(name: String, script: (_ record: String) -> String) throws {
    folder = try TestPaths.makeTemporaryFolder()
    record = folder.appendingPathComponent("\(name)-ran.json")
    try TestPaths.writeScript(script(record.path), to: folder.appendingPathComponent(name))
  }

  /// The record's object; nil before the program ran.
  public func recorded() throws -> [String: Any]? {
    guard let data = FileManager.default.contents(atPath: record.path) else { return nil }
    return try JSONSerialization.jsonObject(with: data) as? [String: Any]
  }

  /// `PATH` with the stand-in first.
  public func path(_ environment: [String: String] = ProcessInfo.processInfo.environment)
    -> String
  {
    folder.path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
  }

  /// Python lines that put the descriptors the program inherited in `descriptors` (each
  /// with its `/proc/self/fd` link), to run before it opens anything: the listing's own
  /// descriptor is closed by the time the links are read, so it is not among them.
  public static let descriptorListing = """
    descriptors = {}
    for fd in os.listdir("/proc/self/fd"):
        try:
            descriptors[fd] = os.readlink("/proc/self/fd/" + fd)
        except OSError:
            pass
    """

  /// Removes the folder and the program in it.
  public func remove() {
    try? FileManager.default.removeItem(at: folder)
  }
}

/// A test's handle on a stand-in program, with its `PATH` and clean-up.
public protocol StandIn {
  var program: StandInProgram { get }
}

extension StandIn {
  /// `PATH` with the stand-in first.
  public func path(_ environment: [String: String] = ProcessInfo.processInfo.environment)
    -> String
  {
    program.path(environment)
  }

  /// Removes the stand-in.
  public func remove() { program.remove() }
}
