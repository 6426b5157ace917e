/// The bounds one HTTP request must stay inside.
public struct TransferLimits: Sendable, Hashable {
  /// The largest body accepted, in bytes, counted as it streams in (after decompression).
  public var maxBytes: Int
  /// How long the whole request may take, from sending it to the last byte of the body.
  public var deadline: Duration
  /// How many redirects are followed before giving up.
  public var maxRedirects: Int

  /// Limits of `maxBytes` decoded, `deadline` for the whole transfer and `maxRedirects` redirects.
  public init(maxBytes: Int, deadline: Duration, maxRedirects: Int = 5) {
    self.maxBytes = maxBytes
    self.deadline = deadline
    self.maxRedirects = maxRedirects
  }
}
