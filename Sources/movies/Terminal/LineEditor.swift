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
/// This type is the only one that touches libedit (here and in LineEditor+Callbacks), and
/// every libedit status is checked in one place, ``check(_:_:)``. libedit calls back into Swift
/// through `@convention(c)` functions that find this editor's ``Context`` through libedit's
/// client data pointer.
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
  static func check(_ status: Int32, _ call: String) throws(Error) {
    guard status >= 0 else { throw Error(call: call) }
  }

  /// The constructors (and `fdopen`) return NULL when they fail.
  private static func check<T>(_ result: T?, _ call: String) throws(Error) -> T {
    guard let result else { throw Error(call: call) }
    return result
  }

  /// The state libedit's callbacks read and write.
  final class Context {
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
    // The terminal in editing mode before the prompt is printed: el_gets prints it first and
    // sets the terminal up only as it reads the first key, and a Ctrl-D typed in between, to
    // a terminal still buffering lines, was an end of file there rather than a key, and was
    // lost. libedit puts the terminal back when the line is read. A terminal that cannot be
    // set up is el_gets' to report.
    _ = movies_el_prep_term(editor, 1)
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
}
