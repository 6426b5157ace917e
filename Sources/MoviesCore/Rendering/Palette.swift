/// The styles the renderers use. With colour off every style is empty, so no escape byte
/// reaches a pipe.
public struct Palette: Sendable, Hashable {
  /// Table headers and `show N`'s title line.
  public var heading: String
  /// Secondary text: status lines, notes.
  public var dim: String
  /// What stands out in a table: the watched mark.
  public var accent: String
  /// The `error:` prefix.
  public var error: String
  /// The `warning:` prefix.
  public var warning: String
  /// Back to plain text after a style.
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
