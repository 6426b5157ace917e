import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Where things are when the tests run.
public enum TestPaths {
  /// The package's root folder.
  public static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()  // TestSupport
    .deletingLastPathComponent()  // Tests
    .deletingLastPathComponent()

  /// The bundled offline catalogue.
  public static let sampleData = packageRoot.appendingPathComponent("sample-data")

  /// The part of the IMDb CSV the local TMDb, Jellyfin and Plex serve (`Tests/Data/README.md`).
  public static let imdbCSV = packageRoot.appendingPathComponent("Tests/Data/imdb-movies.csv")

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

  /// Writes an executable shell script (a stand-in for `less`, `xdg-open`, `swift`).
  ///
  /// Written through a close-on-exec descriptor: a child another test spawns meanwhile would
  /// otherwise inherit it open for writing, and running the script would then fail "Text file
  /// busy", or the search for the program would go on to the real one further along PATH.
  public static func writeScript(_ text: String, to url: URL) throws {
    let descriptor = open(url.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
    guard descriptor >= 0 else { throw CocoaError(.fileWriteUnknown) }
    defer { close(descriptor) }
    // The mode given to open applies only to a new file.
    guard fchmod(descriptor, 0o755) == 0 else { throw CocoaError(.fileWriteUnknown) }
    let bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      let written = bytes[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
      if written < 0 && errno == EINTR { continue }
      guard written > 0 else { throw CocoaError(.fileWriteUnknown) }
      offset += written
    }
  }
}
