/// Waits for something that happens in another task or process: polls `condition` every few
/// milliseconds until it holds, and gives up after `timeout`, so a bug fails the test instead
/// of hanging it. The one polling helper of the tests; never sleep a fixed time instead.
///
/// - Returns: whether the condition held before the deadline.
public func eventually(
  timeout: Duration = .seconds(30), _ condition: () async throws -> Bool
) async throws -> Bool {
  let deadline = ContinuousClock.now + timeout
  while ContinuousClock.now < deadline {
    if try await condition() { return true }
    try await Task.sleep(for: .milliseconds(5))
  }
  return try await condition()
}
