/// The styles the renderers use. With colour off every style is empty, so no escape byte
/// reaches a pipe.
public struct Palette: Sendable, Hashable {
  public var heading: String
  public var dim: String
  public var accent: String
  public var error: String
  public var warning: String
  public var reset: String

  /// No styling at all.
  public static let plain = Palette(
    heading: "", dim: "", accent: "", error: "", warning: "", reset: "")

  /// ANSI styles that read on dark and light backgrounds.
  public static let ansi = Palette(
    heading: "\u{1B}[1m", dim: "\u{1B}[2m", accent: "\u{1B}[33m", error: "\u{1B}[31m",
    warning: "\u{1B}[35m", reset: "\u{1B}[0m")

  /// Wraps already escaped text in a style.
  public func apply(_ style: String, to text: String) -> String {
    style.isEmpty || text.isEmpty ? text : style + text + reset
  }
}
