import MoviesCore

/// Why an image could not be decoded for the preview; the saved file is not affected.
enum ImageDecodingError: Error, UserFacingError {
  case invalid(format: ImageFormat, reason: String)
  case tooLarge(format: ImageFormat, width: Int, height: Int)

  var code: ErrorCode { .thumbnail }

  var message: String {
    switch self {
    case .invalid(let format, let reason):
      "The \(format.displayName) image could not be decoded (\(reason)), so there is no preview."
    case .tooLarge(let format, let width, let height):
      "The \(format.displayName) image is \(width)x\(height) pixels, too large to preview."
    }
  }
}
