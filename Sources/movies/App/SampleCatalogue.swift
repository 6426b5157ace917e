import Foundation

/// Finds the bundled offline catalogue (`sample-data/`) from wherever the program runs.
enum SampleCatalogue {
  /// The folder, searched upwards from the executable: `swift run` builds into
  /// `.build/<triple>/debug/`, three levels below the package, and an installed program looks
  /// in `<prefix>/share/movies/`.
  static func locate() -> URL? {
    var folder = Terminal.executableURL.deletingLastPathComponent()
    for _ in 0..<6 {
      for candidate in ["sample-data", "share/movies/sample-data"] {
        let url = folder.appendingPathComponent(candidate, isDirectory: true)
        if FileManager.default.fileExists(atPath: url.appendingPathComponent("catalogue.json").path)
        {
          return url
        }
      }
      folder = folder.deletingLastPathComponent()
    }
    return nil
  }
}
