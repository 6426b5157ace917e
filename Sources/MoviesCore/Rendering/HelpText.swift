/// `help`, `help CMD` and the lists of `--help`, laid out from the declarations.
public enum HelpText {
  /// `help`: each command's synopsis and summary, `order`'s with the source's `orders`
  /// (each once, ``OrderName/names(in:)``; `help order` has every word); `more` only while
  /// more remain.
  public static func commands(moreRemains: Bool, orders: [String], width: Int) -> String {
    let names = OrderName.names(in: orders)
    return columns(
      CommandSpec.all.filter { moreRemains || !$0.needsMore }.map {
        ($0.synopsis, $0.summary(offering: names))
      },
      width: width)
  }

  /// `help show`: the usage, what it does and examples. The examples are packed whole into
  /// lines of `width` (later ones indented): a wrapped example would not read as one line
  /// to type. The rest is prose, wrapped by the renderer.
  public static func command(_ spec: CommandSpec, orders: [String], width: Int) -> String {
    let examples = spec.examples.map { "'\($0)'" }
    var lines = ["  Example\(examples.count > 1 ? "s" : ""):"]
    for (index, example) in examples.enumerated() {
      let piece = example + (index < examples.count - 1 ? "," : "")
      let last = lines.count - 1
      if lines[last].hasSuffix(":")
        || DisplayWidth.columns(of: lines[last]) + 1 + DisplayWidth.columns(of: piece) <= width
      {
        lines[last] += " " + piece
      } else {
        lines.append("    " + piece)
      }
    }
    return "  \(spec.usage)\n  \(spec.summary(offering: orders)).\n"
      + lines.joined(separator: "\n") + "\n"
  }

  /// Names in one padded column after two spaces, each description wrapped at spaces beside
  /// it with a hanging indent, so no line is wider than `width` (a word longer than a line
  /// excepted). Where the column would leave too little room, descriptions go on the lines
  /// under their names instead.
  public static func columns(_ rows: [(name: String, description: String)], width: Int)
    -> String
  {
    let nameWidth = rows.map { DisplayWidth.columns(of: $0.name) }.max() ?? 0
    let beside = 2 + nameWidth + 2
    let under = width - beside < narrowest ? 6 : nil
    let indent = String(repeating: " ", count: under ?? beside)
    return rows.map { row in
      let lines = TextWrap.wrap(row.description, toColumns: max(1, width - indent.count))
        .split(separator: "\n").map(String.init)
      if under != nil {
        return "  " + row.name + "\n" + lines.map { indent + $0 }.joined(separator: "\n")
      }
      return "  " + DisplayWidth.pad(row.name, toColumns: nameWidth + 2)
        + lines.joined(separator: "\n" + indent)
    }.joined(separator: "\n") + "\n"
  }

  /// The fewest columns a description gets beside its name.
  static let narrowest = 24
}
