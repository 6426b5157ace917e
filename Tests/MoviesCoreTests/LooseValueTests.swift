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
