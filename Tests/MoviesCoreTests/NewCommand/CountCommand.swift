@testable import MoviesCore

/// A command added the way every command is: this declaration, with its handler and the
/// outcome it renders, and nothing else in the core. `count` says how many rows are loaded.
extension CommandSpec {
  static let count = CommandSpec(
    name: "count", synopsis: "count", usage: "count", summary: "say how many rows are loaded",
    examples: ["count"],
    parse: { arguments throws(Command.ParseError) in
      try arguments.none(.declared("count", words: []))
    },
    run: { _, context in
      Handled(RowsCounted(count: await context.browser.status.loadedCount))
    })
}

/// What `count` did: it shows itself as text and as JSON, and leaves the view as it was.
struct RowsCounted: CommandOutcome {
  var count: Int

  func text(_ renderer: TextRenderer) -> String { "\(count) rows are loaded.\n" }
  func jsonFields(_ fields: JSONFields) -> JSONObject { ["loaded": .int(count)] }
}
