/// Waiting for something that happens in another process, with a deadline instead of a
/// fixed sleep.
public enum Eventually {
  /// Polls the condition until it holds; false if it still does not after `timeout`.
  public static func holds(
    _ condition: () throws -> Bool, timeout: Duration = .seconds(30)
  ) async throws -> Bool {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
      if try condition() { return true }
      try await Task.sleep(for: .milliseconds(10))
    }
    return try condition()
  }
}
