/// Waits for something that happens in another task or process: polls `condition` every few
/// milliseconds until it holds, and gives up after `timeout`, so a bug fails the test instead
/// of hanging it. The one polling helper of the tests; never sleep a fixed time instead.
///
/// The default deadline is generous, 30 s, below the suites' one-minute limit: with every
/// test of the package running at once on a busy two-core machine, a few hops between actors
/// have been seen to wait more than 15 s for a thread.
///
/// Waiting for a program, a screen or a file uses it too, with a longer `interval` where each
/// look costs a process (tmux) or a read.
///
/// - Returns: whether the condition held before the deadline.
public func eventually(
  timeout: Duration = .seconds(30), every interval: Duration = .milliseconds(5),
  _ condition: () async throws -> Bool
) async throws -> Bool {
  let deadline = ContinuousClock.now + timeout
  while ContinuousClock.now < deadline {
    if try await condition() { return true }
    try await Task.sleep(for: interval)
  }
  return try await condition()
}
