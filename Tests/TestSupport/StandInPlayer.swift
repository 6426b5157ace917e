import Foundation

/// A stand-in `mpv` in a folder of its own (put it first on `PATH`): it records its command
/// line, its environment, its PID, the mode of the include file it was given and how many
/// names that file has on disk, then reads the stream as mpv would (following redirects
/// with the headers, as mpv's ffmpeg does), with the headers from the include file, and
/// records what it got.
public struct StandInPlayer: StandIn {
  /// The stand-in `mpv` itself.
  public let program: StandInProgram

  /// Writes the stand-in `mpv` into a temporary folder.
  /// - Parameter holds: after recording, waits (as mpv does while it plays) until killed.
  public init(holds: Bool = false) throws {
    program = try StandInProgram(name: "mpv") { Self.script(record: $0, holds: holds) }
  }

  /// What the stand-in recorded.
  public struct Run: Sendable {
    /// The arguments it was started with.
    public var arguments: [String]
    /// The include file's permissions, as the stand-in found them.
    public var includeMode: String
    /// Its folder's permissions, as the stand-in found them.
    public var folderMode: String
    /// The include file's path.
    public var includePath: String
    /// The include file's names on disk (0: only the open descriptor holds it).
    public var includeLinks: Int
    /// Its environment.
    public var environment: [String: String]
    /// Its own PID.
    public var pid: Int32
    /// Its parent's PID: the program's.
    public var parent: Int32
    /// The status the stream answered.
    public var streamStatus: Int
    /// The stream's first line.
    public var streamFirstLine: String
  }

  /// The record, once the stand-in has written it; nil before.
  public func run() throws -> Run? {
    guard let object = try program.recorded() else { return nil }
    return Run(
      arguments: object["argv"] as? [String] ?? [],
      includeMode: object["include_mode"] as? String ?? "",
      folderMode: object["folder_mode"] as? String ?? "",
      includePath: object["include_path"] as? String ?? "",
      includeLinks: object["include_links"] as? Int ?? -1,
      environment: object["env"] as? [String: String] ?? [:],
      pid: Int32(object["pid"] as? Int ?? 0),
      parent: Int32(object["ppid"] as? Int ?? 0),
      streamStatus: object["status"] as? Int ?? 0,
      streamFirstLine: object["first_line"] as? String ?? "")
  }

  private static func script(record: String, holds: Bool) -> String {
    """
    #!/usr/bin/env python3
    import json, os, re, stat, sys, time, urllib.parse, urllib.request, urllib.error
    argv = sys.argv[1:]
    include = next((a[len("--include="):] for a in argv if a.startswith("--include=")), "")
    headers = {}
    text = open(include, encoding="utf-8").read() if include else ""
    # mpv's fixed-length quoting: option=%N%value, the next N bytes whole.
    for m in re.finditer(r"^http-header-fields-append=%(\\d+)%", text, re.M):
        value = text[m.end():m.end() + int(m.group(1))]
        name, _, rest = value.partition(":")
        headers[name.strip()] = rest.strip()
    mode = lambda p: oct(stat.S_IMODE(os.stat(p).st_mode)) if p else ""
    url = argv[-1]
    status, body = 0, b""  # a web video (a trailer on YouTube) is not fetched: tests stay local
    try:
        if urllib.parse.urlsplit(url).hostname in ("127.0.0.1", "localhost", "::1"):
            with urllib.request.urlopen(urllib.request.Request(url, headers=headers), timeout=10) as r:
                status, body = r.status, r.read()
    except urllib.error.HTTPError as e:
        status, body = e.code, b""
    out = {"argv": argv, "include_mode": mode(include),
           "folder_mode": mode(os.path.dirname(include)), "include_path": include,
           "status": status, "first_line": body.split(b"\\n")[0].decode("ascii", "replace"),
           "include_links": os.stat(include).st_nlink if include else -1,
           "env": dict(os.environ), "pid": os.getpid(), "ppid": os.getppid()}
    with open(\(String(reflecting: record)) + ".new", "w") as f:
        json.dump(out, f)
    os.rename(\(String(reflecting: record)) + ".new", \(String(reflecting: record)))
    while \(holds ? "True" : "False"):
        time.sleep(1)
    """
  }
}
