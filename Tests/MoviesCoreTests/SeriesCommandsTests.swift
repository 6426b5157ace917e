import Testing

@testable import MoviesCore

/// `series`, `films`, `episodes N [S]` and `back` over a fake source with series: what each
/// asks of the source, what it refuses, and the rows, table cells and JSON of the kinds.
@Suite(.timeLimit(.minutes(1))) struct SeriesCommandsTests {
  private let layout = TextRenderer.Layout(width: 100, palette: .plain, unicode: true)

  private static func capabilities(tracks: Bool) -> SourceCapabilities {
    var capabilities = SourceCapabilities()
    capabilities.listsSeries = true
    capabilities.tracksEpisodes = tracks
    return capabilities
  }

  private func source(tracks: Bool = true) -> FakeMovieSource {
    FakeMovieSource(
      movies: FakeMovieSource.numbered(30), capabilities: Self.capabilities(tracks: tracks),
      series: .numbered(12, seasons: 3, episodes: 4))
  }

  private func run(_ line: String, on runner: CommandRunner) async throws -> Reply {
    await runner.run(try #require(try Command.parse(line)), layout: layout)
  }

  @Test func seriesIsRefusedWithoutAskingWhereTheSourceHasNone() async throws {
    let source = FakeMovieSource(movieCount: 30)
    let runner = CommandRunner(testing: source)
    _ = try await run("more", on: runner)
    let reply = try await run("series", on: runner)
    #expect(reply.error == SourceRefusal.noSeries.message)
    #expect(source.requestedPages == [1])
    let episodes = try await run("episodes 1", on: runner)
    #expect(episodes.error == SourceRefusal.noSeries.message)
  }

  @Test func seriesAndFilmsRestartTheListWithEachKind() async throws {
    let source = source()
    let runner = CommandRunner(testing: source)
    _ = try await run("more", on: runner)
    let series = try await run("series", on: runner)
    #expect(series.error == nil)
    #expect(series.output.contains("Show 1 (3 seasons)"))
    #expect(StatusLine.prompt(try #require(series.list)) == "movies series 10/12> ")
    let films = try await run("films", on: runner)
    #expect(films.output.contains("Movie 1"))
    #expect(source.queries.map(\.listing) == [.titles(.film), .titles(.series), .titles(.film)])
  }

  @Test func episodesGoesToTheSeasonOfTheNextEpisodeAndBackComesOut() async throws {
    let source = source()
    let runner = CommandRunner(testing: source)
    _ = try await run("series", on: runner)
    _ = try await run("more", on: runner)
    let episodes = try await run("episodes 12", on: runner)
    #expect(episodes.error == nil, "\(episodes.error ?? "")")
    // The fake's next up is the last season's first episode.
    #expect(source.seriesCalls == ["seasons s12", "next s12"])
    #expect(episodes.output.contains("S03E01 Episode 1 · 43 min"))
    #expect(!episodes.output.contains("Show 12 S03E01"), "the season's rows need no series")
    #expect(StatusLine.prompt(try #require(episodes.list)) == "movies show 12·s3 4> ")
    #expect(episodes.output.contains("All 4 episodes loaded."))
    let asked = source.requests.count

    let back = try await run("back", on: runner)
    #expect(back.error == nil)
    #expect(source.requests.count == asked, "back asks for nothing")
    #expect(back.output.contains("Show 12 (3 seasons)"))
    #expect(back.output.contains("Show 11"), "the page holding row 12")
    #expect(StatusLine.prompt(try #require(back.list)) == "movies series 12> ")
    #expect(try await run("back", on: runner).error == Browser.Error.nothingBehind.message)
  }

  @Test func episodesOfASeasonByNumberOrTheFirstWithoutNextUp() async throws {
    let source = source(tracks: false)
    let runner = CommandRunner(testing: source)
    _ = try await run("series", on: runner)
    let first = try await run("episodes 2", on: runner)
    #expect(first.output.contains("S01E04"))
    #expect(source.seriesCalls == ["seasons s2"], "no next up asked of a source that has none")
    _ = try await run("back", on: runner)
    let second = try await run("episodes 2 2", on: runner)
    #expect(second.output.contains("S02E01"))
    let missing = try await run("episodes 2 7", on: runner)
    #expect(missing.error == "\"Show 2\" has no season 7; its seasons are 1 to 3.")
  }

  @Test func aFilmHasNoEpisodes() async throws {
    let runner = CommandRunner(testing: source())
    _ = try await run("more", on: runner)
    let reply = try await run("episodes 3", on: runner)
    #expect(reply.error?.hasPrefix("Row 3, \"Movie 3\", is a film") == true)
    #expect(throws: Command.ParseError.notASeason("x")) { try Command.parse("episodes 3 x") }
    #expect(throws: Command.ParseError.self) { try Command.parse("episodes") }
  }

  @Test func aSeasonWithoutEpisodesSaysSoAndStaysOut() async throws {
    var series = FakeSeries.numbered(2, seasons: 2, episodes: 3)
    series.episodes["s1"]?[1] = []
    let source = FakeMovieSource(
      movies: [], capabilities: Self.capabilities(tracks: false), series: series)
    let runner = CommandRunner(testing: source)
    _ = try await run("series", on: runner)
    let reply = try await run("episodes 1 1", on: runner)
    #expect(reply.error == "Season 1 of \"Show 1\" has no episodes.")
    #expect(await runner.browser.listsBelow == 0)
    #expect(await runner.browser.status.query.listing == .titles(.series))
  }

  @Test func rowsTitlesAndProgressByKind() {
    let place = EpisodePlace(seriesID: "7", seriesTitle: "The 100", season: 1, episode: 2)
    let episode = Movie(
      id: "e", title: "Earth Skills", runningTime: 43, kind: .episode, episode: place)
    #expect(episode.rowTitle() == "The 100 S01E02 Earth Skills · 43 min")
    #expect(episode.rowTitle(withSeries: false) == "S01E02 Earth Skills · 43 min")
    func series(_ seen: Int?, of episodes: Int) -> Movie {
      Movie(
        id: "7", title: "서울의 밤", kind: .series,
        seriesCounts: SeriesCounts(seasons: 1, episodes: episodes, seen: seen))
    }
    #expect(series(4, of: 18).seriesProgress == "4/18")
    #expect(series(18, of: 18).seriesProgress == "✓")
    #expect(series(0, of: 18).seriesProgress == "")
    #expect(series(nil, of: 18).seriesProgress == nil)
    #expect(series(120, of: 240).seriesProgress == "50%")
    #expect(series(1, of: 2).rowTitle() == "서울의 밤 (1 season)")
    // A hostile number is bounded.
    #expect(
      EpisodePlace(seriesID: nil, seriesTitle: "", season: -3, episode: .max).code == "S00E9999")
  }

  @Test func aWideSeriesTitleLinesUp() {
    let rows = [
      Movie(id: "1", title: "서울의 밤", kind: .series, seriesCounts: SeriesCounts(seasons: 2)),
      Movie(id: "2", title: "Lowland", kind: .series, seriesCounts: SeriesCounts(seasons: 3)),
    ]
    let table = MovieTable(width: 80, largestRow: 2, palette: .plain, firstPage: rows)
    let lines = table.rows(rows, firstRow: 1).split(separator: "\n").map(String.init)
    let columns = lines.map { line in
      DisplayWidth.columns(of: String(line.prefix { $0 != "–" }))
    }
    #expect(Set(columns).count == 1, "\(lines)")
  }

  @Test func aFilmAndASeriesOfOneIDHaveTwoKeys() {
    let film = Movie(id: "1399", title: "A Film")
    let series = Movie(id: "1399", title: "A Series", kind: .series)
    #expect(WatchEntry.key(for: film) == "id:1399", "films keep the keys they had")
    #expect(WatchEntry.key(for: series) == "series:1399")
    #expect(film.identity != series.identity)
  }

  @Test func jsonRowsCarryTheirKindAndPlace() {
    func text(_ value: JSONValue?) -> String? {
      if case .string(let text) = value { return text }
      return nil
    }
    func number(_ value: JSONValue?) -> Int? {
      if case .int(let number) = value { return number }
      return nil
    }
    let place = EpisodePlace(seriesID: "7", seriesTitle: "The 100", season: 1, episode: 2)
    let episode = JSONFields.movieFields(
      Movie(id: "e", title: "Earth Skills", kind: .episode, episode: place), row: 1,
      watched: false)
    #expect(text(episode["kind"]) == "episode")
    #expect(text(episode["series"]) == "The 100")
    #expect(number(episode["season"]) == 1 && number(episode["episode"]) == 2)
    let series = JSONFields.movieFields(
      Movie(
        id: "7", title: "The 100", kind: .series,
        seriesCounts: SeriesCounts(seasons: 7, episodes: 100, seen: 4)),
      row: 1, watched: false)
    #expect(text(series["kind"]) == "series")
    #expect(number(series["seasons"]) == 7 && number(series["episodes"]) == 100)
    #expect(number(series["seen"]) == 4)
    let film = JSONFields.movieFields(Movie(title: "F"), row: 1, watched: false)
    #expect(text(film["kind"]) == "film")
  }

  @Test func showOfASeriesAndAnEpisode() {
    let series = Movie(
      id: "7", title: "The 100", overview: "Survivors return.", kind: .series,
      seriesCounts: SeriesCounts(seasons: 7, episodes: 100, seen: 4), creators: ["Jason"])
    let text = MovieDetails.render(series, row: 1, palette: .plain, width: 80)
    #expect(text.contains("7 seasons, 100 episodes"))
    #expect(text.contains("4 of 100 episodes seen"))
    #expect(text.contains("Creators") && text.contains("Jason"))
    let place = EpisodePlace(seriesID: "7", seriesTitle: "The 100", season: 1, episode: 2)
    let episode = Movie(id: "e", title: "Earth Skills", kind: .episode, episode: place)
    #expect(
      MovieDetails.render(episode, row: 1, palette: .plain, width: 80).contains("The 100 S01E02"))
  }
}
