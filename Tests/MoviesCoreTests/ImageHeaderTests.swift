import Foundation
import Testing

@testable import MoviesCore

@Suite(.timeLimit(.minutes(1))) struct ImageHeaderTests {
  @Test(arguments: [(60, 90), (1, 1), (4_000, 3_000)])
  func readsThePixelSizeOfEachFormat(width: Int, height: Int) {
    let expected = PixelSize(width: width, height: height)
    let samples: [(ImageFormat, Data)] = [
      (.png, ImageSamples.png(width: width, height: height)),
      (.jpeg, ImageSamples.jpeg(width: width, height: height)),
      (.gif, ImageSamples.gif(width: width, height: height)),
      (.webp, ImageSamples.webp(width: width, height: height)),
    ]
    for (format, data) in samples {
      #expect(ImageFormat(sniffing: data) == format)
      #expect(format.pixelSize(of: data) == expected, "\(format)")
    }
  }

  @Test func aCutShortHeaderHasNoSize() {
    let png = ImageSamples.png(width: 60, height: 90)
    #expect(ImageFormat.png.pixelSize(of: png.prefix(20)) == nil)
    let jpeg = ImageSamples.jpeg(width: 60, height: 90)
    #expect(ImageFormat.jpeg.pixelSize(of: jpeg.prefix(26)) == nil)
  }
}
