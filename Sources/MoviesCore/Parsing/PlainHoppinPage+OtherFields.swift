extension PlainHoppinPage {
  /// Dictionaries of one field the browser does not know (``Movie/otherFields``), by that
  /// member's bytes: most rows have one (`genreIds`, with the same few values as
  /// `genreNames`), and a dictionary of its own cost each row an allocation and more than a
  /// known field. A row's next member copies it, as a member added to it would.
  struct OtherFields {
    private var made: [Member: [String: String]?] = [:]

    /// A member's key and value, compared and hashed by their bytes in the page.
    private struct Member: Hashable {
      let key: MoviePageParser.PageBytes
      let value: MoviePageParser.PageBytes
    }

    /// The fields of a row whose only member the browser does not know, so far, is this one
    /// (empty when it has no text).
    mutating func fields(key: UnsafeRawBufferPointer, value: UnsafeRawBufferPointer)
      -> [String: String]
    {
      made[Member(key: .init(bytes: key), value: .init(bytes: value)), default: nil].keep {
        guard let text = LooseValue.text(ascii: value) else { return [:] }
        return [String(decoding: key, as: UTF8.self): text]
      }
    }
  }
}
