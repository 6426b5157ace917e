import Dispatch

/// Standard input, one line at a time, read as the commands run.
struct StandardInputLines: Sequence, IteratorProtocol {
  mutating func next() -> String? {
    // A blocking read: it belongs on the main thread, not on the concurrency pool.
    dispatchPrecondition(condition: .onQueue(.main))
    return Swift.readLine(strippingNewline: true)
  }
}
