import MoviesCore
import Synchronization

/// Loads by key, each once: callers asking for a key that is loading wait for the same load,
/// and a loaded value is kept for later callers, up to ``capacity`` keys (the oldest go
/// first). A failed load is forgotten so the next caller tries again. A load whose only
/// caller is cancelled is cancelled with it.
final class SharedLoads<Key: Hashable & Sendable, Value: Sendable>: Sendable {
  private struct Entry {
    var task: Task<Value, any Error>
    var waiters = 0
    var serial: Int
  }

  private struct State {
    var entries: [Key: Entry] = [:]
    var serial = 0
  }

  let capacity: Int
  private let state = Mutex(State())

  init(capacity: Int) {
    self.capacity = max(1, capacity)
  }

  deinit {
    state.withLock { state in
      for entry in state.entries.values { entry.task.cancel() }
    }
  }

  func value(for key: Key, load: @escaping @Sendable () async throws -> Value) async throws
    -> Value
  {
    let (task, serial) = state.withLock { state in
      if var entry = state.entries[key] {
        entry.waiters += 1
        state.entries[key] = entry
        return (entry.task, entry.serial)
      }
      state.serial += 1
      let entry = Entry(task: Task { try await load() }, waiters: 1, serial: state.serial)
      state.entries[key] = entry
      evict(&state)
      return (entry.task, entry.serial)
    }
    defer {
      state.withLock { state in
        if var entry = state.entries[key], entry.serial == serial {
          entry.waiters -= 1
          state.entries[key] = entry
        }
      }
    }
    do {
      return try await withTaskCancellationHandler {
        try await task.value
      } onCancel: {
        state.withLock { state in
          guard let entry = state.entries[key], entry.serial == serial, entry.waiters <= 1
          else { return }
          entry.task.cancel()
          state.entries[key] = nil
        }
      }
    } catch {
      state.withLock { state in
        if state.entries[key]?.serial == serial { state.entries[key] = nil }
      }
      throw error
    }
  }

  /// Drops the oldest idle entries past the capacity; loads that are waited for stay.
  private func evict(_ state: inout State) {
    guard state.entries.count > capacity else { return }
    let idle = state.entries.filter { $0.value.waiters == 0 }.sorted {
      $0.value.serial < $1.value.serial
    }
    for (key, _) in idle.prefix(state.entries.count - capacity) {
      state.entries[key] = nil
    }
  }
}
