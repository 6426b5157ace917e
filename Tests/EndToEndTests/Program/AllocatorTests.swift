import Testing

@testable import movies

/// glibc takes the allocator settings the traversal's figures rely on.
@Suite(.timeLimit(.minutes(1))) struct AllocatorTests {
  @Test func glibcKeepsTheGrownMemory() {
    #expect(Allocator.keepGrownMemory())
  }
}
