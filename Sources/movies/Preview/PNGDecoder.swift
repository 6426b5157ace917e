import CPNG
import Foundation
import MoviesCore

/// Decodes PNG images with libpng's simplified API; the only file that imports libpng.
enum PNGDecoder {
  static func decode(_ data: Data) throws(ImageDecodingError) -> RGBAImage {
    var image = png_image()
    image.version = movies_png_image_version()
    defer { png_image_free(&image) }
    // The simplified API reads from the buffer until finish_read, so both calls stay inside
    // one access to the bytes.
    let result: Result<RGBAImage, ImageDecodingError> = data.withUnsafeBytes { buffer in
      guard png_image_begin_read_from_memory(&image, buffer.baseAddress, buffer.count) != 0 else {
        return .failure(.invalid(format: .png, reason: reason(image)))
      }
      let width = Int(image.width)
      let height = Int(image.height)
      guard RGBAImage.allows(width: width, height: height) else {
        return .failure(.tooLarge(format: .png, width: width, height: height))
      }
      image.format = movies_png_format_rgba()
      var pixels = [UInt8](repeating: 0, count: width * height * 4)
      let finished = pixels.withUnsafeMutableBytes { output in
        png_image_finish_read(&image, nil, output.baseAddress, 0, nil)
      }
      guard finished != 0 else { return .failure(.invalid(format: .png, reason: reason(image))) }
      return .success(RGBAImage(width: width, height: height, pixels: pixels))
    }
    return try result.get()
  }

  /// libpng's own message, kept in the image struct.
  private static func reason(_ image: png_image) -> String {
    withUnsafeBytes(of: image.message) { bytes in
      String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
    }
  }
}
