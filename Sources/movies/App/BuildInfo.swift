import CBuildInfo

/// What `--version` says: the version (``Options/version``, declared once) and the commit the
/// binary was built from.
enum BuildInfo {
  /// The commit scripts/build-release built from (with `-dirty` when the tree had changes), or
  /// nil for a plain `swift build`, which is not told.
  static var commit: String? {
    let commit = String(cString: movies_build_commit())
    return commit.isEmpty ? nil : commit
  }

  /// `movies 0.1.0 (commit 1a2b3c4d5e6f)`, or `movies 0.1.0` when the commit is unknown.
  static var versionLine: String {
    "movies \(Options.version)" + (commit.map { " (commit \($0))" } ?? "")
  }
}
