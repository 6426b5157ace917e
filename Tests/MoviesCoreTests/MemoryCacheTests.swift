import Testing

@testable import MoviesCore

@Suite(.timeLimit(.minutes(1))) struct MemoryCacheTests {
  @Test func evictsTheLeastRecentlyUsedWhenTheBytesRunOver() {
    var cache = MemoryCache<String, Int>(byteLimit: 100)
    cache.insert(1, cost: 40, for: "a")
    cache.insert(2, cost: 40, for: "b")
    #expect(cache.value(for: "a") == 1)  // now b is the least recently used
    cache.insert(3, cost: 40, for: "c")

    #expect(cache.contains("a"))
    #expect(!cache.contains("b"))
    #expect(cache.contains("c"))
    #expect(cache.totalCost == 80)
  }

  @Test func theBoundIsBytesNotCount() {
    var cache = MemoryCache<Int, Int>(byteLimit: 1_000)
    for key in 0..<1_000 { cache.insert(key, cost: 1, for: key) }
    #expect(cache.count == 1_000)
    cache.insert(-1, cost: 500, for: -1)
    // Making room for 500 bytes drops the 500 oldest one-byte values, and only those.
    #expect(cache.count == 501)
    #expect(!cache.contains(499))
    #expect(cache.contains(500))
    #expect(cache.totalCost == 1_000)
  }

  @Test func aValueLargerThanTheLimitIsNotKept() {
    var cache = MemoryCache<String, Int>(byteLimit: 100)
    cache.insert(1, cost: 10, for: "small")
    cache.insert(2, cost: 101, for: "huge")
    #expect(!cache.contains("huge"))
    #expect(cache.contains("small"))
    #expect(cache.totalCost == 10)
  }

  @Test func replacingAValueCountsItsNewCostOnly() {
    var cache = MemoryCache<String, Int>(byteLimit: 100)
    cache.insert(1, cost: 60, for: "a")
    cache.insert(2, cost: 30, for: "a")
    #expect(cache.totalCost == 30)
    #expect(cache.value(for: "a") == 2)
  }
}
