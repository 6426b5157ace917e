import Testing

@testable import MoviesCore

@Suite(.timeLimit(.minutes(1))) struct FormatTests {
  @Test(arguments: [
    (0, "0"), (999, "999"), (1_000, "1,000"), (58_788, "58,788"), (1_234_567, "1,234,567"),
    (-1_234, "-1,234"),
  ])
  func grouped(value: Int, text: String) {
    #expect(Format.grouped(value) == text)
  }

  @Test(arguments: [
    (8.4, "8.4"), (8.95, "8.95"), (9, "9.0"), (7.05, "7.05"), (10, "10.0"), (0, "0.0"),
    (6.999, "7.0"),
  ])
  func rating(value: Double, text: String) {
    #expect(Format.rating(value) == text)
  }

  @Test(arguments: [
    ("20110520", "2011-05-20"), ("1994", "1994"), ("2011-05-20", "2011-05-20"), ("", ""),
    ("2011052", "2011052"), ("+1234567", "+1234567"), ("-1234567", "-1234567"),
    ("２０１１０５２０", "２０１１０５２０"),
    ("2011052\u{1B}", "2011052\u{1B}"), ("2011 520", "2011 520"), ("201105200", "201105200"),
  ])
  func releaseDate(sent: String, shown: String) {
    #expect(Format.releaseDate(sent) == shown)
  }

  @Test(arguments: [
    (0, "0 bytes"), (1, "1 byte"), (880, "880 bytes"), (999, "999 bytes"), (1_000, "1.0 KB"),
    (1_234, "1.2 KB"), (2_345_678, "2.3 MB"), (3_000_000_000, "3.0 GB"),
  ])
  func byteCount(count: Int, text: String) {
    #expect(Format.byteCount(count) == text)
  }

  @Test(arguments: [
    (Duration.zero, "0 ms"), (.milliseconds(12), "12 ms"), (.milliseconds(999), "999 ms"),
    (.milliseconds(1_300), "1.3 s"), (.seconds(2), "2.0 s"), (.microseconds(12_345), "12 ms"),
    (.microseconds(420), "0.4 ms"), (.microseconds(30), "0.1 ms"), (.microseconds(970), "1 ms"),
  ])
  func duration(duration: Duration, text: String) {
    #expect(Format.duration(duration) == text)
  }

  @Test func byteCountJustUnderAMegabyte() {
    #expect(Format.byteCount(999_999) == "1.0 MB")
  }

  /// A rating as it was written before it was written in place (issue 41).
  private func interpolatedRating(_ value: Double) -> String {
    let hundredths = Int((value.magnitude * 100).rounded())
    let sign = value < 0 && hundredths > 0 ? "-" : ""
    let whole = hundredths / 100
    let fraction = hundredths % 100
    if fraction % 10 == 0 { return "\(sign)\(whole).\(fraction / 10)" }
    return "\(sign)\(whole)." + (fraction < 10 ? "0" : "") + "\(fraction)"
  }

  @Test func ratingsWrittenInPlaceReadAsInterpolatedOnes() {
    var values = (-1_050...1_050).map { Double($0) / 100 }
    values += [0.004, 0.005, -0.004, -0.005, 6.999, 99.95, 123.456, 1e9 - 0.01, 1e9 - 0.001, 1e9]
    values += [999_999_999.994, 999_999_999.996, -999_999_999.99, 1e11 + 0.5, 9.99e11]
    for value in values {
      #expect(Format.rating(value) == interpolatedRating(value), "\(value)")
    }
  }

  @Test func negativeRatingKeepsItsSign() {
    #expect(Format.rating(-0.5) == "-0.5")
  }

  @Test func hugeRatingDoesNotCrash() async {
    // A server may send any finite ratingAverage; Int(Double) traps on values above Int.max.
    await #expect(processExitsWith: .success) {
      _ = Format.rating(1e300)
    }
  }
}
