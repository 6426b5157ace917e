import MoviesCore

/// What a terminal said to the queries of ``TerminalProbe``, read from the bytes that came
/// back on standard input. Bytes that are not an answer (keys the person typed meanwhile) are
/// kept in ``typed``, in order, to be handed to the line editor.
struct TerminalAnswers: Sendable, Hashable {
  /// Primary device attributes (`CSI ? 63 ; 1 ; 4 … c`); nil when the terminal did not
  /// answer. Terminals answer in order and every one answers this, so it comes last and its
  /// arrival means the other answers are in.
  var attributes: [Int]?
  /// The kitty graphics query was answered `OK`.
  var kittyGraphics = false
  /// `XTVERSION`'s text, such as `XTerm(379)`.
  var version: String?
  /// `CSI 16 t`: one cell in pixels.
  var cellPixels: CellSize?
  /// `CSI 14 t`: the text area in pixels.
  var windowPixels: PixelSize?
  /// `XTSMGRAPHICS`' sixel geometry: the area graphics may cover, in pixels.
  var graphicsArea: PixelSize?
  /// What was not an answer.
  var typed: [UInt8] = []

  /// Attribute 4 of the device attributes: sixel graphics.
  var hasSixel: Bool { attributes?.contains(4) == true }

  /// Reads the answers out of `bytes`. An escape sequence cut off at the end is dropped: it is
  /// the start of a late answer, never something typed.
  init(parsing bytes: [UInt8]) {
    var index = 0
    while index < bytes.count {
      guard bytes[index] == 0x1B, index + 1 < bytes.count else {
        if bytes[index] != 0x1B { typed.append(bytes[index]) }
        index += 1
        continue
      }
      switch bytes[index + 1] {
      case UInt8(ascii: "["):
        guard let end = Self.controlSequenceEnd(bytes, from: index + 2) else { return }
        if !readControlSequence(Array(bytes[(index + 2)...end])) {
          typed += bytes[index...end]
        }
        index = end + 1
      case UInt8(ascii: "P"), UInt8(ascii: "_"):
        guard let (body, next) = Self.stringBody(bytes, from: index + 2) else { return }
        if !readString(introducer: bytes[index + 1], body) { typed += bytes[index..<next] }
        index = next
      default:
        // Escape then a key (Alt-x) or a lone Escape: typed.
        typed.append(bytes[index])
        index += 1
      }
    }
  }

  /// The index of a control sequence's final byte (0x40…0x7E); nil when it is cut off.
  private static func controlSequenceEnd(_ bytes: [UInt8], from start: Int) -> Int? {
    bytes[start...].firstIndex { (0x40...0x7E).contains($0) }
  }

  /// A DCS or APC string's body up to its terminator (`ESC \` or BEL), and the index after it.
  private static func stringBody(_ bytes: [UInt8], from start: Int) -> ([UInt8], Int)? {
    var index = start
    while index < bytes.count {
      if bytes[index] == 0x07 { return (Array(bytes[start..<index]), index + 1) }
      if bytes[index] == 0x1B {
        guard index + 1 < bytes.count else { return nil }
        if bytes[index + 1] == UInt8(ascii: "\\") {
          return (Array(bytes[start..<index]), index + 2)
        }
      }
      index += 1
    }
    return nil
  }

  /// `sequence` is what follows `CSI`, final byte included; false when it is no answer.
  private mutating func readControlSequence(_ sequence: [UInt8]) -> Bool {
    guard let final = sequence.last else { return false }
    let text = String(decoding: sequence.dropLast(), as: UTF8.self)
    let isPrivate = text.hasPrefix("?")
    let numbers = text.drop { $0 == "?" }.split(separator: ";", omittingEmptySubsequences: false)
      .map { Int($0) }
    guard numbers.allSatisfy({ $0 != nil }) else { return false }
    let values = numbers.compactMap { $0 }
    switch (final, isPrivate) {
    case (UInt8(ascii: "c"), true):
      attributes = values
    case (UInt8(ascii: "S"), true):
      // XTSMGRAPHICS: item 2 (sixel geometry), status 0 (success), width, height.
      if values.count == 4, values[0] == 2, values[1] == 0 {
        graphicsArea = PixelSize(width: values[2], height: values[3])
      } else if values.count < 2 {
        return false
      }
    case (UInt8(ascii: "t"), false):
      guard values.count == 3 else { return false }
      if values[0] == 6 {
        cellPixels = CellSize(validating: values[2], values[1])
      } else if values[0] == 4 {
        windowPixels = PixelSize(width: values[2], height: values[1])
      } else {
        return false
      }
    default:
      return false
    }
    return true
  }

  /// A DCS (`P`) or APC (`_`) string; false when it is no answer.
  private mutating func readString(introducer: UInt8, _ body: [UInt8]) -> Bool {
    let text = String(decoding: body, as: UTF8.self)
    if introducer == UInt8(ascii: "P"), text.hasPrefix(">|") {
      version = String(text.dropFirst(2))
      return true
    }
    if introducer == UInt8(ascii: "_"), text.hasPrefix("G") {
      // `Gi=31;OK`, or an error such as `Gi=31;ENOTSUPPORTED:…`.
      if text.contains("i=31") { kittyGraphics = text.hasSuffix(";OK") }
      return true
    }
    return false
  }
}
