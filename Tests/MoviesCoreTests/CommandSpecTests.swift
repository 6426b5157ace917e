import Testing

@testable import MoviesCore

/// Every command is declared once, in `CommandSpec.all`, and what reads, explains and
/// completes commands is derived from it: a declared command that one of them missed (as
/// `help skip` once was) fails here.
@Suite(.timeLimit(.minutes(1))) struct CommandSpecTests {
  @Test func everyDeclaredCommandHasHelpParsesAndCompletes() throws {
    let help = HelpText.commands(moreRemains: true, orders: OrderName.words, width: 80)
    let table = CompletionTable(moreRemains: true, view: .rows([3]), genres: ["Drama"])
    for spec in CommandSpec.all {
      #expect(try Command.parse("help \(spec.name)") == .helpOn(spec.name), "help \(spec.name)")
      #expect(help.contains("\n  \(spec.synopsis) ") || help.hasPrefix("  \(spec.synopsis) "))
      #expect(!spec.examples.isEmpty && !spec.summary.isEmpty, "\(spec.name) is explained")
      for example in spec.examples {
        #expect(try Command.parse(example)?.name == spec.name, "'\(example)' parses")
      }
      for spelling in spec.aliases {
        #expect(CommandSpec.named(spelling)?.name == spec.name)
      }
      #expect(table.complete(spec.name).matches.contains(spec.name), "\(spec.name) completes")
      #expect(table.complete("help \(spec.name)").matches.contains(spec.name))
    }
    #expect(Set(CommandSpec.all.map(\.name)).count == CommandSpec.all.count, "one entry each")
  }

  @Test func helpSkipExplainsSkip() throws {
    #expect(try Command.parse("help skip") == .helpOn("skip"))
    let spec = try #require(CommandSpec.named("skip"))
    #expect(
      HelpText.command(spec, orders: [], width: 80).contains(
        "move past a page that could not be read"))
  }

  /// Names in one padded column, descriptions wrapped beside them at spaces with a hanging
  /// indent, no line wider than the width.
  @Test(arguments: [40, 60, 80, 250])
  func helpFitsTheWidthInOneColumn(width: Int) {
    let help = HelpText.commands(moreRemains: true, orders: OrderName.words, width: width)
    let lines = help.split(separator: "\n").map(String.init)
    for line in lines {
      #expect(DisplayWidth.columns(of: line) <= width, "\(width): '\(line)'")
    }
    let named = lines.filter { !$0.hasPrefix("   ") }
    #expect(named.count == CommandSpec.all.count)
    // Where each description starts: one column for all of them.
    let starts = Set(
      zip(named, CommandSpec.all).map { line, spec in
        line.dropFirst(2 + spec.synopsis.count).prefix { $0 == " " }.count + 2
          + spec.synopsis.count
      })
    #expect(starts.count == 1, "\(width): descriptions start at \(starts)")
    let column = starts.first ?? 0
    for line in lines where line.hasPrefix("   ") {
      #expect(line.prefix { $0 == " " }.count == column, "\(width): hanging indent: '\(line)'")
    }
    // Every word of every summary is there, whole.
    let words = help.split(whereSeparator: \.isWhitespace)
    for spec in CommandSpec.all {
      for word in spec.summary.split(separator: " ") { #expect(words.contains(word)) }
    }
  }

  @Test func aQuotedSearchLosesItsQuotes() throws {
    #expect(try Command.parse("find \"star wars\"") == .find("star wars"))
    #expect(try Command.parse("find 'star wars'") == .find("star wars"))
    #expect(try Command.parse("find \"star wars\" year:1977") == .find("star wars year:1977"))
    #expect(try Command.parse("find schindler's list") == .find("schindler's list"))
  }

  @Test func theSpinnerAndPagerComeFromTheTable() {
    let context = CommandSpec.LoadingContext(nextPage: 3, sourceName: "the offline catalogue")
    #expect(
      Command.more.spec?.loadingLabel(.more, context)
        == "Loading page 3 from the offline catalogue…")
    #expect(Command.thumbs(.all).spec?.loadingLabel(.thumbs(.all), context) == nil)
    #expect(Command.list.spec?.loadingLabel(.list, context) == nil)
    let paged = CommandSpec.all.filter(\.pages).map(\.name)
    #expect(
      paged == [
        "more", "list", "genre", "order", "continue", "series", "films", "episodes", "help",
      ])
  }
}

/// `genre NAME` takes a unique beginning of a name and suggests a near one, as `order` does.
@Suite(.timeLimit(.minutes(1))) struct GenreNameTests {
  let genres = [
    Genre(id: "3", name: "Comedy"), Genre(id: "4", name: "Drama"),
    Genre(id: "5", name: "Documentary"), Genre(id: "8", name: "Comédie musicale"),
  ]

  @Test func aUniqueBeginningNamesTheGenre() {
    #expect(GenreName.resolve("dram", among: genres) == .genre(genres[1]))
    #expect(GenreName.resolve("DRAMA", among: genres) == .genre(genres[1]))
    #expect(GenreName.resolve("docu", among: genres) == .genre(genres[2]))
  }

  @Test func aTypoIsAskedAboutAndABeginningOfSeveralListsThem() {
    #expect(GenreName.resolve("drma", among: genres) == .unclear(.nearMiss("Drama")))
    #expect(
      GenreName.resolve("com", among: genres)
        == .unclear(.ambiguous(["Comedy", "Comédie musicale"])))
    #expect(GenreName.resolve("western", among: genres) == .none)
  }
}
