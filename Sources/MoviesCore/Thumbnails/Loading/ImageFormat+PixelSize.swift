import Foundation

/// An image's width and height in pixels.
public struct PixelSize: Sendable, Hashable {
  /// Pixels across.
  public var width: Int
  /// Pixels down.
  public var height: Int

  /// A size of `width` by `height` pixels.
  public init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }
}

extension ImageFormat {
  /// Reads the pixel size from the image's header, without decoding it; nil when the header
  /// is cut short or damaged.
  public func pixelSize(of data: Data) -> PixelSize? {
    let bytes = [UInt8](data)
    let size: PixelSize?
    switch self {
    case .png: size = Self.pngSize(bytes)
    case .jpeg: size = Self.jpegSize(bytes)
    case .gif: size = Self.gifSize(bytes)
    case .webp: size = Self.webpSize(bytes)
    }
    guard let size, size.width > 0, size.height > 0 else { return nil }
    return size
  }

  private static func bigEndian(_ bytes: [UInt8], at offset: Int, count: Int) -> Int? {
    guard offset >= 0, bytes.count >= offset + count else { return nil }
    return bytes[offset..<offset + count].reduce(0) { $0 << 8 | Int($1) }
  }

  private static func littleEndian(_ bytes: [UInt8], at offset: Int, count: Int) -> Int? {
    guard offset >= 0, bytes.count >= offset + count else { return nil }
    return bytes[offset..<offset + count].reversed().reduce(0) { $0 << 8 | Int($1) }
  }

  /// The IHDR chunk comes first: width and height as 32-bit big-endian numbers.
  private static func pngSize(_ bytes: [UInt8]) -> PixelSize? {
    guard bytes.count >= 24, Array(bytes[12..<16]) == Array("IHDR".utf8),
      let width = bigEndian(bytes, at: 16, count: 4),
      let height = bigEndian(bytes, at: 20, count: 4)
    else { return nil }
    return PixelSize(width: width, height: height)
  }

  /// The logical screen size follows the six-byte signature, 16-bit little-endian.
  private static func gifSize(_ bytes: [UInt8]) -> PixelSize? {
    guard let width = littleEndian(bytes, at: 6, count: 2),
      let height = littleEndian(bytes, at: 8, count: 2)
    else { return nil }
    return PixelSize(width: width, height: height)
  }

  /// Walks the marker segments to the first start-of-frame, which holds the size.
  private static func jpegSize(_ bytes: [UInt8]) -> PixelSize? {
    var offset = 2
    while offset + 1 < bytes.count {
      guard bytes[offset] == 0xFF else { return nil }
      let marker = bytes[offset + 1]
      if marker == 0xFF {  // fill byte
        offset += 1
        continue
      }
      if marker == 0x01 || (0xD0...0xD7).contains(marker) {  // no length
        offset += 2
        continue
      }
      guard let length = bigEndian(bytes, at: offset + 2, count: 2), length >= 2 else { return nil }
      // SOF0 to SOF15, except DHT (C4), JPG (C8) and DAC (CC), which share the range.
      if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
        guard let height = bigEndian(bytes, at: offset + 5, count: 2),
          let width = bigEndian(bytes, at: offset + 7, count: 2)
        else { return nil }
        return PixelSize(width: width, height: height)
      }
      offset += 2 + length
    }
    return nil
  }

  /// The first chunk after `RIFF....WEBP` is lossy (`VP8 `), lossless (`VP8L`) or extended
  /// (`VP8X`), each with the size in its own layout.
  private static func webpSize(_ bytes: [UInt8]) -> PixelSize? {
    guard bytes.count >= 30 else { return nil }
    switch String(decoding: bytes[12..<16], as: UTF8.self) {
    case "VP8 ":
      guard Array(bytes[23..<26]) == [0x9D, 0x01, 0x2A],
        let width = littleEndian(bytes, at: 26, count: 2),
        let height = littleEndian(bytes, at: 28, count: 2)
      else { return nil }
      return PixelSize(width: width & 0x3FFF, height: height & 0x3FFF)
    case "VP8L":
      guard bytes[20] == 0x2F, let bits = littleEndian(bytes, at: 21, count: 4) else { return nil }
      return PixelSize(width: (bits & 0x3FFF) + 1, height: (bits >> 14 & 0x3FFF) + 1)
    case "VP8X":
      guard let width = littleEndian(bytes, at: 24, count: 3),
        let height = littleEndian(bytes, at: 27, count: 3)
      else { return nil }
      return PixelSize(width: width + 1, height: height + 1)
    default:
      return nil
    }
  }
}
