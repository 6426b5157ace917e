import Foundation
import Testing

@testable import MoviesCore

@Suite(.timeLimit(.minutes(1))) struct ThumbnailStoreTests {
  private static let png = Data(
    [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array("png body".utf8))
  private static let html = Data("<html><body>Not found</body></html>".utf8)
  private static let matrix = Movie(title: "The Matrix", thumbnail: "matrix.png")

  private static func source() -> FakeMovieSource {
    FakeMovieSource(movies: [], thumbnails: ["matrix.png": png, "error.html": html])
  }

  /// A store over `downloads/` and `cache/` in a fresh temporary folder.
  private func withStore(
    _ body: (ThumbnailStore, _ root: URL) async throws -> Void
  ) async throws {
    try await TemporaryFolder.with { root in
      let store = ThumbnailStore(
        downloadFolder: root.appendingPathComponent("downloads"),
        cacheFolder: root.appendingPathComponent("cache"))
      try await body(store, root)
    }
  }

  @Test func savesTheExactBytesUnderRowAndTitle() async throws {
    try await withStore { store, _ in
      let source = Self.source()
      let saved = try await store.save(Self.matrix, row: 12, from: source)
      #expect(saved.file.lastPathComponent == "12-the-matrix.png")
      #expect(saved.file.deletingLastPathComponent().path == store.downloadFolder.path)
      #expect(FileManager.default.contents(atPath: saved.file.path) == Self.png)
      #expect(saved.data == Self.png)
      #expect(saved.format == .png)
      #expect(saved.byteCount == Self.png.count)
      #expect(saved.origin != .diskCache)
      #expect(source.thumbnailRequestCount == 1)
      #expect(TemporaryFolder.names(in: store.downloadFolder) == ["12-the-matrix.png"])
    }
  }

  @Test func secondSaveUsesTheCacheAndTheSameFile() async throws {
    try await withStore { store, _ in
      let source = Self.source()
      let first = try await store.save(Self.matrix, row: 12, from: source)
      let second = try await store.save(Self.matrix, row: 12, from: source)
      #expect(second.origin == .memoryCache)
      #expect(second.file == first.file)
      #expect(source.thumbnailRequestCount == 1)
      #expect(TemporaryFolder.names(in: store.downloadFolder) == ["12-the-matrix.png"])
    }
  }

  @Test func cacheSurvivesANewStore() async throws {
    try await withStore { store, root in
      let source = Self.source()
      _ = try await store.save(Self.matrix, row: 12, from: source)
      let later = ThumbnailStore(
        downloadFolder: root.appendingPathComponent("elsewhere"), cacheFolder: store.cacheFolder)
      let saved = try await later.save(Self.matrix, row: 12, from: source)
      #expect(saved.origin == .diskCache)
      #expect(FileManager.default.contents(atPath: saved.file.path) == Self.png)
      #expect(source.thumbnailRequestCount == 1)
    }
  }

  @Test func aBodyThatIsNotAnImageWritesNothing() async throws {
    try await withStore { store, _ in
      let movie = Movie(title: "Broken", thumbnail: "error.html")
      let error = await #expect(throws: ThumbnailStore.Error.self) {
        try await store.save(movie, row: 3, from: Self.source())
      }
      guard case .notAnImage(let row)? = error else {
        Issue.record("expected notAnImage, got \(String(describing: error))")
        return
      }
      #expect(row == 3)
      #expect(TemporaryFolder.names(in: store.downloadFolder).isEmpty)
      let entries = try #require(store.cacheEntriesFolder)
      #expect(TemporaryFolder.names(in: entries).isEmpty)
    }
  }

  @Test func anExistingFileIsNotOverwritten() async throws {
    try await withStore { store, _ in
      try FileManager.default.createDirectory(
        at: store.downloadFolder, withIntermediateDirectories: true)
      let existing = store.downloadFolder.appendingPathComponent("12-the-matrix.png")
      try Data("my notes".utf8).write(to: existing)

      let saved = try await store.save(Self.matrix, row: 12, from: Self.source())
      #expect(saved.file.lastPathComponent == "12-the-matrix-2.png")
      #expect(FileManager.default.contents(atPath: existing.path) == Data("my notes".utf8))
      #expect(FileManager.default.contents(atPath: saved.file.path) == Self.png)
    }
  }

  @Test func aPlantedSymlinkIsNotFollowed() async throws {
    try await withStore { store, root in
      let victim = root.appendingPathComponent("victim.txt")
      try Data("original".utf8).write(to: victim)
      try FileManager.default.createDirectory(
        at: store.downloadFolder, withIntermediateDirectories: true)
      let link = store.downloadFolder.appendingPathComponent("12-the-matrix.png")
      try FileManager.default.createSymbolicLink(at: link, withDestinationURL: victim)

      let saved = try await store.save(Self.matrix, row: 12, from: Self.source())
      #expect(saved.file.lastPathComponent == "12-the-matrix-2.png")
      #expect(FileManager.default.contents(atPath: victim.path) == Data("original".utf8))
      #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == victim.path)
    }
  }

  @Test(arguments: [
    ("../../etc/passwd", "1-etc-passwd.png"), ("a/b", "1-a-b.png"), ("..", "1.png"),
    ("/", "1.png"),
  ])
  func pathCharactersInTheTitleStayInTheFolder(title: String, name: String) async throws {
    try await withStore { store, root in
      let movie = Movie(title: title, thumbnail: "matrix.png")
      let saved = try await store.save(movie, row: 1, from: Self.source())
      #expect(saved.file.lastPathComponent == name)
      let folder = saved.file.standardizedFileURL.deletingLastPathComponent()
      #expect(folder.path == store.downloadFolder.standardizedFileURL.path)
      #expect(TemporaryFolder.names(in: root) == ["cache", "downloads"])
    }
  }

  @Test func longTitleInDecomposedHangulSaves() async throws {
    // 60 letters of "가" as two jamo each: 6 UTF-8 bytes a letter, 360 bytes of slug, more
    // than the 255 bytes a file name may have.
    let title = String(repeating: "\u{1100}\u{1161}", count: 60)
    try await withStore { store, _ in
      let movie = Movie(title: title, thumbnail: "matrix.png")
      let saved = try await store.save(movie, row: 1, from: Self.source())
      #expect(FileManager.default.contents(atPath: saved.file.path) == Self.png)
    }
  }

  @Test func noThumbnailAddress() async throws {
    try await withStore { store, _ in
      let source = Self.source()
      let error = await #expect(throws: ThumbnailStore.Error.self) {
        try await store.save(Movie(title: "Bare"), row: 4, from: source)
      }
      guard case .noThumbnail(let row)? = error else {
        Issue.record("expected noThumbnail, got \(String(describing: error))")
        return
      }
      #expect(row == 4)
      #expect(source.thumbnailRequestCount == 0)
    }
  }

  @Test(
    arguments: [
      ([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00], ImageFormat.png),
      ([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10], .jpeg),
      (Array("GIF87a...".utf8), .gif),
      (Array("GIF89a...".utf8), .gif),
      (Array("RIFF".utf8) + [0x24, 0, 0, 0] + Array("WEBPVP8 ".utf8), .webp),
      (Array("RIFF".utf8) + [0x24, 0, 0, 0] + Array("WAVEfmt ".utf8), nil),
      (Array("<!DOCTYPE html>".utf8), nil),
      ([0x89, 0x50, 0x4E, 0x47], nil),
      ([], nil),
    ] as [([UInt8], ImageFormat?)])
  func sniffsTheFormat(bytes: [UInt8], format: ImageFormat?) {
    #expect(ImageFormat(sniffing: Data(bytes)) == format)
  }

  @Test func downloadNames() {
    #expect(DownloadName.make(row: 3, title: "올드보이", format: .jpeg) == "3-올드보이.jpg")
    #expect(DownloadName.make(row: 7, title: "살인의 추억 (2003)", format: .png) == "7-살인의-추억-2003.png")
    #expect(
      DownloadName.make(row: 12, title: "The Matrix", format: .gif, attempt: 2)
        == "12-the-matrix-2.gif")
  }

  @Test func downloadNamesAreCutBetweenCharactersToFitInBytes() {
    let marks = "Z" + String(repeating: "\u{301}", count: 200)
    #expect(marks.count == 1 && marks.utf8.count == 401)
    #expect(DownloadName.make(row: 1, title: marks, movieID: "m/7", format: .png) == "1-id-m-7.png")
    #expect(DownloadName.make(row: 1, title: marks, format: .png) == "1.png")
    let long = DownloadName.make(
      row: 2, title: "ab " + marks + String(repeating: "가", count: 100), format: .jpeg)
    #expect(long == "2-ab.jpg")
    let korean = DownloadName.make(row: 3, title: String(repeating: "가", count: 100), format: .gif)
    #expect(korean == "3-" + String(repeating: "가", count: 40) + ".gif")
  }
}
