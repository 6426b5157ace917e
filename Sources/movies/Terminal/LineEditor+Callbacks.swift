import CEditLine
import MoviesCore

#if canImport(Glibc)
  import Glibc
#endif

/// The functions libedit calls back: the prompt and its hint, and the keys bound in `init`
/// (Tab, Ctrl-C, Ctrl-Z, space; Ctrl-R in LineEditor+Search).
extension LineEditor {
  /// Inserts text at the cursor; false when libedit could not (the line is full).
  private static func insert(_ text: String, into editor: OpaquePointer) -> Bool {
    (try? check(el_insertstr(editor, text), "el_insertstr")) != nil
  }

  private static func context(of editor: OpaquePointer?) -> Context? {
    guard let editor, let pointer = movies_el_context(editor) else { return nil }
    return Unmanaged<Context>.fromOpaque(pointer).takeUnretainedValue()
  }

  /// The text from the start of the line to the cursor.
  private static func typedText(_ editor: OpaquePointer) -> String? {
    guard let line = el_line(editor) else { return nil }
    let count = line.pointee.cursor - line.pointee.buffer
    return String(
      decoding: UnsafeRawBufferPointer(start: line.pointee.buffer, count: count), as: UTF8.self)
  }

  static let promptCallback: @convention(c) (OpaquePointer?) -> UnsafeMutablePointer<CChar>? = {
    editor in
    context(of: editor)?.prompt
  }

  /// The right prompt: a hint for the argument of the command typed so far, as redis-cli
  /// shows. libedit asks for it on each full redraw. It is plain text: libedit writes a right
  /// prompt's escape sequences out of step with its characters, so an attribute there would
  /// leak onto the typed text and everything printed after it.
  static let hintCallback: @convention(c) (OpaquePointer?) -> UnsafeMutablePointer<CChar>? =
    { editor in
      guard let editor, let context = context(of: editor) else { return nil }
      var text = ""
      if context.search == nil, let typed = typedText(editor),
        let hint = context.completions.hint(for: typed)
      {
        text = hint
      }
      free(context.hint)
      context.hint = Context.copy(text)
      return context.hint
    }

  /// Space: insert it and redraw in full, so the hint appears after a command's name.
  static let spaceCallback: @convention(c) (OpaquePointer?, Int32) -> UInt8 = {
    editor, _ in
    guard let editor, insert(" ", into: editor) else { return UInt8(CC_ERROR) }
    return UInt8(CC_REFRESH)
  }

  /// Ctrl-C: mark the line as dropped, show `^C` at its end, and finish it with a newline so
  /// libedit moves to a fresh line the way Enter does.
  static let interruptCallback: @convention(c) (OpaquePointer?, Int32) -> UInt8 = {
    editor, _ in
    guard let editor, let context = context(of: editor) else { return UInt8(CC_ERROR) }
    context.interrupted = true
    if let line = el_line(editor) {
      // el_cursor returns where the cursor went, not a status.
      el_cursor(editor, Int32(line.pointee.lastchar - line.pointee.cursor))
    }
    _ = insert("^C", into: editor)
    el_push(editor, "\n")
    return UInt8(CC_REFRESH)
  }

  /// Ctrl-Z: stop as a shell job, as psql and less do. ISIG is off (so Ctrl-C arrives as a
  /// key), so the terminal sends no SIGTSTP itself: this puts the terminal back in its normal
  /// mode, stops the process group, and after `fg` turns editing back on and redraws the
  /// prompt and the typed line.
  static let suspendCallback: @convention(c) (OpaquePointer?, Int32) -> UInt8 = {
    editor, _ in
    guard let editor else { return UInt8(CC_ERROR) }
    movies_el_prep_term(editor, 0)
    Suspension.stop()
    movies_el_prep_term(editor, 1)
    return UInt8(CC_REDISPLAY)
  }

  /// Tab: complete the word before the cursor from the table; list the candidates when
  /// several fit and share no longer prefix.
  static let completeCallback: @convention(c) (OpaquePointer?, Int32) -> UInt8 = {
    editor, _ in
    guard let editor, let context = context(of: editor), let typed = typedText(editor) else {
      return UInt8(CC_ERROR)
    }
    var table = context.completions
    table.genres = context.genreNames()
    let completion = table.complete(typed)
    guard let first = completion.matches.first else { return UInt8(CC_ERROR) }
    func replaceWord(with text: String) -> UInt8 {
      el_deletestr(editor, Int32(completion.word.unicodeScalars.count))
      return UInt8(insert(text, into: editor) ? CC_REFRESH : CC_ERROR)
    }
    if completion.matches.count == 1 { return replaceWord(with: first + " ") }
    let common = completion.matches.dropFirst().reduce(first) { common, match in
      String(zip(common, match).prefix { $0.lowercased() == $1.lowercased() }.map(\.0))
    }
    if common.count > completion.word.count { return replaceWord(with: common) }
    // Whole candidates a line ("Science Fiction" is one), never one cut at the edge.
    let listed = TextWrap.pack(
      completion.matches.map(TerminalText.escape),
      toColumns: Terminal.columns(of: context.outputDescriptor))
    // libedit calls back from el_gets, which runs only on the main thread (readLine checks).
    let output = context.outputDescriptor
    MainActor.assumeIsolated { _ = Terminal.write("\n" + listed + "\n", to: output) }
    return UInt8(CC_REDISPLAY)
  }
}
