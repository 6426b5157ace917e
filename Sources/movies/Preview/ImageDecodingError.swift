import MoviesCore

/// Why an image could not be decoded for the preview; the saved file is not affected.
enum ImageDecodingError: Error, UserFacingError {
  case invalid(format: ImageFormat, reason: String)
  case tooLarge(format: ImageFormat, width: Int, height: Int)
  /// Decoding took more CPU than a preview may (``DecodeBudget/cpuLimit``).
  case tooSlow(format: ImageFormat, limit: Duration)
  /// Ctrl-C while the poster was being decoded.
  case cancelled(format: ImageFormat)

  var code: ErrorCode {
    if case .cancelled = self { return .cancelled }
    return .thumbnail
  }

  var message: String {
    switch self {
    case .invalid(let format, let reason):
      "The \(format.displayName) image could not be decoded (\(reason)), so there is no preview."
    case .tooLarge(let format, let width, let height):
      "The \(format.displayName) image is \(width)x\(height) pixels, too large to preview."
    case .tooSlow(let format, let limit):
      "The \(format.displayName) image takes more than \(Format.duration(limit)) of CPU to "
        + "decode, so there is no preview; the file is saved."
    case .cancelled(let format):
      "Drawing the \(format.displayName) poster was cancelled; the file is saved."
    }
  }
}
