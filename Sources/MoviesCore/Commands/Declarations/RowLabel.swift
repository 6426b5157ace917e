/// How a command named the movie it acts on: row 3 of the list, `w3` of the watchlist as
/// `watchlist` listed it, or `f3`, match 3 of the last `find` the source ran on its server.
/// Messages and file names say it the way it was typed.
public struct RowLabel: Sendable, Hashable, CustomStringConvertible, ExpressibleByIntegerLiteral {
  /// What the number counts: a row of the list, a watchlist entry (`w3`) or a server search's
  /// match (`f3`).
  public enum Kind: Sendable, Hashable, CaseIterable {
    case row, entry, match

    /// The kind whose numbers `prefix` goes before; nil for an unknown prefix.
    public init?(prefix: String) {
      guard let kind = Self.allCases.first(where: { $0.prefix == prefix }) else { return nil }
      self = kind
    }

    /// What goes before the number: nothing, `w` or `f`.
    public var prefix: String {
      switch self {
      case .row: ""
      case .entry: "w"
      case .match: "f"
      }
    }
  }

  /// The number, from 1.
  public var number: Int
  /// What it counts.
  public var kind: Kind

  /// Number `number` of `kind`, a row by default.
  public init(_ number: Int, _ kind: Kind = .row) {
    self.number = number
    self.kind = kind
  }

  /// A row number.
  public init(integerLiteral number: Int) {
    self.init(number)
  }

  /// `3`, `w3` or `f3`, as typed.
  public var description: String { kind.prefix + String(number) }

  /// `row 3`, `entry w3` or `match f3`, in a sentence; capitalised to begin one.
  public func spoken(capitalized: Bool = false) -> String {
    let noun =
      switch kind {
      case .row: "row"
      case .entry: "entry"
      case .match: "match"
      }
    let word = capitalized ? noun.prefix(1).uppercased() + noun.dropFirst() : noun
    return kind == .row ? "\(word) \(number)" : "\(word) \(description)"
  }
}

/// Several labels of one kind in a row, as `watch 2-5` or `unwatch w1-w3` names them.
public struct RowLabels: Sendable, Hashable, CustomStringConvertible {
  /// What the numbers count.
  public var kind: RowLabel.Kind
  /// The numbers, from 1.
  public var numbers: ClosedRange<Int>

  /// Numbers `numbers` of `kind`.
  public init(_ numbers: ClosedRange<Int>, _ kind: RowLabel.Kind = .row) {
    self.kind = kind
    self.numbers = numbers
  }

  /// Each label, in order.
  public var labels: [RowLabel] { numbers.map { RowLabel($0, kind) } }

  /// `2-5`, `w1-w3`, as typed.
  public var description: String {
    RowLabel(numbers.lowerBound, kind).description + "-"
      + RowLabel(numbers.upperBound, kind).description
  }
}
