extension MoviePageParser {
  /// What one row of a page became: a movie, or, without a usable title, its id if any.
  enum Row {
    case movie(Movie)
    case untitled(id: String?)
  }

  /// The fields of a row the browser knows; any other is kept by its name in
  /// ``Movie/otherFields``.
  enum Field: String, CaseIterable {
    case title, movieId, genreNames, thumbnailImage, linkUrl, ratingAverage, ratingCount
    case releaseDate, runningTime, grade

    /// Each field's name as its bytes packed into two words, zeros after the name: the plain
    /// page's reader matches a key's bytes against these before it makes a String of any.
    private static let packedNames = allCases.compactMap { field in
      Array(field.rawValue.utf8).withUnsafeBytes { PackedName($0) }.map { (name: $0, field: field) }
    }

    /// The field a key of ASCII bytes names, if it is one of these.
    init?(ascii key: UnsafeRawBufferPointer) {
      guard let packed = PackedName(key),
        let match = Self.packedNames.first(where: { $0.name == packed })
      else { return nil }
      self = match.field
    }

    /// Up to 16 bytes in two words, the first in the lowest bits. No key holds a zero byte
    /// (the reader refuses control characters), so the zeros after a name tell it from a
    /// longer one.
    private struct PackedName: Equatable {
      var low: UInt64 = 0
      var high: UInt64 = 0

      /// Nil past 16 bytes: no field's name is as long.
      init?(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, bytes.count <= 16 else { return nil }
        let count = bytes.count
        func word(at offset: Int) -> UInt64 {
          UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        }
        if count >= 8 {
          low = word(at: 0)
          // The last eight bytes, without those `low` has.
          high = count == 8 ? 0 : word(at: count - 8) &>> UInt64((16 - count) * 8)
        } else {
          for offset in 0..<count { low |= UInt64(bytes[offset]) &<< UInt64(offset * 8) }
        }
      }
    }
  }

  /// One row's fields, gathered as its members are read, then boxed once. A `switch` on each
  /// field is cheaper than a hashed lookup per known field, and unknown fields cost nothing
  /// when a row has none.
  struct RowFields {
    /// A row's fields before any member is read. Copied for each row: making them with the
    /// initializer's defaults cost the compiler a copy of its own through the type's
    /// metadata.
    private static let blank = Movie.Fields(title: "")
    private var movie = blank
    /// Whether `movie.title` holds the row's usable title.
    private var titled = false

    /// Adds the member `key`, a known field or not.
    mutating func add<Value: RowValue>(
      _ key: String, _ value: Value, genreLists: inout GenreLists
    ) {
      if let field = Field(rawValue: key) {
        add(field, value, genreLists: &genreLists)
      } else {
        addOther(key, value)
      }
    }

    mutating func add<Value: RowValue>(
      _ field: Field, _ value: Value, genreLists: inout GenreLists
    ) {
      switch field {
      case .title:
        // A later member of the same name wins, as in a dictionary of the row.
        titled = false
        if let title = value.text {
          movie.title = title
          titled = true
        }
      case .movieId: movie.id = value.text
      case .genreNames:
        movie.genres = value.genres(sharing: &genreLists)
      case .thumbnailImage: movie.thumbnail = value.text
      case .linkUrl: movie.link = value.text
      case .ratingAverage: movie.rating = value.double
      case .ratingCount: movie.ratingCount = value.integer
      case .releaseDate: movie.releaseDate = value.text
      case .runningTime: movie.runningTime = value.integer
      case .grade: movie.grade = value.text
      }
    }

    /// Adds a member the browser does not know, by its name; a later one of the same name
    /// wins, as in a dictionary of the row, so one without text takes it out.
    mutating func addOther<Value: RowValue>(_ key: String, _ value: Value) {
      movie.otherFields[key] = value.text
    }

    /// Whether a member the browser does not know has been added.
    var hasOtherFields: Bool { !movie.otherFields.isEmpty }

    /// The members the browser does not know, at once, in a row that has none yet.
    mutating func add(others fields: [String: String]) {
      movie.otherFields = fields
    }

    /// The movie, or the id of a row without a usable title.
    consuming func row() -> Row {
      titled ? .movie(Movie(movie)) : .untitled(id: movie.id)
    }
  }

  /// A member's value as ``LooseValue`` reads it: from `JSONSerialization`, or from the plain
  /// page's reader (``PlainHoppinPage/Value``), which reads it without the casts.
  protocol RowValue {
    var text: String? { get }
    var double: Double? { get }
    var integer: Int? { get }
    /// The genres of a `genreNames` text, shared with the page's other rows.
    func genres(sharing lists: inout GenreLists) -> [String]
  }

  /// A value from `JSONSerialization`.
  struct FoundationValue: RowValue {
    var value: Any
    var text: String? { LooseValue.text(value) }
    var double: Double? { LooseValue.double(value) }
    var integer: Int? { LooseValue.integer(value) }
    func genres(sharing lists: inout GenreLists) -> [String] { lists.genres(from: text) }
  }
}
