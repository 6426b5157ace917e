/// How large a poster may be, for every source and for the files read back from disk: a
/// poster is at most a few hundred kilobytes, so a larger body is a server's mistake.
public enum PosterLimit {
  /// The largest poster accepted: 10 MB.
  public static let bytes = 10_000_000
}
