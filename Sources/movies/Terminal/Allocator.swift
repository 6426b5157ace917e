import CMalloc

/// glibc's allocator, told to keep the memory it has grown. Each page's parse tree is freed
/// once the page is read, and by default glibc hands the freed top of the heap back to the
/// kernel (`madvise`) and takes it again for the next page (`mprotect`, then a page fault for
/// every 4 KB touched): a traversal of 588 pages made 589 `madvise` and 9,198 `mprotect`
/// calls, about 5 % of its CPU. Kept, the memory is reused; the peak is the same.
enum Allocator {
  /// How much more the heap grows than a request needs, so it grows a few times, not on
  /// every page.
  static let growth: Int32 = 16 << 20
  /// How much free memory at the top of the heap is kept rather than handed back.
  static let kept: Int32 = 128 << 20

  /// Sets both; false when glibc refused one, which only leaves it slower.
  @discardableResult
  static func keepGrownMemory() -> Bool {
    mallopt(M_TOP_PAD, growth) == 1 && mallopt(M_TRIM_THRESHOLD, kept) == 1
  }
}
