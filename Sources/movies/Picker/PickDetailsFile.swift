import Foundation
import MoviesCore

#if canImport(Glibc)
  import Glibc
#endif

/// What `pick` hands its preview of one row's details (``PickDetails``): `details-N` in the
/// pick folder, a small JSON object with the running time and where it streams, or
/// `{"failed":true}` when the source could not say; and `details-wanted-N`, the preview's
/// ask for row N first. Names are made from a row's place alone, so nothing is written
/// outside the folder, and a file is whole under its name or not there (written aside, then
/// renamed).
enum PickDetailsFile {
  /// What the preview learns of a row.
  enum Found: Equatable {
    case fetched(runningTime: Int?, providers: WatchProviders?)
    case failed
  }

  static let prefix = "details-"
  static let wantedPrefix = "details-wanted-"
  /// The most a details file may hold: a few hundred bytes, and a few KB of services.
  static let byteLimit = 64 * 1024

  /// The fields of `movie` that the source's `later` fields would add and the row lacks:
  /// what `pick` fetches and its preview waits for. Rows in the pick file never carry where
  /// a film streams, so both sides judge from the same fields.
  static func missing(_ later: [MovieDetails.LaterField], in movie: Movie)
    -> [MovieDetails.LaterField]
  {
    later.filter { field in
      switch field {
      case .runningTime: movie.runningTime == nil
      case .whereToWatch: movie.providers == nil
      }
    }
  }

  /// Writes what the source said of place `place` (nil: it could not say), aside and then
  /// renamed into place, so the preview never reads half a file.
  static func write(_ movie: Movie?, place: Int, in folder: URL) {
    let target = folder.appendingPathComponent("\(prefix)\(place)")
    let aside = folder.appendingPathComponent(".\(prefix)\(place)-\(UUID().uuidString).part")
    let descriptor = open(aside.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
    guard descriptor >= 0 else { return }
    let data = encode(movie)
    let written = data.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
    close(descriptor)
    if written != data.count || rename(aside.path, target.path) != 0 {
      unlink(aside.path)
    }
  }

  /// What is known of place `place`; nil while it is not fetched (or the file is not one of
  /// ours: a link, a FIFO, or not this shape).
  static func read(place: Int, in folder: URL) -> Found? {
    guard
      let file = RegularFile.read(
        folder.appendingPathComponent("\(prefix)\(place)").path, upTo: byteLimit, links: .refuse),
      let object = try? JSONSerialization.jsonObject(with: file.data) as? [String: Any]
    else { return nil }
    if object["failed"] as? Bool == true { return .failed }
    let minutes = (object["runningTime"] as? Int).flatMap { (1...100_000).contains($0) ? $0 : nil }
    return .fetched(runningTime: minutes, providers: providers(object["providers"]))
  }

  /// From the preview: asks for place `place` before the rest.
  static func want(_ place: Int, in folder: URL) {
    _ = FileManager.default.createFile(
      atPath: folder.appendingPathComponent("\(wantedPrefix)\(place)").path, contents: nil)
  }

  /// The places asked for, newest first, their files removed.
  static func takeWanted(in folder: URL) -> [Int] {
    PickFolder.takeAsks(prefix: wantedPrefix, in: folder)
  }

  private static func encode(_ movie: Movie?) -> Data {
    guard let movie else { return Data(#"{"failed":true}"#.utf8) }
    var object: [String: Any] = [:]
    object["runningTime"] = movie.runningTime
    if let offers = movie.providers {
      var entry: [String: Any] = [
        "region": offers.region, "stream": offers.stream, "rent": offers.rent, "buy": offers.buy,
      ]
      entry["link"] = offers.link
      object["providers"] = entry
    }
    return (try? JSONSerialization.data(withJSONObject: object)) ?? Data("{}".utf8)
  }

  private static func providers(_ value: Any?) -> WatchProviders? {
    guard let entry = value as? [String: Any], let region = entry["region"] as? String else {
      return nil
    }
    func names(_ key: String) -> [String] {
      (entry[key] as? [Any] ?? []).compactMap { $0 as? String }
    }
    return WatchProviders(
      region: region, stream: names("stream"), rent: names("rent"), buy: names("buy"),
      link: entry["link"] as? String)
  }
}
