/// Decoded pixels: 8-bit red, green, blue and alpha per pixel, rows top to bottom.
struct RGBAImage {
  var width: Int
  var height: Int
  var pixels: [UInt8]

  /// Posters are small; anything over 16 million pixels is refused before memory is taken
  /// for it, as the size comes from untrusted bytes.
  static let maximumPixels = 16_000_000

  static func allows(width: Int, height: Int) -> Bool {
    width > 0 && height > 0 && width <= maximumPixels / height
  }
}
