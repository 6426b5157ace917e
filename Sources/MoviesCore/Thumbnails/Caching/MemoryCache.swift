/// The most recently used values, bounded by their total cost in bytes rather than by count,
/// so a few large images cannot crowd out memory while many small ones still fit.
///
/// A value type: the ``ThumbnailPipeline`` actor owns one and is what makes it shared.
struct MemoryCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
  private struct Entry: Sendable {
    var value: Value
    var cost: Int
    var lastUse: UInt64
  }

  /// The most the values may add up to; 64 MB for thumbnails by default.
  let byteLimit: Int
  /// What the values add up to now.
  private(set) var totalCost = 0
  private var entries: [Key: Entry] = [:]
  private var useCounter: UInt64 = 0

  init(byteLimit: Int) {
    self.byteLimit = byteLimit
  }

  var count: Int { entries.count }

  /// Whether a value is held, without counting as a use.
  func contains(_ key: Key) -> Bool { entries[key] != nil }

  /// The value for a key, which becomes the most recently used.
  mutating func value(for key: Key) -> Value? {
    guard var entry = entries[key] else { return nil }
    useCounter += 1
    entry.lastUse = useCounter
    entries[key] = entry
    return entry.value
  }

  /// Adds or replaces a value, then drops the least recently used ones until the total fits.
  /// A value larger than the whole limit is not kept at all.
  mutating func insert(_ value: Value, cost: Int, for key: Key) {
    if let old = entries.removeValue(forKey: key) { totalCost -= old.cost }
    guard cost <= byteLimit else { return }
    useCounter += 1
    entries[key] = Entry(value: value, cost: cost, lastUse: useCounter)
    totalCost += cost
    guard totalCost > byteLimit else { return }
    // Oldest first; sorting once is cheaper than a scan per eviction when many go at once.
    for (key, entry) in entries.sorted(by: { $0.value.lastUse < $1.value.lastUse }) {
      guard totalCost > byteLimit else { break }
      entries[key] = nil
      totalCost -= entry.cost
    }
  }
}
