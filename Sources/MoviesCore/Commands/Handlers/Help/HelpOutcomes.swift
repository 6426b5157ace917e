/// `help` and `help CMD`.
enum HelpShown: CommandOutcome {
  /// `help`; `orders` are the words the source sorts by, for `order`'s line.
  case commands(moreRemains: Bool, orders: [String])
  /// `help CMD`.
  case command(CommandSpec, orders: [String])

  func text(_ renderer: TextRenderer) -> String {
    switch self {
    case .commands(let moreRemains, let orders):
      HelpText.commands(moreRemains: moreRemains, orders: orders, width: renderer.layout.width)
    case .command(let entry, let orders):
      HelpText.command(entry, orders: orders, width: renderer.layout.width)
    }
  }

  /// Help continues its descriptions under themselves.
  var proseIndent: String? {
    if case .command = self { return "  " }
    return nil
  }

  func jsonFields(_ fields: JSONFields) -> JSONObject {
    switch self {
    case .commands(let moreRemains, _):
      [
        "commands": .strings(CommandSpec.all.filter { moreRemains || !$0.needsMore }.map(\.name)),
        "moreRemains": .bool(moreRemains),
      ]
    case .command(let entry, let orders):
      [
        "usage": .string(entry.usage), "summary": .string(entry.summary(offering: orders)),
        "examples": .strings(entry.examples),
      ]
    }
  }
}

/// `quit`.
struct Quit: CommandOutcome {
  func text(_ renderer: TextRenderer) -> String { "" }
  func jsonFields(_ fields: JSONFields) -> JSONObject { [:] }
  var quits: Bool { true }
}
