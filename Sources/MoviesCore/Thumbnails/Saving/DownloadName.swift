/// Safe file names for downloads, made from the row number and the title only: nothing the
/// server names (a URL path, a header) ever becomes part of a path.
enum DownloadName {
  /// The most bytes of title in a name, well inside the 255-byte limit of a Linux file name.
  static let titleBytes = 120

  /// `12-the-matrix.jpg`: lower-case letters and digits of any script, words joined by `-`,
  /// at most ``titleBytes`` bytes of title, cut between characters. A title with nothing
  /// usable that fits (a single character of hundreds of combining marks) gives the row and
  /// the movie ID instead, made safe the same way: `12-id-4711.jpg`. `label` goes before the
  /// number: `w3-…` for watchlist entry 3, so it never takes the name of row 3.
  static func make(
    row: Int, label: String = "", title: String, movieID: String? = nil, format: ImageFormat,
    attempt: Int = 1
  ) -> String {
    var base = "\(label)\(row)"
    if let slug = slug(title, maximumBytes: titleBytes) {
      base += "-" + slug
    } else if let id = movieID.flatMap({ slug($0, maximumBytes: 60) }) {
      base += "-id-" + id
    }
    let suffix = attempt > 1 ? "-\(attempt)" : ""
    return base + suffix + "." + format.fileExtension
  }

  /// Letters and digits, lower-cased, runs of anything else as one `-`, at most
  /// `maximumBytes` of UTF-8; nil when nothing is left.
  private static func slug(_ text: String, maximumBytes: Int) -> String? {
    var slug = ""
    var pendingDash = false
    for character in text.lowercased() {
      guard character.isLetter || character.isNumber else {
        pendingDash = true
        continue
      }
      let dash = pendingDash && !slug.isEmpty ? "-" : ""
      // Checked before appending: one character may be hundreds of bytes.
      guard slug.utf8.count + dash.utf8.count + character.utf8.count <= maximumBytes else { break }
      slug += dash
      slug.append(character)
      pendingDash = false
    }
    return slug.isEmpty ? nil : slug
  }
}
