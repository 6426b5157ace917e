import MoviesCore

/// What the man page and the completions are built from: the flag table, the command table
/// and the source definitions, read in one place so that each generator only lays them out.
enum Generated {
  /// The flags a person types, in `--help`'s order (`--pick-preview`, run by fzf, left out).
  static var flags: [Setting] { Setting.all.filter { !$0.flags.isEmpty && !$0.hidden } }

  /// The command names `-c` takes, with the spoken aliases (`exit`).
  static var commandNames: [String] { CommandSpec.all.flatMap(\.spokenNames) }

  /// The sources `--source` takes, each declared once.
  static var sources: [SourceDefinition] { SourceDefinition.all }
}
