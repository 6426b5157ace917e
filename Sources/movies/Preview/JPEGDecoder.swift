import CTurboJPEG
import Foundation
import MoviesCore

/// Decodes JPEG images with libturbojpeg; the only file that imports it.
enum JPEGDecoder {
  static func decode(_ data: Data) throws(ImageDecodingError) -> RGBAImage {
    guard let handle = tjInitDecompress() else {
      throw .invalid(format: .jpeg, reason: "libturbojpeg did not start")
    }
    defer { tjDestroy(handle) }
    let result: Result<RGBAImage, ImageDecodingError> = data.withUnsafeBytes { buffer in
      guard let base = buffer.bindMemory(to: UInt8.self).baseAddress else {
        return .failure(.invalid(format: .jpeg, reason: "the file is empty"))
      }
      let size = UInt(buffer.count)
      var width: Int32 = 0
      var height: Int32 = 0
      var subsampling: Int32 = 0
      var colorspace: Int32 = 0
      guard
        tjDecompressHeader3(handle, base, size, &width, &height, &subsampling, &colorspace) == 0
      else {
        return .failure(.invalid(format: .jpeg, reason: reason(handle)))
      }
      guard RGBAImage.allows(width: Int(width), height: Int(height)) else {
        return .failure(.tooLarge(format: .jpeg, width: Int(width), height: Int(height)))
      }
      var pixels = [UInt8](repeating: 0, count: Int(width) * Int(height) * 4)
      let status = pixels.withUnsafeMutableBufferPointer { output in
        tjDecompress2(
          handle, base, size, output.baseAddress, width, 0, height, Int32(TJPF_RGBA.rawValue), 0)
      }
      guard status == 0 else { return .failure(.invalid(format: .jpeg, reason: reason(handle))) }
      return .success(RGBAImage(width: Int(width), height: Int(height), pixels: pixels))
    }
    return try result.get()
  }

  private static func reason(_ handle: tjhandle) -> String {
    tjGetErrorStr2(handle).map { String(cString: $0) } ?? "unknown error"
  }
}
