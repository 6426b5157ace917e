import MoviesCore

/// Everything the shell needs, decided once by startup from the options (the low level)
/// and handed whole to ``Shell/init(_:)``: ripgrep's `HiArgs`, made from its `LowArgs`.
/// Nothing about a shell is set after it is made.
@MainActor
struct ShellConfiguration {
  /// The commands' runner, over the browser of the chosen source.
  var runner: CommandRunner
  /// The query of the first page, for the prompt until a page has loaded.
  var query: MovieQuery
  /// Its genre's name, when it has one.
  var genreName: String?
  var environment: [String: String]
  var color: ColorMode
  /// `--json`: every result is one JSON object on standard output, errors included.
  var json: Bool
  /// Where the shell's own messages go (a line that is not a command, a failed resume).
  var reporter: Reporter
  /// Draws the poster under `thumb N`; nil for no preview.
  var preview: PosterPreview?
  /// `pick`'s fzf; nil where there is no terminal to show it on.
  var picker: Picker?
  /// Long `list` output and pages go through it at the prompt; nil with `--no-pager`.
  var pager: Pager?
  /// Where the prompt's lines are kept across runs; nil when history is off.
  var history: HistoryFile?
  /// `--resume`: start with `resume` instead of the first page (the first page when nothing
  /// is saved).
  var resumes = false
  /// True when a person types at the prompt: tables continue across pages and status lines
  /// say what to type next. False in script mode.
  var atPrompt = false
  /// `--stop-on-error`: script mode ends at the first command that fails.
  var stopsOnError = false
  /// Said once, under the first poster that is not drawn: why posters are off. (A drawn
  /// poster's own note, from ``PreviewChoice``, is said the same way.)
  var previewNote: String?
}
