import Testing

@testable import MoviesCore

@Suite(.timeLimit(.minutes(1))) struct CompletionTableTests {
  private let table = CompletionTable(
    moreRemains: false, view: .rows([11, 12, 20]), genres: ["Drama", "Documentary", "Comedy"])

  @Test func theFirstWordCompletesCommandNames() {
    #expect(table.complete("sh") == .init(word: "sh", matches: ["show"]))
    #expect(table.complete("mo").matches.isEmpty, "more is not offered once all is loaded")
    var loading = table
    loading.moreRemains = true
    #expect(loading.complete("mo").matches == ["more"])
  }

  @Test(arguments: ["show", "thumb", "open"])
  func rowCommandsCompleteTheRowsOnScreen(command: String) {
    #expect(table.complete("\(command) ").matches == ["11", "12", "20"])
    #expect(table.complete("\(command) 1") == .init(word: "1", matches: ["11", "12"]))
  }

  @Test func genreCompletesNamesIgnoringCase() {
    #expect(table.complete("genre d") == .init(word: "d", matches: ["Drama", "Documentary"]))
    #expect(table.complete("genre  COM").matches == ["Comedy"])
    #expect(table.complete("genre a").matches == ["all"])
  }

  @Test func orderCompletesTheKnownOrders() {
    #expect(table.complete("order rating").matches == ["rating", "ratingdesc", "ratingasc"])
    #expect(
      table.complete("order ").matches
        == OrderName.aliases.map(\.alias) + MovieQuery.orders + ["popularitydesc", "dateaddeddesc"])
  }

  @Test func aSourceWithItsOwnOrdersOffersOnlyThose() {
    let jellyfin = ["dateaddeddesc", "releasedatedesc", "releasedateasc", "ratingdesc", "titleasc"]
    let table = CompletionTable(orders: OrderName.words(offeredBy: jellyfin))
    #expect(
      table.complete("order ").matches.prefix(5) == [
        "newest", "oldest", "rating", "title", "added",
      ])
    #expect(table.complete("order pop").matches.isEmpty, "popular is TMDb's")
    #expect(table.complete("order rat").matches == ["rating", "ratingdesc"])
    #expect(OrderName.words(offeredBy: nil) == OrderName.words)
  }

  @Test func otherCommandsCompleteNoArgument() {
    #expect(table.complete("find ").matches.isEmpty)
    #expect(table.complete("list ").matches.isEmpty)
  }

  @Test func hintsFollowACommandAndItsSpace() {
    #expect(table.hint(for: "show ") != nil)
    #expect(table.hint(for: "order ")?.contains("ratingasc") == true)
    #expect(table.hint(for: "show") == nil, "no hint before the space")
    #expect(table.hint(for: "show 3") == nil, "no hint once an argument is typed")
    #expect(table.hint(for: "list ") == nil)
    #expect(table.hint(for: "more ")?.contains("pages") == true)
  }

  /// The hint after `order ` and `help`'s line for it name this source's orders only, each
  /// once, by its friendly name where it has one.
  @Test func orderHintAndHelpNameTheSourcesOrders() {
    let tmdb = OrderName.words(offeredBy: [
      "popularitydesc", "releasedatedesc", "releasedateasc", "ratingdesc", "titleasc",
    ])
    #expect(
      CompletionTable(orders: tmdb).hint(for: "order ") == "newest|oldest|rating|title|popular")
    let help = HelpText.commands(moreRemains: true, orders: tmdb, width: 80)
    #expect(help.contains("popular"))
    #expect(!help.contains("ratingasc"), "an order TMDb does not have: \(help)")
    #expect(!help.contains("dateaddeddesc"), "Jellyfin's order: \(help)")
  }

  /// After `watchlist` its entries are in view: every row command takes `wN` and offers them.
  @Test func theWatchlistInViewOffersItsEntries() {
    let table = CompletionTable(view: .watchlist(count: 3))
    #expect(table.complete("show w").matches == ["w1", "w2", "w3"])
    #expect(table.complete("thumb ").matches == ["w1", "w2", "w3"])
    #expect(table.complete("unwatch w2").matches == ["w2"])
    #expect(table.complete("play w").matches == ["w1", "w2", "w3"], "every row command takes wN")
    #expect(CompletionTable(view: .rows([4, 5])).complete("show ").matches == ["4", "5"])
  }

  /// After a `find` the server ran, its matches are in view: every row command takes `fN`.
  @Test func aServerSearchInViewOffersItsMatches() {
    let table = CompletionTable(view: .matches(count: 2))
    #expect(table.complete("show ").matches == ["f1", "f2"])
    #expect(table.complete("watch f").matches == ["f1", "f2"])
    #expect(table.complete("play f2").matches == ["f2"])
  }

  @Test func everyCommandThatTakesAnArgumentHintsAtIt() {
    for spec in CommandSpec.all where spec.takes != nil {
      #expect(table.hint(for: spec.name + " ") != nil, "\(spec.name)")
    }
  }

  /// Genre names come from the server; one with control characters is never put in the line.
  @Test func genreNamesWithControlCharactersAreLeftOut() {
    let table = CompletionTable(
      genres: ["Drama", "Dr\u{1B}]0;x\u{07}ama", "Do\u{9B}2J", "Doc\u{202E}", "Do\u{7F}"])
    #expect(table.complete("genre d").matches == ["Drama"])
    #expect(table.complete("genre do").matches == [])
  }
}
