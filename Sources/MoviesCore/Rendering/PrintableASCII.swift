extension StringProtocol {
  /// Whether every byte is printable ASCII, space to `~`: text a terminal shows a column a
  /// byte, with nothing to escape. Most server text is, so rendering asks this of every cell
  /// first.
  var isPrintableASCII: Bool {
    // The string's own bytes, read in place, are several times quicker to scan than its
    // UTF-8 view's iterator (a page's table asks this of some 300 cells).
    utf8.withContiguousStorageIfAvailable(allPrintable) ?? utf8.allSatisfy(isPrintable)
  }
}

private func allPrintable(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
  for byte in bytes where !isPrintable(byte) { return false }
  return true
}

/// Whether a byte is printable ASCII.
private func isPrintable(_ byte: UInt8) -> Bool {
  byte >= 0x20 && byte < 0x7F
}
