import Foundation
import MoviesCore

/// What a run of `movies` is, decided by ``Startup`` from the command line, the config file
/// and the environment: a text to print, the poster preview `pick` runs, a refusal, or a
/// session at the prompt or over a script.
@MainActor
enum Launch {
  /// `--help`, `--version` or `--generate`: the text, on standard output.
  case print(String)
  /// fzf's preview pane, `pick` asking for one row's poster.
  case pickPreview(file: String, row: Int, environment: [String: String])
  /// The run cannot start: the error, said the way the options ask.
  case refused(StartupError, Reporter)
  /// A browsing session: the shell and where its lines come from.
  case session(Shell, Input)
  /// `--sign-in` or `--sign-out` instead of browsing.
  case account(JellyfinAccount, Reporter)

  /// Where a session's lines come from.
  enum Input {
    /// Typed at the prompt, after the banner (nil when it was printed during the setup).
    case prompt(LineEditor, banner: String?)
    /// `-c` lines, run in order; the first page is not printed first.
    case commands([String])
    /// Standard input, a line at a time (a pipe, or `-f FILE`).
    case standardInput
  }

  /// Whether lines are typed at the prompt.
  var isInteractive: Bool {
    if case .session(_, .prompt) = self { return true }
    return false
  }

  /// Runs it; the exit status.
  func run() async -> Int32 {
    switch self {
    case .print(let text):
      Terminal.write(text, to: STDOUT_FILENO)
      return 0
    case .pickPreview(let file, let row, let environment):
      return PickPreview.run(file: file, row: row, environment: environment)
    case .refused(let error, let reporter):
      reporter.exit(error)
    case .account(let account, let reporter):
      return await account.run(reporter: reporter)
    case .session(let shell, .prompt(let editor, let banner)):
      return await shell.runInteractive(editor: editor, interrupts: Interrupts(), banner: banner)
    case .session(let shell, .commands(let lines)):
      return await shell.runScript(lines: lines, showsFirstPage: false)
    case .session(let shell, .standardInput):
      return await shell.runScript(lines: StandardInputLines())
    }
  }
}
