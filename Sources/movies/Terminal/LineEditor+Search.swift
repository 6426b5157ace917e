import CEditLine
import MoviesCore

#if canImport(Glibc)
  import Glibc
#endif

/// Ctrl-R: search the history as the line is typed, under a prompt that says so
/// (`(history search) 'gen': genre drama`), instead of libedit's own, whose bare `bck?gen`
/// reads as noise.
///
/// libedit draws nothing from inside a bound function, so each key is one round: the function
/// reads a key, shows the match as the line under the search prompt, pushes Ctrl-R back and
/// returns for a redraw; libedit calls it again with that Ctrl-R, and it reads the next key.
extension LineEditor {
  /// A search under way: the line and prompt it replaced, and what has been typed.
  struct HistorySearch {
    var original: String
    var prompt: String
    var pattern = ""
    /// How many newer matches to pass over (each Ctrl-R one more).
    var skipped = 0
    var match: String?
  }

  /// Ctrl-R, for ``HistorySearch``.
  static let searchCallback: @convention(c) (OpaquePointer?, Int32) -> UInt8 = {
    editor, _ in
    guard let editor, let pointer = movies_el_context(editor) else { return UInt8(CC_ERROR) }
    let context = Unmanaged<Context>.fromOpaque(pointer).takeUnretainedValue()
    guard var search = context.search else {
      context.search = HistorySearch(
        original: wideLine(editor), prompt: String(cString: context.prompt))
      return showAndReadOn(context, editor)
    }
    var key: wchar_t = 0
    guard el_wgetc(editor, &key) == 1, let scalar = Unicode.Scalar(UInt32(key)) else {
      return finish(context, editor, line: search.original)
    }
    switch scalar {
    case "\u{12}":
      search.skipped += 1
    case "\u{7F}", "\u{08}":
      if !search.pattern.isEmpty { search.pattern.removeLast() }
      search.skipped = 0
    case "\u{03}", "\u{07}":  // Ctrl-C, Ctrl-G: the line as it was.
      return finish(context, editor, line: search.original)
    case "\r", "\n":
      el_push(editor, "\n")
      return finish(context, editor, line: search.match ?? search.original)
    default:
      guard scalar.value >= 0x20 else {
        // Another key (an arrow, Ctrl-A): keep the match and let the key do its work.
        el_push(editor, String(Character(scalar)))
        return finish(context, editor, line: search.match ?? search.original)
      }
      search.pattern.unicodeScalars.append(scalar)
      search.skipped = 0
    }
    search.match = match(search.pattern, skipping: &search.skipped, in: context.historyLines)
    context.search = search
    return showAndReadOn(context, editor)
  }

  /// The newest line containing `pattern` (any case) after `skipping` newer ones; at the
  /// oldest, `skipping` stops there.
  static func match(_ pattern: String, skipping: inout Int, in lines: [String]) -> String? {
    guard !pattern.isEmpty else { return nil }
    let wanted = pattern.lowercased()
    var seen: [String] = []
    for line in lines.reversed() where line.lowercased().contains(wanted) {
      if !seen.contains(line) { seen.append(line) }
      if seen.count > skipping { break }
    }
    skipping = max(0, min(skipping, seen.count - 1))
    return seen.last
  }

  /// The search prompt and its match as the line; Ctrl-R pushed back so the next key comes
  /// to the search after libedit has drawn them.
  private static func showAndReadOn(_ context: Context, _ editor: OpaquePointer) -> UInt8 {
    guard let search = context.search else { return UInt8(CC_ERROR) }
    let missing = !search.pattern.isEmpty && search.match == nil ? ", no match" : ""
    free(context.prompt)
    context.prompt = Context.copy(
      "(history search\(missing)) '\(TerminalText.escape(search.pattern))': ")
    replaceLine(editor, with: search.match ?? search.original)
    el_push(editor, "\u{12}")
    return UInt8(CC_REDISPLAY)
  }

  /// Ends the search with `line` under the usual prompt.
  private static func finish(_ context: Context, _ editor: OpaquePointer, line: String) -> UInt8 {
    if let search = context.search {
      free(context.prompt)
      context.prompt = Context.copy(search.prompt)
    }
    context.search = nil
    replaceLine(editor, with: line)
    return UInt8(CC_REDISPLAY)
  }

  /// The whole line, counted in characters as libedit's cursor moves.
  private static func wideLine(_ editor: OpaquePointer) -> String {
    guard let line = el_wline(editor) else { return "" }
    var text = ""
    var place = line.pointee.buffer
    while let current = place, current < line.pointee.lastchar {
      if let scalar = Unicode.Scalar(UInt32(current.pointee)) { text.unicodeScalars.append(scalar) }
      place = current + 1
    }
    return text
  }

  private static func replaceLine(_ editor: OpaquePointer, with text: String) {
    if let line = el_wline(editor) {
      // el_cursor returns where the cursor went, not a status.
      el_cursor(editor, Int32(line.pointee.lastchar - line.pointee.cursor))
      el_deletestr(editor, Int32(line.pointee.lastchar - line.pointee.buffer))
    }
    if !text.isEmpty { _ = try? check(el_insertstr(editor, text), "el_insertstr") }
  }
}
