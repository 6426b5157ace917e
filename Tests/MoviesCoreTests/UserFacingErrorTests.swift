import Foundation
import Testing

@testable import MovieSources
@testable import MoviesCore

/// Every core error explains itself without the program's flags, and names its code; the
/// remedy is left to the program, whose words reach both renderers.
@Suite(.timeLimit(.minutes(1))) struct UserFacingErrorTests {
  static let parse = MoviePageParser.Error.notJSON
  static let transfers: [TransferFailure] = [
    .connectionRefused, .hostNotFound, .connectionLost, .cutShort, .undecodable,
    .insecure("bad certificate"), .failed("oops"), .tooLarge(limit: 10),
    .headersTooLarge(limit: 10), .deadlineExceeded(.seconds(3)), .tooManyRedirects(limit: 5),
    .redirectToOtherScheme("ftp://x"),
  ]
  static let url = URL(fileURLWithPath: "/srv/hoppin/genres")

  /// One value of every case of every core type that conforms to ``UserFacingError``.
  static var everyError: [any UserFacingError] {
    var errors: [any UserFacingError] = []
    errors.append(
      contentsOf: [
        MoviePageParser.Error.notJSON, .missingHoppinObject, .unexpectedMoviesShape,
        .tooManyValues(limit: 5, containers: 5),
      ] as [MoviePageParser.Error])
    errors.append(contentsOf: [GenreListParser.Error.notAGenreList] as [GenreListParser.Error])
    for failure in transfers {
      errors.append(SourceHTTP.Failure.hoppin(.transfer(failure), .page(2), attempts: 3))
      errors.append(SourceHTTP.Failure.hoppin(.transfer(failure), .thumbnail))
    }
    errors.append(
      contentsOf: [
        .invalidPage(parse, page: 2), .badAnswer(parse, page: 2, excerpt: "Oops"),
        .unsupportedThumbnailAddress("ftp://x"),
      ] as [HoppinClient.Error])
    errors.append(
      contentsOf: [
        HoppinGenres.Error.notOffered(url), .invalid(.notAGenreList),
      ] as [HoppinGenres.Error])
    errors.append(
      contentsOf: [
        OfflineCatalogue.Error.unreadable(path: "/x"), .invalid(parse, path: "/x"),
        .unknownOrder("nope"), .thumbnailOutsideCatalogue("../x"), .thumbnailMissing("x.png"),
        .invalidGenres(.notAGenreList, path: "/x"),
      ] as [OfflineCatalogue.Error])
    errors.append(
      contentsOf: [
        ThumbnailStore.Error.noThumbnail(row: 1), .notAnImage(row: 1),
        .cannotWrite(path: "/x", reason: "Read-only file system"),
      ] as [ThumbnailStore.Error])
    errors.append(
      contentsOf: [ThumbnailPipeline.Error.notAnImage(url)] as [ThumbnailPipeline.Error])
    errors.append(
      contentsOf: [
        DiskCache.Error.tooLarge(byteCount: 10, limit: 5),
        .cannotWrite(path: "/x", reason: "Read-only file system"),
      ] as [DiskCache.Error])
    errors.append(
      contentsOf: [
        Browser.Error.noSuchRow(3, loaded: 0, more: true), .noSuchRow(30, loaded: 10, more: false),
        .nothingToSkip,
      ] as [Browser.Error])
    errors.append(
      contentsOf: [
        Command.ParseError.unknown("shwo"), .missingRow(command: "show"),
        .notARowNumber(command: "show", argument: "x"), .rowTooSmall(command: "show"),
        .unexpectedArgument(command: "list"), .notARowRange(command: "thumb", argument: "x"),
        .missingArgument(command: "find", example: "heat"), .notAnOrder("7"),
        .badOrder("rat", .nearMiss("rating")), .notAPageCount("x"),
      ] as [Command.ParseError])
    errors.append(
      contentsOf: [
        MovieSearch.Error.badYear("x"), .badRating("x"), .emptyFilter("year:"),
        .ratingOutOfRange("rating:>11"), .badVotes("votes:x"),
      ]
        as [MovieSearch.Error])
    errors.append(
      contentsOf: [
        CommandRunner.Error.noGenreList, .unknownGenre("x", known: ["Drama"]), .noLink(row: 1),
        .noPicker, .openFailed(row: 1, link: "http://x"), .cancelledAfter(row: 10),
      ] as [CommandRunner.Error])
    errors.append(
      contentsOf: [
        CommandRunner.PlayError.notPlayable, .noStream(row: 1), .noPlayer,
        .playerFailed(row: 1, status: 2, log: "/home/a/.local/state/movies/mpv.log"), .noTracks,
        .pastTheEnd(row: 1, start: 7200, length: 5400),
        .noSuchTrack(row: 1, kind: .audio, number: 3, count: 2),
      ] as [CommandRunner.PlayError])
    errors.append(
      contentsOf: [
        JellyfinClient.Error.noSuchUser("x", known: ["alice"]), .notAUserToken,
      ] as [JellyfinClient.Error])
    errors.append(
      contentsOf: [
        SourceHTTP.Unusable(
          problem: .unreadable("it is not JSON"), target: .page(1), server: "the Jellyfin server",
          address: JellyfinClient.server.address),
        SourceHTTP.Unusable(
          problem: .unknownOrder("x", known: ["added"]), target: .page(1), server: "the server",
          address: ""),
        SourceHTTP.Unusable(
          problem: .foreignAddress("http://x"), target: .poster, server: "the server",
          address: ""),
      ] as [SourceHTTP.Unusable])
    errors.append(
      contentsOf: [
        .hoppin(.status(404, reason: nil), .page(1)),
        .hoppin(.status(503, reason: nil), .thumbnail, attempts: 3),
        .hoppin(.asksToWait(503, .seconds(120)), .page(1), attempts: 1),
        .jellyfin(.transfer(.connectionRefused), .page(1)),
        .jellyfin(.refused(401, reason: nil), .users),
        .jellyfin(.refused(403, reason: nil), .page(2)),
        .jellyfin(.status(500, reason: nil), .genres),
        .jellyfin(.status(404, reason: nil), .poster),
        .tmdb(.refused(401, reason: "Invalid API key"), .page(1)),
      ] as [SourceHTTP.Failure])
    errors.append(
      ListSwitchFailure(
        failure: SourceHTTP.Failure.hoppin(.status(404, reason: nil), .page(1)), command: "genre 4")
    )
    errors.append(
      ListSwitchFailure(
        failure: SourceHTTP.Failure.hoppin(.transfer(.deadlineExceeded(.seconds(3))), .page(1)),
        command: "order ratingdesc"))
    errors.append(
      contentsOf: [
        WatchlistError.noSuchEntry(3, count: 0), .noSuchEntry(3, count: 2),
        .thumbnailElsewhere(entry: 1, source: "offline"),
      ] as [WatchlistError])
    errors.append(
      contentsOf: [
        LibraryError.notADatabase(path: "/x"), .notWritable(path: "/x"), .diskFull(path: "/x"),
        .notARegularFile(path: "/x"), .readOnly(path: "/x"),
        .newerVersion(path: "/x", version: 9, known: 2), .busy(path: "/x"),
        .cancelledWaiting(path: "/x"),
        .failed(path: "/x", reason: "I/O"), .off, .nothingSaved,
        .damagedSession(path: "/x", problem: "page size 0"), .otherSource(saved: "offline"),
      ] as [LibraryError])
    return errors
  }

  /// `--` and a letter: a flag's name.
  static func namesAFlag(_ text: String) -> Bool {
    text.firstRange(of: /--[a-z]/) != nil
  }

  @Test func noCoreMessageNamesAFlag() {
    #expect(Self.everyError.count > 80)
    for error in Self.everyError {
      #expect(!Self.namesAFlag(error.message), "\(error)")
      #expect(!Self.namesAFlag(ErrorDescriber.plain.message(for: error)), "\(error)")
      #expect(!error.message.isEmpty, "\(error)")
    }
    let remedies: [Remedy] = [
      .sourceAddress(HoppinClient.server.address), .timeout, .downloadFolder, .cacheFolder,
      .onlineSource,
    ]
    for remedy in remedies { #expect(!Self.namesAFlag(remedy.plainAdvice)) }
  }

  @Test func everyErrorHasItsCode() {
    let codes = Set(Self.everyError.map(\.code))
    // Every code but `internal`, which belongs to errors the core does not own.
    #expect(codes == Set(ErrorCode.allCases).subtracting([.internal]))
    #expect(ErrorDescriber.plain.code(for: CancellationError()) == .cancelled)
    #expect(ErrorDescriber.plain.code(for: CocoaError(.fileNoSuchFile)) == .internal)
  }

  @Test func theStableCodeNamesScriptsReadAreKept() {
    #expect(
      ErrorCode.allCases.map(\.rawValue) == [
        "usage", "no_such_row", "unknown_genre", "no_genre_list", "no_link", "source",
        "open_failed", "thumbnail", "watchlist", "no_session", "cancelled", "no_picker",
        "no_stream", "no_player", "play_failed", "internal",
      ])
  }

  @Test func theRemedyIsPhrasedByTheDescriberAfterTheMessage() {
    let error = SourceHTTP.Failure.hoppin(.status(404, reason: nil), .page(1))
    #expect(error.remedy == .sourceAddress(HoppinClient.server.address))
    let describer = ErrorDescriber { _ in "Fix sourceAddress." }
    #expect(
      describer.message(for: error)
        == "Could not load page 1: the server answered HTTP 404. Fix sourceAddress.")
    // A transient status says to try again and has no remedy; nor has a thumbnail's address,
    // which comes from the server.
    #expect(
      SourceHTTP.Failure.hoppin(.status(503, reason: nil), .page(1), attempts: 3).remedy == nil)
    let poster = SourceHTTP.Failure.hoppin(.status(404, reason: nil), .thumbnail)
    #expect(poster.remedy == nil)
    #expect(
      poster.message.hasSuffix(
        "HTTP 404. The server does not offer this image; the movie's other details still show."))
    let slow = SourceHTTP.Failure.hoppin(.transfer(.deadlineExceeded(.seconds(1))), .page(1))
    #expect(slow.remedy == .timeout)
    let text = TextRenderer(layout: .init(width: 80, palette: .plain), describer: describer)
      .render(CommandResult(outcome: .failure(error)))
    let json = JSONRenderer.render(
      CommandResult(outcome: .failure(error)), of: .more, describer: describer)
    #expect(text.error == describer.message(for: error))
    #expect(json.error == text.error)
    #expect(json.output.contains("Fix sourceAddress."))
  }
}
