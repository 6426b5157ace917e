extension Int {
  /// `value` rounded to the nearest whole number and held within `range`. A number from
  /// outside (a player, a server, a file's header) may be anything a `Double` holds, and
  /// `Int(_:)` traps on one past `Int.max`, an infinity or NaN; NaN gives the lower bound.
  public init(rounding value: Double, within range: ClosedRange<Int>) {
    let rounded = value.rounded()
    if rounded.isNaN || rounded <= Double(range.lowerBound) {
      self = range.lowerBound
    } else if rounded >= Double(range.upperBound) {
      // Double(Int.max) is 2^63, one past it: the comparison keeps Int(_:) below.
      self = range.upperBound
    } else {
      self = Int(rounded)
    }
  }
}
