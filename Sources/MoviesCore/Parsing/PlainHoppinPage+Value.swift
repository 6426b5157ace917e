extension PlainHoppinPage {
  /// A string as the reader found it, or `null`.
  enum Value: MoviePageParser.RowValue {
    case null
    /// Text without escapes or bytes past ASCII, still in the page's bytes, which are valid
    /// UTF-8 as they are: the parser reads most values from them without a String on the
    /// way, and matches most keys with them.
    case ascii(UnsafeRawBufferPointer)
    /// Any other text, decoded and checked.
    case decoded(String)

    /// The text as it is; nil for `null`.
    var string: String? {
      switch self {
      case .null: nil
      case .ascii(let bytes): String(decoding: bytes, as: UTF8.self)
      case .decoded(let string): string
      }
    }

    /// The row's field the text names, as a key.
    var field: MoviePageParser.Field? {
      switch self {
      case .null: nil
      case .ascii(let bytes): MoviePageParser.Field(ascii: bytes)
      case .decoded(let string): MoviePageParser.Field(rawValue: string)
      }
    }

    var text: String? {
      switch self {
      case .null: nil
      case .ascii(let bytes): LooseValue.text(ascii: bytes)
      case .decoded(let string): LooseValue.text(string)
      }
    }

    var double: Double? {
      switch self {
      case .null: nil
      case .ascii(let bytes): LooseValue.double(ascii: bytes)
      case .decoded(let string): LooseValue.double(string)
      }
    }

    var integer: Int? {
      switch self {
      case .null: nil
      case .ascii(let bytes): LooseValue.integer(ascii: bytes)
      case .decoded(let string): LooseValue.integer(string)
      }
    }

    func genres(sharing lists: inout MoviePageParser.GenreLists) -> [String] {
      if case .ascii(let bytes) = self { return lists.genres(ascii: bytes) }
      return lists.genres(from: text)
    }
  }
}

extension PlainHoppinPage.Reader {
  typealias Value = PlainHoppinPage.Value

  /// A string, or `null` (`.some(nil)`); nil for any other value.
  mutating func stringOrNull() -> String?? {
    value().map { $0.string }
  }

  /// A string or `null`; nil for any other value.
  mutating func value() -> Value? {
    skipSpace()
    if index + 4 <= bytes.count, bytes[index] == UInt8(ascii: "n"),
      bytes[index + 1] == UInt8(ascii: "u"), bytes[index + 2] == UInt8(ascii: "l"),
      bytes[index + 3] == UInt8(ascii: "l")
    {
      index += 4
      return .null
    }
    return quoted()
  }
}
