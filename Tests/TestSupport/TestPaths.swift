import Foundation

/// Where things are when the tests run.
public enum TestPaths {
  /// The package's root folder.
  public static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()  // TestSupport
    .deletingLastPathComponent()  // Tests
    .deletingLastPathComponent()

  /// The bundled offline catalogue.
  public static let sampleData = packageRoot.appendingPathComponent("sample-data")

  /// The built `movies` binary: `MOVIES_BIN`, else beside the test bundle in the build folder.
  public static var moviesExecutable: URL {
    if let path = ProcessInfo.processInfo.environment["MOVIES_BIN"] {
      return URL(fileURLWithPath: path)
    }
    return URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
      .deletingLastPathComponent().appendingPathComponent("movies")
  }

  /// A new empty folder under the system's temporary folder.
  public static func makeTemporaryFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("movies-tests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }
}
