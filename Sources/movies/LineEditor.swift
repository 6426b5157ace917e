import CEditLine
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// What reading a line gave.
enum LineInput {
  case line(String)
  /// Ctrl-C: the line was dropped.
  case interrupted
  /// Ctrl-D on an empty line, or the end of input.
  case end
}

/// The interactive prompt, on libedit: emacs-style editing, history (up arrow), tab
/// completion of words from ``completionWords``, and Ctrl-C that drops the line.
///
/// This is the only file that touches libedit. libedit calls back into Swift through
/// `@convention(c)` functions that find this editor's ``Context`` through libedit's client
/// data pointer.
final class LineEditor {
  /// The state libedit's callbacks read and write.
  private final class Context {
    let prompt: UnsafeMutablePointer<CChar>
    var completionWords: [String] = []
    var interrupted = false

    init(prompt: String) {
      self.prompt = strdup(prompt) ?? UnsafeMutablePointer<CChar>.allocate(capacity: 1)
    }

    deinit { free(prompt) }
  }

  private let editor: OpaquePointer
  private let history: OpaquePointer
  private let context: Context
  private let files: [UnsafeMutablePointer<FILE>]

  /// Words that Tab completes at the start of the line.
  var completionWords: [String] {
    get { context.completionWords }
    set { context.completionWords = newValue }
  }

  /// Nil when libedit cannot be set up on this terminal.
  init?(programName: String, prompt: String) {
    Self.useUTF8Input()
    guard let input = fdopen(STDIN_FILENO, "r"), let output = fdopen(STDOUT_FILENO, "w"),
      let errors = fdopen(STDERR_FILENO, "w")
    else { return nil }
    guard let editor = el_init(programName, input, output, errors), let history = history_init()
    else {
      return nil
    }
    self.editor = editor
    self.history = history
    self.files = [input, output, errors]
    self.context = Context(prompt: prompt)

    movies_history_set_size(history, 1_000)
    movies_history_set_unique(history)
    movies_el_set_context(editor, Unmanaged.passUnretained(context).toOpaque())
    movies_el_use_emacs(editor)
    movies_el_handle_signals(editor)
    movies_el_disable_isig(editor)
    movies_el_set_prompt(editor, Self.promptCallback)
    movies_el_set_history(editor, history)
    movies_el_add_function(editor, "movies-complete", "Complete a command", Self.completeCallback)
    movies_el_bind(editor, "^I", "movies-complete")
    movies_el_add_function(editor, "movies-interrupt", "Drop the line", Self.interruptCallback)
    movies_el_bind(editor, "^C", "movies-interrupt")
    // The user's ~/.editrc may add bindings, as in every libedit program.
    el_source(editor, nil)
  }

  deinit {
    el_end(editor)
    history_end(history)
    // el_end does not close the streams it was given; these wrap the standard descriptors,
    // so they are freed without closing the descriptors behind them.
    for file in files { fflush(file) }
  }

  /// Shows the prompt and reads one line; a non-empty line goes into the history.
  func readLine() -> LineInput {
    context.interrupted = false
    var count: Int32 = 0
    guard let raw = el_gets(editor, &count) else {
      return context.interrupted ? .interrupted : .end
    }
    if context.interrupted { return .interrupted }
    var line = String(cString: raw)
    if line.hasSuffix("\n") { line.removeLast() }
    if !line.trimmingCharacters(in: .whitespaces).isEmpty {
      movies_history_enter(history, line)
    }
    return .line(line)
  }

  /// libedit reads multibyte input according to LC_CTYPE; without a UTF-8 locale (a bare
  /// container) Korean titles could not be typed, so fall back to C.UTF-8.
  private static func useUTF8Input() {
    if let locale = setlocale(LC_CTYPE, ""), String(cString: locale).uppercased().contains("UTF") {
      return
    }
    setlocale(LC_CTYPE, "C.UTF-8")
  }

  private static func context(of editor: OpaquePointer?) -> Context? {
    guard let editor, let pointer = movies_el_context(editor) else { return nil }
    return Unmanaged<Context>.fromOpaque(pointer).takeUnretainedValue()
  }

  private static let promptCallback:
    @convention(c) (OpaquePointer?) -> UnsafeMutablePointer<
      CChar
    >? = { editor in
      context(of: editor)?.prompt
    }

  /// Ctrl-C: mark the line as dropped, show `^C` at its end, and finish it with a newline so
  /// libedit moves to a fresh line the way Enter does.
  private static let interruptCallback: @convention(c) (OpaquePointer?, Int32) -> UInt8 = {
    editor, _ in
    guard let editor, let context = context(of: editor) else { return UInt8(CC_ERROR) }
    context.interrupted = true
    if let line = el_line(editor) {
      el_cursor(editor, Int32(line.pointee.lastchar - line.pointee.cursor))
    }
    el_insertstr(editor, "^C")
    el_push(editor, "\n")
    return UInt8(CC_REFRESH)
  }

  /// Tab: complete the first word from the context's words; list them when several fit.
  private static let completeCallback: @convention(c) (OpaquePointer?, Int32) -> UInt8 = {
    editor, _ in
    guard let editor, let context = context(of: editor), let line = el_line(editor) else {
      return UInt8(CC_ERROR)
    }
    let typedCount = line.pointee.cursor - line.pointee.buffer
    let typed = String(
      decoding: UnsafeRawBufferPointer(start: line.pointee.buffer, count: typedCount),
      as: UTF8.self)
    guard !typed.contains(where: \.isWhitespace) else { return UInt8(CC_ERROR) }
    let matches = context.completionWords.filter { $0.hasPrefix(typed.lowercased()) }
    guard let first = matches.first else { return UInt8(CC_ERROR) }
    if matches.count == 1 {
      el_insertstr(editor, String(first.dropFirst(typed.count)) + " ")
      return UInt8(CC_REFRESH)
    }
    let common = matches.dropFirst().reduce(first) { String($0.commonPrefix(with: $1)) }
    if common.count > typed.count {
      el_insertstr(editor, String(common.dropFirst(typed.count)))
      return UInt8(CC_REFRESH)
    }
    Terminal.write("\n" + matches.joined(separator: "  ") + "\n", to: STDOUT_FILENO)
    return UInt8(CC_REDISPLAY)
  }
}
