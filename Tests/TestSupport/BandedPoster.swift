import Foundation

/// A known test poster: 60×90 pixels (portrait, 2:3) in three solid bands, red over green
/// over blue, so a picture of it can be found on a screenshot and checked by shape and colour.
public enum BandedPoster {
  /// Its width in pixels.
  public static let width = 60
  /// Its height in pixels.
  public static let height = 90
  /// Top to bottom.
  public static let bands: [RGB] = [
    RGB(red: 0xE0, green: 0x10, blue: 0x10), RGB(red: 0x10, green: 0xC0, blue: 0x20),
    RGB(red: 0x10, green: 0x30, blue: 0xE0),
  ]

  /// A one-movie catalogue (for ``HoppinTestServer``) whose poster is this one, made with
  /// ImageMagick's `convert`.
  public static func catalogue(in folder: URL) throws -> URL {
    let catalogue = try TestCatalogue.write(
      [
        [
          "movieId": "1", "title": "Bands", "genreNames": "Drama", "genreIds": "4",
          "ratingAverage": "9.0", "releaseDate": "2001", "thumbnailImage": "posters/bands.png",
        ]
      ], in: folder)
    let file = catalogue.appendingPathComponent("posters/bands.png")
    let slices = bands.flatMap { ["-size", "\(width)x\(height / 3)", "xc:\($0.hex)"] }
    try ImageTool.run(["convert"] + slices + ["-append", "PNG24:" + file.path])
    return catalogue
  }
}

/// One pixel's colour.
public struct RGB: Sendable, Hashable, CustomStringConvertible {
  /// Red, 0 to 255.
  public var red: Int
  /// Green, 0 to 255.
  public var green: Int
  /// Blue, 0 to 255.
  public var blue: Int

  /// A colour from its channels.
  public init(red: Int, green: Int, blue: Int) {
    self.red = red
    self.green = green
    self.blue = blue
  }

  /// `#RRGGBB`.
  public var hex: String {
    "#" + [red, green, blue].map { String(format: "%02X", $0) }.joined()
  }
  /// The colour as `#RRGGBB`.
  public var description: String { hex }

  /// Every channel within `tolerance` of the other colour's.
  public func isNear(_ other: RGB, tolerance: Int = 40) -> Bool {
    abs(red - other.red) <= tolerance && abs(green - other.green) <= tolerance
      && abs(blue - other.blue) <= tolerance
  }
}

/// An image's pixels, read through ImageMagick (`convert FILE rgb:-`).
public struct RGBImage: Sendable {
  /// Pixels across.
  public let width: Int
  /// Pixels down.
  public let height: Int
  private let bytes: [UInt8]

  /// The first frame of the image file, read with ImageMagick.
  public init(contentsOf file: URL) throws {
    let size = try ImageTool.run(["identify", "-format", "%w %h", file.path + "[0]"])
      .split(separator: " ").compactMap { Int($0) }
    guard size.count == 2 else { throw ImageTool.Failure.unreadable(file.path) }
    (width, height) = (size[0], size[1])
    bytes = Array(try ImageTool.output(["convert", file.path + "[0]", "-depth", "8", "rgb:-"]))
    guard bytes.count == width * height * 3 else { throw ImageTool.Failure.unreadable(file.path) }
  }

  /// The pixel at column `x`, row `y`, from 0.
  public subscript(x: Int, y: Int) -> RGB {
    let offset = (y * width + x) * 3
    return RGB(red: Int(bytes[offset]), green: Int(bytes[offset + 1]), blue: Int(bytes[offset + 2]))
  }

  /// The smallest rectangle holding every pixel near one of the colours; nil when none is.
  public func boundingBox(of colors: [RGB]) -> (x: Range<Int>, y: Range<Int>)? {
    var minX = width
    var maxX = -1
    var minY = height
    var maxY = -1
    for y in 0..<height {
      for x in 0..<width where colors.contains(where: { self[x, y].isNear($0) }) {
        minX = min(minX, x)
        maxX = max(maxX, x)
        minY = min(minY, y)
        maxY = max(maxY, y)
      }
    }
    guard maxX >= 0 else { return nil }
    return (minX..<(maxX + 1), minY..<(maxY + 1))
  }
}

/// ImageMagick and other image programs, run to their end.
public enum ImageTool {
  /// An image program failed, or its output could not be read.
  public enum Failure: Error, CustomStringConvertible {
    case failed([String], String)
    case unreadable(String)

    /// What failed, for the test's report.
    public var description: String {
      switch self {
      case .failed(let arguments, let output):
        "\(arguments.joined(separator: " ")) failed: \(output)"
      case .unreadable(let path): "could not read the pixels of \(path)"
      }
    }
  }

  /// Runs the program and returns its standard output as text.
  @discardableResult
  public static func run(_ arguments: [String]) throws -> String {
    String(decoding: try output(arguments), as: UTF8.self)
  }

  /// Runs the program and returns its standard output.
  public static func output(_ arguments: [String]) throws -> Data {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    let problems = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw Failure.failed(arguments, String(decoding: problems, as: UTF8.self))
    }
    return data
  }
}
