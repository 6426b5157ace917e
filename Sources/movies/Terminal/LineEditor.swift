import CEditLine
import Foundation
import MoviesCore

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

/// The interactive prompt, on libedit: emacs-style editing, history (up arrow), Tab
/// completion from a ``CompletionTable``, a hint for a command's argument on the right, and
/// Ctrl-C that drops the line.
///
/// This is the only file that touches libedit, and every libedit status is checked in one
/// place, ``check(_:_:)``. libedit calls back into Swift through `@convention(c)` functions
/// that find this editor's ``Context`` through libedit's client data pointer.
final class LineEditor {
  /// A libedit call that failed, by name: the prompt cannot be offered.
  struct Error: Swift.Error, UserFacingError {
    var call: String

    var code: ErrorCode { .internal }
    var message: String {
      "Line editing could not start (\(call) failed); commands are read without it."
    }
  }

  /// Every libedit status goes through here: `el_set`, `el_get` and `history` return -1 when
  /// they fail.
  private static func check(_ status: Int32, _ call: String) throws(Error) {
    guard status >= 0 else { throw Error(call: call) }
  }

  /// The constructors (and `fdopen`) return NULL when they fail.
  private static func check<T>(_ result: T?, _ call: String) throws(Error) -> T {
    guard let result else { throw Error(call: call) }
    return result
  }

  /// The state libedit's callbacks read and write.
  private final class Context {
    var prompt: UnsafeMutablePointer<CChar>
    var hint: UnsafeMutablePointer<CChar>
    var completions = CompletionTable()
    var genreNames: () -> [String] = { [] }
    var interrupted = false
    /// Where the prompt is drawn, for Tab's list of candidates.
    var outputDescriptor = STDOUT_FILENO

    init(prompt: String) {
      self.prompt = Self.copy(prompt)
      self.hint = Self.copy("")
    }

    deinit {
      free(prompt)
      free(hint)
    }

    /// A C copy that `free` releases. strdup fails only when memory runs out; an empty
    /// string from calloc is then the best there is, and it is freed the same way.
    static func copy(_ text: String) -> UnsafeMutablePointer<CChar> {
      if let copy = strdup(text) { return copy }
      guard let empty = calloc(1, 1) else { fatalError("out of memory") }
      return empty.assumingMemoryBound(to: CChar.self)
    }
  }

  private let editor: OpaquePointer
  private let history: OpaquePointer
  private let context: Context
  private let files: [UnsafeMutablePointer<FILE>]
  /// `/dev/tty`, opened for the prompt when standard output is not the terminal; closed at
  /// the end.
  private let terminalOutput: UnsafeMutablePointer<FILE>?

  /// What Tab completes; the shell refreshes it before each prompt.
  var completions: CompletionTable {
    get { context.completions }
    set { context.completions = newValue }
  }

  /// Genre names for completing `genre`, asked for at each Tab, since they arrive in the
  /// background while the prompt is already up.
  var genreNames: () -> [String] {
    get { context.genreNames }
    set { context.genreNames = newValue }
  }

  /// Where the prompt is drawn: standard output, or the terminal when that is piped.
  var outputDescriptor: Int32 { context.outputDescriptor }

  /// The prompt, such as `movies 20/58,788> `.
  var prompt: String {
    get { String(cString: context.prompt) }
    set {
      free(context.prompt)
      context.prompt = Context.copy(newValue)
    }
  }

  /// Throws when libedit cannot be set up on this terminal, naming the call that failed.
  /// - Parameter history: earlier entries, oldest first, for the up arrow.
  init(programName: String, prompt: String, history entries: [String]) throws(Error) {
    Self.useUTF8Input()
    let input = try Self.check(fdopen(STDIN_FILENO, "r"), "fdopen")
    // With standard output piped (`movies | tee log`) the prompt and the typed line go to
    // the terminal itself, as psql's do: libedit edits nothing on an output that is not a
    // terminal, and the log gets only what the commands print (deinit closes /dev/tty).
    let output =
      Terminal.outputIsTerminal
      ? try Self.check(fdopen(STDOUT_FILENO, "w"), "fdopen")
      : try Self.check(fopen("/dev/tty", "w"), "fopen(/dev/tty)")
    let errors = try Self.check(fdopen(STDERR_FILENO, "w"), "fdopen")
    editor = try Self.check(el_init(programName, input, output, errors), "el_init")
    history = try Self.check(history_init(), "history_init")
    files = [input, output, errors]
    terminalOutput = Terminal.outputIsTerminal ? nil : output
    context = Context(prompt: prompt)
    context.outputDescriptor = fileno(output)

    // Initialised: a failure from here on runs deinit, which ends both.
    try Self.check(
      movies_history_set_size(history, Int32(HistoryFile.limit)), "history(H_SETSIZE)")
    try Self.check(movies_history_set_unique(history), "history(H_SETUNIQUE)")
    for entry in entries {
      try Self.check(movies_history_enter(history, entry), "history(H_ENTER)")
    }
    try Self.check(
      movies_el_set_context(editor, Unmanaged.passUnretained(context).toOpaque()),
      "el_set(EL_CLIENTDATA)")
    try Self.check(movies_el_use_emacs(editor), "el_set(EL_EDITOR)")
    try Self.check(movies_el_handle_signals(editor), "el_set(EL_SIGNAL)")
    try Self.check(movies_el_disable_isig(editor), "el_set(EL_SETTY)")
    try Self.check(movies_el_set_prompt(editor, Self.promptCallback), "el_set(EL_PROMPT)")
    try Self.check(
      movies_el_set_right_prompt(editor, Self.hintCallback, 1), "el_set(EL_RPROMPT_ESC)")
    try Self.check(movies_el_set_history(editor, history), "el_set(EL_HIST)")
    for (name, help, key, callback) in [
      ("movies-complete", "Complete a word", "^I", Self.completeCallback),
      ("movies-interrupt", "Drop the line", "^C", Self.interruptCallback),
      ("movies-suspend", "Stop as a shell job", "^Z", Self.suspendCallback),
      ("movies-space", "Insert a space", " ", Self.spaceCallback),
    ] {
      try Self.check(movies_el_add_function(editor, name, help, callback), "el_set(EL_ADDFN)")
      try Self.check(movies_el_bind(editor, key, name), "el_set(EL_BIND)")
    }
    // The user's ~/.editrc may add bindings, as in every libedit program. Its status is not
    // checked: -1 also means there is no ~/.editrc, the usual case.
    _ = el_source(editor, nil)
  }

