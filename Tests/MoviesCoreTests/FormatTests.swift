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
    ("2011052", "2011052"),
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
