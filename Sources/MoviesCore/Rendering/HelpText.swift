/// `help`, `help CMD` and the lists of `--help`, laid out from the declarations.
public enum HelpText {
  /// `help`: each command's synopsis and summary; `more` only while more remain.
  public static func commands(moreRemains: Bool, width: Int) -> String {
    columns(
      CommandSpec.all.filter { moreRemains || !$0.needsMore }.map { ($0.synopsis, $0.summary) },
      width: width)
  }

  /// `help show`: the usage, what it does and examples.
  public static func command(_ spec: CommandSpec) -> String {
    "  \(spec.usage)\n  \(spec.summary).\n  Example\(spec.examples.count > 1 ? "s" : ""): "
      + spec.examples.map { "'\($0)'" }.joined(separator: ", ") + "\n"
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
