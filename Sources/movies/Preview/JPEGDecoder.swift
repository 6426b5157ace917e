import CJPEG
import Foundation
import MoviesCore

/// Decodes JPEG images with libjpeg (libjpeg-turbo); the only file that imports it.
///
/// libjpeg's progress monitor runs for every row of blocks it reads: it stops a progressive
/// file past ``maximumScans`` scans (a scan bomb repeats thousands), and asks the budget, so
/// Ctrl-C or a second of CPU stops the decode within a row.
enum JPEGDecoder {
  /// A progressive JPEG has about ten scans; past this many it is refused.
  static let maximumScans: Int32 = 300

  static func decode(_ data: Data, budget: DecodeBudget) throws(ImageDecodingError) -> RGBAImage {
    let reader = UnsafeMutablePointer<movies_jpeg_reader>.allocate(capacity: 1)
    defer { reader.deallocate() }
    let watch = Watch(budget: budget)
    let context = Unmanaged.passUnretained(watch).toOpaque()
    let result: Result<RGBAImage, ImageDecodingError> = withExtendedLifetime(watch) {
      data.withUnsafeBytes { buffer in
        guard let base = buffer.bindMemory(to: UInt8.self).baseAddress else {
          return .failure(.invalid(format: .jpeg, reason: "the file is empty"))
        }
        defer { movies_jpeg_end(reader) }
        guard
          movies_jpeg_begin(
            reader, base, UInt(buffer.count), maximumScans, Watch.shouldStop, context) == 0
        else { return .failure(failure(reader.pointee, watch)) }
        let width = Int(reader.pointee.info.image_width)
        let height = Int(reader.pointee.info.image_height)
        guard RGBAImage.allows(width: width, height: height) else {
          return .failure(.tooLarge(format: .jpeg, width: width, height: height))
        }
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        let status = pixels.withUnsafeMutableBufferPointer { output in
          movies_jpeg_read(reader, output.baseAddress)
        }
        guard status == 0 else { return .failure(failure(reader.pointee, watch)) }
        return .success(RGBAImage(width: width, height: height, pixels: pixels))
      }
    }
    return try result.get()
  }

  /// Why the decode stopped: the budget, the scan limit, or libjpeg's message.
  private static func failure(_ reader: movies_jpeg_reader, _ watch: Watch) -> ImageDecodingError {
    switch reader.stopped {
    case 1: return watch.stop ?? .cancelled(format: .jpeg)
    case 2: return .invalid(format: .jpeg, reason: "more than \(maximumScans) scans")
    default:
      let text = withUnsafeBytes(of: reader.message) { bytes in
        String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
      }
      return .invalid(format: .jpeg, reason: text.isEmpty ? "unknown error" : text)
    }
  }

  /// The budget as libjpeg's callback reaches it, through the context pointer, and why it
  /// said stop.
  private final class Watch {
    let budget: DecodeBudget
    var stop: ImageDecodingError?

    init(budget: DecodeBudget) {
      self.budget = budget
    }

    static let shouldStop: @convention(c) (UnsafeMutableRawPointer?) -> Int32 = { context in
      guard let context else { return 1 }
      let watch = Unmanaged<Watch>.fromOpaque(context).takeUnretainedValue()
      watch.stop = watch.budget.check(.jpeg)
      return watch.stop == nil ? 0 : 1
    }
  }
}
