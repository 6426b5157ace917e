import Foundation

/// A stand-in `fzf` in a folder of its own (put it first on `PATH`): it takes the first line
/// holding its `--query` (else the first line), runs its `--preview` command for that line as
/// fzf would, records its command line, its input and what the preview printed, and prints
/// the line, as fzf does on Enter. With `lingering`, it stays open that many seconds after
/// the preview, as a person reading it, runs the preview again (a highlight moved away and
/// back) and records when it ended.
public struct StandInPicker: StandIn {
  /// The stand-in `fzf` itself.
  public let program: StandInProgram

  /// Writes the stand-in `fzf` into a temporary folder; it stays open `lingering` seconds
  /// after its first preview.
  public init(lingering: Double = 0) throws {
    program = try StandInProgram(name: "fzf") { Self.script(record: $0, lingering: lingering) }
  }

  /// What the stand-in recorded.
  public struct Run: Sendable {
    /// The arguments it was started with.
    public var arguments: [String]
    /// The lines fzf was given.
    public var lines: [String]
    /// The line it chose.
    public var chosen: String
    /// What the preview command printed for the chosen line, and its exit status.
    public var preview: String
    /// The preview command's exit status.
    public var previewStatus: Int
    /// What the preview printed when run again after lingering; empty without lingering.
    public var previewAgain: String
    /// When it ended, in seconds since 1970 (the servers' log times).
    public var ended: Double
  }

  /// The record, once the stand-in has written it; nil before.
  public func run() throws -> Run? {
    guard let object = try program.recorded() else { return nil }
    return Run(
      arguments: object["argv"] as? [String] ?? [], lines: object["lines"] as? [String] ?? [],
      chosen: object["chosen"] as? String ?? "", preview: object["preview"] as? String ?? "",
      previewStatus: object["preview_status"] as? Int ?? -1,
      previewAgain: object["preview_again"] as? String ?? "", ended: object["ended"] as? Double ?? 0
    )
  }

  private static func script(record: String, lingering: Double) -> String {
    """
    #!/usr/bin/env python3
    import json, os, subprocess, sys, time
    argv = sys.argv[1:]
    option = lambda name: next((a.split("=", 1)[1] for a in argv if a.startswith(name + "=")), "")
    query, preview = option("--query"), option("--preview")
    lines = sys.stdin.read().splitlines()
    chosen = next((l for l in lines if query.lower() in l.lower()), lines[0] if lines else "")
    place = chosen.split("\\t")[0]
    env = dict(os.environ, FZF_PREVIEW_COLUMNS="60", FZF_PREVIEW_LINES="30")
    run = lambda: subprocess.run(["/bin/sh", "-c", preview.replace("{1}", place)], env=env,
                                 capture_output=True, text=True, timeout=30)
    shown = run()
    again = ""
    if \(lingering) > 0:
        time.sleep(\(lingering))
        again = run().stdout
    ended = time.time()
    with open(\(String(reflecting: record)), "w") as f:
        json.dump({"argv": argv, "lines": lines, "chosen": chosen, "preview": shown.stdout,
                   "preview_status": shown.returncode, "preview_again": again, "ended": ended}, f)
    print(chosen)
    """
  }
}
