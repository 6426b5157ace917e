/// Safe file names for downloads, made from the row number and the title only: nothing the
/// server names (a URL path, a header) ever becomes part of a path.
enum DownloadName {
  /// `12-the-matrix.jpg`: lower-case letters and digits of any script, words joined by `-`,
  /// at most 120 bytes of title, well inside the 255-byte limit of a Linux file name.
  static func make(row: Int, title: String, format: ImageFormat, attempt: Int = 1) -> String {
    var slug = ""
    var pendingDash = false
    for character in title.lowercased() {
      if character.isLetter || character.isNumber {
        if pendingDash && !slug.isEmpty { slug.append("-") }
        slug.append(character)
        pendingDash = false
      } else {
        pendingDash = true
      }
      if slug.utf8.count >= 120 { break }
    }
    let base = slug.isEmpty ? "\(row)" : "\(row)-\(slug)"
    let suffix = attempt > 1 ? "-\(attempt)" : ""
    return base + suffix + "." + format.fileExtension
  }
}
