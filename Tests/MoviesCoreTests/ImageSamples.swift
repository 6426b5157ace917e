import Foundation

/// Image bytes built by hand, with a known format and size, for sniffing and header tests.
enum ImageSamples {
  static func bigEndian(_ value: Int, bytes: Int) -> [UInt8] {
    (0..<bytes).reversed().map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
  }

  static func littleEndian(_ value: Int, bytes: Int) -> [UInt8] {
    (0..<bytes).map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
  }

  /// A PNG signature and IHDR chunk (the rest of the file is not needed for the size).
  static func png(width: Int, height: Int) -> Data {
    Data(
      [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + bigEndian(13, bytes: 4)
        + Array("IHDR".utf8) + bigEndian(width, bytes: 4) + bigEndian(height, bytes: 4)
        + [8, 6, 0, 0, 0] + [0, 0, 0, 0])
  }

  /// SOI, an APP0 segment to skip, then a baseline SOF0 with the size.
  static func jpeg(width: Int, height: Int) -> Data {
    Data(
      [0xFF, 0xD8, 0xFF, 0xE0] + bigEndian(16, bytes: 2) + Array("JFIF".utf8) + [0]
        + Array(repeating: 0, count: 9) + [0xFF, 0xC0] + bigEndian(17, bytes: 2) + [8]
        + bigEndian(height, bytes: 2) + bigEndian(width, bytes: 2) + [3]
        + Array(repeating: 0, count: 9))
  }

  static func gif(width: Int, height: Int) -> Data {
    Data(
      Array("GIF89a".utf8) + littleEndian(width, bytes: 2) + littleEndian(height, bytes: 2)
        + [0, 0, 0])
  }

  /// An extended (VP8X) WebP header: sizes stored minus one, 24-bit little-endian.
  static func webp(width: Int, height: Int) -> Data {
    Data(
      Array("RIFF".utf8) + littleEndian(30, bytes: 4) + Array("WEBP".utf8) + Array("VP8X".utf8)
        + littleEndian(10, bytes: 4) + [0, 0, 0, 0] + littleEndian(width - 1, bytes: 3)
        + littleEndian(height - 1, bytes: 3))
  }
}
