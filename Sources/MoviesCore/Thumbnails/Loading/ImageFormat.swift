import Foundation

/// An image format, recognised from the bytes themselves, never from a URL or a header.
public enum ImageFormat: String, Sendable, Hashable, CaseIterable {
  case png
  case jpeg
  case gif
  case webp

  /// Recognises the format from the file's signature; nil when the bytes are not an image
  /// this browser knows.
  public init?(sniffing data: Data) {
    let bytes = [UInt8](data.prefix(12))
    func starts(_ signature: [UInt8], at offset: Int = 0) -> Bool {
      bytes.count >= offset + signature.count
        && Array(bytes[offset..<offset + signature.count]) == signature
    }
    if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
      self = .png
    } else if starts([0xFF, 0xD8, 0xFF]) {
      self = .jpeg
    } else if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) {
      self = .gif
    } else if starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8) {
      self = .webp
    } else {
      return nil
    }
  }

  /// The file name extension to save with.
  public var fileExtension: String {
    self == .jpeg ? "jpg" : rawValue
  }

  /// The name to show the user.
  public var displayName: String { rawValue.uppercased() }
}
