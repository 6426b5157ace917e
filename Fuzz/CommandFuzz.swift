import MoviesCore

/// libFuzzer target: any bytes as a typed line. Parsing must never crash, a row number is
/// always at least 1, and every error has a message; `find`'s text is parsed and matched too.
@_cdecl("LLVMFuzzerTestOneInput")
public func commandFuzz(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  let line = String(
    decoding: UnsafeBufferPointer(start: bytes, count: bytes == nil ? 0 : count), as: UTF8.self)
  do {
    switch try Command.parse(line) {
    case .act(_, let label):
      precondition(label.number >= 1, "row \(label.number) accepted")
    case .actOnRange(_, let labels):
      precondition(labels.numbers.lowerBound >= 1, "row \(labels.numbers) accepted")
    case .find(let text):
      // find's words and filters: an error has a message; a search runs on any title.
      do {
        let search = try MovieSearch(text)
        _ = search.matches(Movie(title: line, genres: [line], rating: 8, releaseDate: line))
      } catch {
        precondition(!error.message.isEmpty, "a search error without a message")
      }
    default:
      break
    }
  } catch {
    precondition(!error.message.isEmpty, "an error without a message")
  }
  _ = CommandSpec.names(forPrefix: line, moreRemains: count % 2 == 0)
  return 0
}
