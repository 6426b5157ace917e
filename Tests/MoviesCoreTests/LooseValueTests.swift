import Foundation
import Testing

@testable import MoviesCore

/// Reading the loosely typed scalars of Hoppin-style servers.
@Suite(.timeLimit(.minutes(1))) struct LooseValueTests {
  @Test(arguments: [
    ("Heat", "Heat"), ("  Heat ", "Heat"), ("\tHeat\n", "Heat"), ("\u{3000}올드보이\u{00A0}", "올드보이"),
    ("올드보이", "올드보이"), ("a b", "a b"), ("   ", ""), ("", ""), (" x", "x"), ("x ", "x"),
  ])
  func trimRemovesWhiteSpaceAtBothEndsOnly(text: String, trimmed: String) {
    #expect(LooseValue.trim(text) == trimmed)
  }

  @Test func numbersComeFromTextOrNumbersButNotBooleans() {
    #expect(LooseValue.double(" 8.95 ") == 8.95)
    #expect(LooseValue.integer("123") == 123)
    #expect(LooseValue.integer(NSNumber(value: 123.0)) == 123)
    #expect(LooseValue.integer(NSNumber(value: 1.5)) == nil)
    #expect(LooseValue.double(NSNumber(value: true)) == nil)
    #expect(LooseValue.text("  ") == nil)
  }
}

/// The readers of ASCII bytes that the plain page's reader uses give what the String readers
/// give for the same text, in every case.
@Suite(.timeLimit(.minutes(1))) struct LooseValueASCIITests {
  private static let tricky = [
    "", " ", "0", "-0", "+0", "-", "+", ".", "1.", ".5", "-.5", "1.5", "-1.5", "007", "0.1",
    "4.2", "7", " 42 ", "\t42\n", "\r\n42\r\n", "\u{0B}7\u{0C}", "\u{1C}7", "7\u{1F}", "12abc",
    "abc", "1e3", "1E-3", "1e400", "-1e400", "1e-400", "inf", "-inf", "nan", "infinity",
    "0x1p3", "1_000", "1,5", "--1", "1-", "1 2", "9007199254740993", "9007199254740992.0",
    "123456789012345", "1234567890123456", "12345678901234567", "123456789012345678",
    "1234567890123456789", "9223372036854775807", "9223372036854775808",
    "-9223372036854775808", "-9223372036854775809", "99999999999999999999999",
    "0.000000000000001", "0.0000000000000001", "123456789.123456", "1.7976931348623157",
    "12.0", "12.50", "-12.0", "1.0000000000000002", "0.30000000000000004", "2.5", "3.5",
  ]

  /// The tricky cases, and pseudo-random texts from the characters numbers are made of (the
  /// same each run).
  private static var texts: [String] {
    var generator = SeededGenerator(seed: 41)
    let alphabet = Array("0123456789012345678901234567890123456789.-+eE \t")
    let random = (0..<20_000).map { _ in
      String(
        (0..<Int.random(in: 0...22, using: &generator)).map { _ in
          alphabet.randomElement(using: &generator) ?? "0"
        })
    }
    return tricky + random
  }

  private func withBytes<Result>(_ text: String, _ body: (UnsafeRawBufferPointer) -> Result)
    -> Result
  {
    Array(text.utf8).withUnsafeBytes(body)
  }

  @Test func numbersAgree() {
    for text in Self.texts {
      let double = withBytes(text) { LooseValue.double(ascii: $0) }
      let expected = LooseValue.double(text)
      // By their bits: -0.0 is 0.0 to ==.
      #expect(double?.bitPattern == expected?.bitPattern, "\(text.debugDescription)")
      #expect(withBytes(text) { LooseValue.integer(ascii: $0) } == LooseValue.integer(text))
    }
  }

  @Test func textAgrees() {
    let ascii = (0..<0x80).map { String(UnicodeScalar(UInt8($0))) }
    for text in Self.texts + ascii + ascii.map({ " a\($0)b\($0)" }) {
      #expect(withBytes(text) { LooseValue.text(ascii: $0) } == LooseValue.text(text))
    }
  }
}

/// A generator that gives the same numbers for the same seed (SplitMix64).
struct SeededGenerator: RandomNumberGenerator {
  var state: UInt64
  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var value = state
    value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
    value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
    return value ^ (value >> 31)
  }
}
