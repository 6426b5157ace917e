/// What `movies --generate KIND` prints: the man page or a shell's completion.
enum GeneratedDocument: String, CaseIterable {
  case man
  case bash
  case zsh
  case fish

  /// The document, byte for byte what is checked in at ``path``.
  var text: String {
    switch self {
    case .man: ManPage.text
    case .bash: BashCompletion.text
    case .zsh: ZshCompletion.text
    case .fish: FishCompletion.text
    }
  }

  /// Where the repository keeps it.
  var path: String {
    switch self {
    case .man: "man/movies.1"
    case .bash: "completions/movies.bash"
    case .zsh: "completions/_movies"
    case .fish: "completions/movies.fish"
    }
  }
}
