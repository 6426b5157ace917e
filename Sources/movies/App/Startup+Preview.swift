import Foundation
import MoviesCore

extension Startup {
  /// Posters are drawn when `--preview` asks, or at a colour terminal at the prompt; never in
  /// script mode unless asked, never with `--no-preview`. A graphics mode (or `auto`) asks
  /// the terminal, once, what it draws and how big its cells are; what was typed meanwhile
  /// comes back for the prompt.
  func preview(_ options: Options, interactive: Bool)
    -> (PosterPreview?, typed: [UInt8])
  {
    if options.noPreview { return (nil, []) }
    guard let mode = options.previewMode else {
      let colorTerminal = Terminal.usesColor(
        onTerminal: Terminal.outputIsTerminal, mode: options.color, environment: environment)
      guard interactive && colorTerminal else { return (nil, []) }
      // Inside tmux, symbols come in true colour where the terminal outside has it.
      let choice = PreviewChoice.decide(
        .symbols, environment: environment, answers: nil,
        tmux: TmuxFacts.read(environment: environment), window: Terminal.windowSize())
      return (PosterPreview(choice: choice), [])
    }
    let tmux = TmuxFacts.read(environment: environment)
    // Inside tmux only the outer terminal's answers tell, and they come through only with
    // passthrough on.
    let inTmux = PreviewMode.insideTmux(environment: environment)
    let asks =
      mode != .symbols && !options.json && environment["TERM"] != "dumb"
      && (!inTmux || tmux?.passthrough == true)
    let answers = asks ? TerminalProbe.ask(passthrough: inTmux) : nil
    let choice = PreviewChoice.decide(
      mode, environment: environment, answers: answers, tmux: tmux,
      window: Terminal.windowSize())
    return (PosterPreview(choice: choice), answers?.typed ?? [])
  }

  /// Why colour, and with it the poster preview, is off at this terminal; nil when it is on.
  func noColorReason(_ options: Options) -> String? {
    switch options.color {
    case .always: return nil
    case .never: return "colour is off (--color never)"
    case .auto:
      if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return "NO_COLOR is set" }
      return environment["TERM"] == "dumb" ? "TERM is dumb" : nil
    }
  }
}