  deinit {
    el_end(editor)
    history_end(history)
    // el_end does not close the streams it was given; these wrap the standard descriptors,
    // so they are freed without closing the descriptors behind them.
    for file in files { fflush(file) }
    if let terminalOutput { fclose(terminalOutput) }
  }

  /// Keys typed before the prompt was up, read by the first ``readLine()`` as if typed then.
  func push(_ typed: [UInt8]) {
    // A C string ends at a NUL (Ctrl-@), which has no meaning at the prompt anyway.
    let bytes = typed.filter { $0 != 0 }
    guard !bytes.isEmpty else { return }
    el_push(editor, String(decoding: bytes, as: UTF8.self))
  }

  /// Shows the prompt and reads one line; a non-empty line goes into the history unless
  /// `remembers` is false (the answer to a question).
  func readLine(remembers: Bool = true) -> LineInput {
    // el_gets blocks until a line is typed: it belongs on the main thread (see Shell), never
    // on the concurrency pool.
    dispatchPrecondition(condition: .onQueue(.main))
    context.interrupted = false
    var count: Int32 = 0
    guard let raw = el_gets(editor, &count) else {
      return context.interrupted ? .interrupted : .end
    }
    if context.interrupted { return .interrupted }
    var line = String(cString: raw)
    if line.hasSuffix("\n") { line.removeLast() }
    // Stored as the history file stores it: without the space Tab completion leaves.
    var entry = line
    while entry.last?.isWhitespace == true { entry.removeLast() }
    // A line libedit could not keep in its history is still the line typed; the history
    // file keeps it (the shell appends it there).
    if remembers, !entry.isEmpty, entry.utf8.count <= HistoryFile.longestLine {
      try? Self.check(movies_history_enter(history, entry), "history(H_ENTER)")
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

  private static let promptCallback:
    @convention(c) (OpaquePointer?) -> UnsafeMutablePointer<CChar>? = { editor in
      context(of: editor)?.prompt
    }

  /// The right prompt: a hint for the argument of the command typed so far, as redis-cli
  /// shows. libedit asks for it on each full redraw. It is plain text: libedit writes a right
  /// prompt's escape sequences out of step with its characters, so an attribute there would
  /// leak onto the typed text and everything printed after it.
  private static let hintCallback: @convention(c) (OpaquePointer?) -> UnsafeMutablePointer<CChar>? =
    { editor in
      guard let editor, let context = context(of: editor) else { return nil }
      var text = ""
      if let typed = typedText(editor), let hint = CompletionTable.hint(for: typed) {
        text = hint
      }
      free(context.hint)
      context.hint = Context.copy(text)
      return context.hint
    }

  /// Space: insert it and redraw in full, so the hint appears after a command's name.
  private static let spaceCallback: @convention(c) (OpaquePointer?, Int32) -> UInt8 = {
    editor, _ in
    guard let editor, insert(" ", into: editor) else { return UInt8(CC_ERROR) }
    return UInt8(CC_REFRESH)
  }

  /// Ctrl-C: mark the line as dropped, show `^C` at its end, and finish it with a newline so
  /// libedit moves to a fresh line the way Enter does.
  private static let interruptCallback: @convention(c) (OpaquePointer?, Int32) -> UInt8 = {
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
  private static let suspendCallback: @convention(c) (OpaquePointer?, Int32) -> UInt8 = {
    editor, _ in
    guard let editor else { return UInt8(CC_ERROR) }
    movies_el_prep_term(editor, 0)
    Suspension.stop()
    movies_el_prep_term(editor, 1)
    return UInt8(CC_REDISPLAY)
  }

  /// Tab: complete the word before the cursor from the table; list the candidates when
  /// several fit and share no longer prefix.
  private static let completeCallback: @convention(c) (OpaquePointer?, Int32) -> UInt8 = {
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
    let listed = completion.matches.map(TerminalText.escape).joined(separator: "  ")
    // libedit calls back from el_gets, which runs only on the main thread (readLine checks).
    let output = context.outputDescriptor
    MainActor.assumeIsolated { _ = Terminal.write("\n" + listed + "\n", to: output) }
    return UInt8(CC_REDISPLAY)
  }
}
