/// `~` in a folder given to the program (a flag's `=` form, the config file, where no shell
/// expands it) means `$HOME`, as the home does everywhere else here. Foundation's file URLs
/// would expand it from the password file instead: the wrong home under `sudo -E`, in a
/// container, or with a HOME set for a test.
enum HomeFolder {
  /// The path with a leading `~` or `~/` replaced by `$HOME`; other paths, `~user`, and all
  /// paths when HOME is unset or not absolute, as given.
  static func expand(_ path: String, environment: [String: String]) -> String {
    guard path == "~" || path.hasPrefix("~/"), let home = environment["HOME"], home.hasPrefix("/")
    else { return path }
    return home + path.dropFirst()
  }
}
