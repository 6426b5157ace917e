extension MoviePageParser {
  /// The genre lists met so far in a page, by their `genreNames` text: movies with the same
  /// genres share one array instead of each holding a copy.
  struct GenreLists {
    private var byText: [String: [String]?] = [:]
    /// The plain page's ASCII texts, by their bytes in the page: a text met before costs no
    /// String. Valid while the page's bytes are, as long as the reader that holds this.
    private var byBytes: [PageBytes: [String]?] = [:]

    /// The genres of a comma-separated text, shared with any row before that had the same.
    mutating func genres(from names: String?) -> [String] {
      guard let names else { return [] }
      return byText[names, default: nil].keep {
        names.split(separator: ",").compactMap {
          let name = LooseValue.trim($0)
          return name.isEmpty ? nil : String(name)
        }
      }
    }

    /// ``genres(from:)`` of ASCII bytes, read as ``LooseValue/text(ascii:)`` reads them.
    mutating func genres(ascii bytes: UnsafeRawBufferPointer) -> [String] {
      let names = LooseValue.trim(ascii: bytes)
      guard !names.isEmpty else { return [] }
      return byBytes[PageBytes(bytes: names), default: nil].keep {
        names.split(separator: UInt8(ascii: ",")).compactMap {
          LooseValue.text(ascii: UnsafeRawBufferPointer(rebasing: $0))
        }
      }
    }
  }

  /// Bytes of the page being read, compared and hashed by their contents.
  struct PageBytes: Hashable {
    let bytes: UnsafeRawBufferPointer

    static func == (lhs: PageBytes, rhs: PageBytes) -> Bool {
      lhs.bytes.elementsEqual(rhs.bytes)
    }

    func hash(into hasher: inout Hasher) {
      hasher.combine(bytes: bytes)
    }
  }
}

extension Optional {
  /// The value, made and kept here the first time. With a dictionary's entry
  /// (`dictionary[key, default: nil].keep { … }`), found with one hash whether it was there
  /// or not.
  mutating func keep(making make: () -> Wrapped) -> Wrapped {
    if let self { return self }
    let made = make()
    self = made
    return made
  }
}
