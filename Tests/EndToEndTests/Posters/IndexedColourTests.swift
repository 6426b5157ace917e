import Testing

@testable import movies

/// Posters in 256 colours (tmux without an outer client, xterm without COLORTERM) stay
/// readable: a smooth picture gives smooth cells, not dither noise.
@Suite(.timeLimit(.minutes(1))) struct IndexedColourTests {
  /// A sky: blue at the top to orange at the bottom, the same across each row of pixels.
  private static func sky(width: Int = 120, height: Int = 180) -> RGBAImage {
    var pixels: [UInt8] = []
    pixels.reserveCapacity(width * height * 4)
    for y in 0..<height {
      let t = Double(y) / Double(height - 1)
      let colour = [40 + 200 * t, 90 + 60 * t, 200 - 170 * t].map { UInt8($0.rounded()) }
      for _ in 0..<width { pixels += colour + [255] }
    }
    return RGBAImage(width: width, height: height, pixels: pixels)
  }

  /// The cells of each line: the colours in force and the symbol.
  private static func cells(of text: String) -> [[String]] {
    text.split(separator: "\n").map { line in
      var cells: [String] = []
      var style = ""
      var scalars = line.unicodeScalars.makeIterator()
      while let scalar = scalars.next() {
        guard scalar == "\u{1B}" else {
          cells.append(style + String(scalar))
          continue
        }
        var sequence = ""
        while let next = scalars.next() {
          sequence.unicodeScalars.append(next)
          if next.properties.isAlphabetic && next != "[" { break }
        }
        if sequence.hasSuffix("m") {
          // 0 resets; others add to what is in force.
          style = sequence == "[0m" || sequence == "[m" ? "" : style + sequence
          if style.count > 200 { style = String(style.suffix(60)) }
        }
      }
      return cells
    }
  }

  /// How often a cell differs from the one on its left, in a picture whose rows of pixels
  /// are each one colour: a change across a line is noise the picture does not have.
  private static func noise(_ text: String) -> Double {
    var pairs = 0
    var changes = 0
    for line in cells(of: text) where line.count > 1 {
      for index in 1..<line.count {
        pairs += 1
        if line[index] != line[index - 1] { changes += 1 }
      }
    }
    return pairs == 0 ? 1 : Double(changes) / Double(pairs)
  }

  @Test func aSmoothPictureInTwoHundredFiftySixColoursHasLittleNoise() throws {
    let text = try ChafaCanvas.draw(
      Self.sky(), geometry: PreviewGeometry(columns: 30, rows: 20), mode: .symbols,
      colors: .indexed256)
    #expect(text.contains("38;5;") || text.contains("48;5;"), "256 colours")
    #expect(!text.contains("38;2;") && !text.contains("48;2;"))
    let measured = Self.noise(text)
    #expect(measured < 0.1, "\(measured) of neighbouring cells differ")
    // The 16 colours a terminal's theme changes are not used: they would turn a sky pink.
    let indexes = text.matches(of: /[34]8;5;(\d+)/).compactMap { Int($0.output.1) }
    #expect(!indexes.isEmpty && indexes.allSatisfy { $0 >= 16 }, "\(Set(indexes).sorted())")
  }
}
