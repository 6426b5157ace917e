/// The rows `thumb N-M` or `thumb all` asks for.
public enum ThumbRows: Sendable, Hashable {
  /// From N to M, both included.
  case range(ClosedRange<Int>)
  /// Every loaded row.
  case all
}
