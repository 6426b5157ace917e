import CPNG
import Foundation
import MoviesCore

/// Decodes PNG images with libpng's progressive reader; the only file that imports libpng.
///
/// The bytes go in a piece at a time, with the budget checked between pieces, and decoding
/// ends with the last row: image data past it (a bomb inflating to gigabytes) is never
/// inflated, so the work is bounded by what the declared size needs.
enum PNGDecoder {
  /// How many bytes of the file go to libpng between two checks of the budget.
  static let pieceSize = 64 << 10

  static func decode(_ data: Data, budget: DecodeBudget) throws(ImageDecodingError) -> RGBAImage {
    let reader = UnsafeMutablePointer<movies_png_reader>.allocate(capacity: 1)
    defer {
      movies_png_free(reader)
      reader.deallocate()
    }
    guard movies_png_begin(reader, UInt32(RGBAImage.maximumPixels)) == 0 else {
      throw .invalid(format: .png, reason: "libpng did not start")
    }
    let state: Result<Int32, ImageDecodingError> = data.withUnsafeBytes { buffer in
      guard let base = buffer.bindMemory(to: UInt8.self).baseAddress else { return .success(0) }
      var offset = 0
      var state: Int32 = 0
      while state == 0, offset < buffer.count {
        if let stop = budget.check(.png) { return .failure(stop) }
        let size = min(pieceSize, buffer.count - offset)
        state = movies_png_feed(reader, base + offset, size)
        offset += size
      }
      return .success(state)
    }
    let image = reader.pointee
    if image.too_large != 0 {
      throw .tooLarge(format: .png, width: Int(image.width), height: Int(image.height))
    }
    switch try state.get() {
    case 1:
      guard let pixels = image.pixels else { throw .invalid(format: .png, reason: "no pixels") }
      let count = Int(image.width) * Int(image.height) * 4
      return RGBAImage(
        width: Int(image.width), height: Int(image.height),
        pixels: Array(UnsafeBufferPointer(start: pixels, count: count)))
    case 0:
      throw .invalid(format: .png, reason: "the file ends before the image does")
    default:
      throw .invalid(format: .png, reason: message(image))
    }
  }

  /// libpng's own message, kept in the reader.
  private static func message(_ reader: movies_png_reader) -> String {
    withUnsafeBytes(of: reader.message) { bytes in
      String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
    }
  }
}
