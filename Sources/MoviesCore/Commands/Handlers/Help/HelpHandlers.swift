/// `help`, `help CMD` and `quit`.
extension CommandContext {
  /// `help`: the commands, `more` only while pages remain.
  func help() async -> Handled {
    Handled(
      HelpShown.commands(moreRemains: await browser.status.moreRemains, orders: orderWords))
  }

  /// `help CMD`: one command's usage and examples.
  func help(on name: String) throws -> Handled {
    guard let entry = CommandSpec.named(name) else { throw Command.ParseError.unknown(name) }
    return Handled(HelpShown.command(entry, orders: orderWords))
  }
}
