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
    /// The status the stream answered; -1 when it was cut short or too slow.
    public var streamStatus: Int
    /// The stream's first line.
    public var streamFirstLine: String
    /// Whether the IPC socket still had its name once the program had sent its first
    /// command (it should have removed it on connecting); nil without an IPC socket.
    public var socketNamed: Bool?
    /// Its open descriptors as it started, each with what it is (`/proc/self/fd/N`'s link).
    public var descriptors: [Int32: String]
    /// How many bytes of the stream it read.
    public var streamBytes: Int
    /// The text of the `--sub-file` it was given, as it found it; nil without one.
    public var subtitleFile: String?
    /// That file's permissions and its folder's, as it found them.
    public var subtitleModes: (file: String, folder: String)?
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
      streamFirstLine: object["first_line"] as? String ?? "",
      socketNamed: object["socket_named"] as? Bool,
      descriptors: (object["fds"] as? [String: String] ?? [:]).reduce(into: [:]) {
        if let number = Int32($1.key) { $0[number] = $1.value }
      }, streamBytes: object["bytes"] as? Int ?? -1,
      subtitleFile: object["sub_text"] as? String,
      subtitleModes: (object["sub_modes"] as? [String]).flatMap {
        $0.count == 2 ? ($0[0], $0[1]) : nil
      })
  }

  /// How the stand-in plays: `speed` seconds of film a real second, a film `length` seconds
  /// long; it quits (as a person pressing q) after `quitAfter` seconds of film, or is killed
  /// after `dieAfter`. Without a speed it quits as soon as it has been asked to observe;
  /// without a length its duration is null, as mpv's before it knows, so the server's stands.
  public static func playing(
    speed: Double, length: Double, quitAfter: Double? = nil, dieAfter: Double? = nil
  ) -> [String: String] {
    var environment = [
      "MPV_STANDIN_SPEED": String(speed), "MPV_STANDIN_LENGTH": String(length),
    ]
    environment["MPV_STANDIN_QUIT_AFTER"] = quitAfter.map { String($0) }
    environment["MPV_STANDIN_DIE_AFTER"] = dieAfter.map { String($0) }
    return environment
  }

  /// A stand-in that writes `line` on its standard error as it starts, as mpv writes its
  /// messages, and exits with `status` (0: as it would).
  public static func complaining(_ line: String, status: Int = 0) -> [String: String] {
    ["MPV_STANDIN_STDERR": line, "MPV_STANDIN_STATUS": String(status)]
  }

  /// Where `movies` keeps mpv's output in the runs of ``play(_:_:playing:environment:)``,
  /// whose state folder is in the stand-in's own.
  public var log: URL { program.folder.appendingPathComponent("state/movies/mpv.log") }

  /// A stand-in that never makes its IPC socket, so it says nothing of where it is (as a
  /// player without IPC): it plays and exits at once.
  public static let withoutIPC = ["MPV_STANDIN_NO_IPC": "1"]

  /// What the stand-in was told and did over the IPC.
  public struct Session: Sendable {
    /// Each command's name (`observe_property`, `quit`), in order.
    public var commands: [String]
    /// The properties observed.
    public var observed: [String]
    /// Where it was in the film, in seconds, when it last wrote this.
    public var position: Double
    /// The last `time-pos` it sent, in seconds.
    public var sent: Double
    /// `eof`, `quit`, or nil while it plays (or when it was killed).
    public var ended: String?
  }

  /// The IPC session as last written; nil before the program connected.
  public func session() throws -> Session? {
    let file = program.record.appendingPathExtension("ipc")
    guard let data = FileManager.default.contents(atPath: file.path),
      let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
    else { return nil }
    let commands = (object["commands"] as? [[Any]] ?? []).compactMap { $0.first as? String }
    return Session(
      commands: commands,
      observed: (object["observed"] as? [String: Any] ?? [:]).keys.sorted(),
      position: object["position"] as? Double ?? -1, sent: object["sent"] as? Double ?? -1,
      ended: object["ended"] as? String)
  }

  private static func script(record: String, holds: Bool) -> String {
    """
    #!/usr/bin/env python3
    import http.client, json, os, re, signal, socket, stat, sys, time, urllib.parse, urllib.request, urllib.error
    # Ctrl-C reaches the whole foreground group: ignored here, so only `quit` over the IPC
    # (which the program sends when its play is cancelled) ends this mpv early.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    # What it inherited, before it opens anything itself.
    \(StandInProgram.descriptorListing)
    RECORD = \(String(reflecting: record))
    argv = sys.argv[1:]
    option = lambda name: next((a[len(name) + 3:] for a in argv if a.startswith("--" + name + "=")), None)
    include = option("include") or ""
    headers = {}
    text = open(include, encoding="utf-8").read() if include else ""
    # mpv's fixed-length quoting: option=%N%value, the next N bytes whole.
    for m in re.finditer(r"^http-header-fields-append=%(\\d+)%", text, re.M):
        value = text[m.end():m.end() + int(m.group(1))]
        name, _, rest = value.partition(":")
        headers[name.strip()] = rest.strip()
    mode = lambda p: oct(stat.S_IMODE(os.stat(p).st_mode)) if p else ""
    url = argv[-1]
    # mpv's ffmpeg always asks with a Range, from the start.
    headers.setdefault("Range", "bytes=0-")
    status, body = 0, b""  # a web video (a trailer on YouTube) is not fetched: tests stay local
    try:
        if urllib.parse.urlsplit(url).hostname in ("127.0.0.1", "localhost", "::1"):
            with urllib.request.urlopen(urllib.request.Request(url, headers=headers), timeout=10) as r:
                status, body = r.status, r.read()
    except urllib.error.HTTPError as e:
        status, body = e.code, b""
    except (OSError, http.client.HTTPException) as e:
        # A stream cut short or too slow: mpv says so and goes on to its IPC; -1 records it.
        status, body = -1, b""
    if os.environ.get("MPV_STANDIN_STDERR"):
        print(os.environ["MPV_STANDIN_STDERR"], file=sys.stderr, flush=True)
    sub_file = option("sub-file")
    sub_text = open(sub_file, encoding="utf-8").read() if sub_file and os.path.exists(sub_file) else None
    out = {"argv": argv, "include_mode": mode(include),
           "sub_text": sub_text,
           "sub_modes": [mode(sub_file), mode(os.path.dirname(sub_file))] if sub_text is not None else None,
           "folder_mode": mode(os.path.dirname(include)), "include_path": include,
           "status": status, "first_line": body.split(b"\\n")[0].decode("ascii", "replace"),
           "include_links": os.stat(include).st_nlink if include else -1,
           "env": dict(os.environ), "pid": os.getpid(), "ppid": os.getppid(),
           "fds": descriptors, "bytes": len(body)}
    def write(path, obj):
        with open(path + ".new", "w") as f:
            json.dump(obj, f)
        os.rename(path + ".new", path)
    # MPV_STANDIN_NO_IPC: as an mpv that never makes its socket, and so says nothing.
    ipc = None if os.environ.get("MPV_STANDIN_NO_IPC") else option("input-ipc-server")
    if ipc is None:
        write(RECORD, out)
        while \(holds ? "True" : "False"):
            time.sleep(1)
        sys.exit(0)
    # mpv's JSON IPC: one object a line each way; replies carry the request_id.
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    server.bind(ipc)
    server.listen(1)
    server.settimeout(20)
    conn, _ = server.accept()
    conn.settimeout(0.05)
    env = os.environ.get
    speed = float(env("MPV_STANDIN_SPEED", "0"))
    length = float(env("MPV_STANDIN_LENGTH", "600"))
    quit_after = float(env("MPV_STANDIN_QUIT_AFTER", "-1"))
    die_after = float(env("MPV_STANDIN_DIE_AFTER", "-1"))
    start = float(option("start") or 0)
    state = {"commands": [], "position": start, "sent": start, "ended": None, "observed": {}}
    pending = b""
    def send(obj):
        try:
            conn.sendall((json.dumps(obj) + "\\n").encode())
        except OSError:
            pass
    # Without a length asked for, mpv's duration is not known (null), so the server's stands.
    duration = length if env("MPV_STANDIN_LENGTH") else None
    values = lambda: {"time-pos": state["position"], "duration": duration, "pause": False}
    def take():
        global pending
        try:
            chunk = conn.recv(65536)
        except socket.timeout:
            return
        if not chunk:
            return
        pending += chunk
        while b"\\n" in pending:
            line, pending = pending.split(b"\\n", 1)
            message = json.loads(line)
            command = message.get("command", [])
            state["commands"].append(command)
            reply = {"error": "success", "request_id": message.get("request_id", 0)}
            if command[:1] == ["observe_property"]:
                state["observed"][command[2]] = command[1]
                send(reply)
                send({"event": "property-change", "id": command[1], "name": command[2],
                      "data": values().get(command[2])})
            elif command[:1] == ["get_property"]:
                reply["data"] = values().get(command[1])
                send(reply)
            else:
                send(reply)
    def end(reason, code):
        state["ended"] = reason
        send({"event": "end-file", "reason": reason, "playlist_entry_id": 1})
        write(RECORD + ".ipc", state)
        conn.close()
        sys.exit(int(env("MPV_STANDIN_STATUS", "0")) or code)
    while not state["commands"]:
        take()
    out["socket_named"] = os.path.exists(ipc)
    write(RECORD, out)
    while \(holds ? "True" : "False"):
        time.sleep(1)
    last = time.monotonic()
    while True:
        take()
        write(RECORD + ".ipc", state)
        if ["quit"] in state["commands"]:
            end("quit", 0)
        if speed <= 0:
            end("quit", 0)  # no speed asked for: quits at once, as a person pressing q
        now = time.monotonic()
        state["position"] = min(length, state["position"] + speed * (now - last))
        last = now
        played = state["position"] - start
        if die_after >= 0 and played >= die_after:
            write(RECORD + ".ipc", state)
            os.kill(os.getpid(), signal.SIGKILL)
        if quit_after >= 0 and played >= quit_after:
            state["position"] = start + quit_after
            send({"event": "property-change", "id": state["observed"].get("time-pos", 0),
                  "name": "time-pos", "data": state["position"]})
            state["sent"] = state["position"]
            end("quit", 0)
        if state["position"] >= length:
            # As mpv, whose last time-pos before the end of the file is the stream's end.
            if "time-pos" in state["observed"]:
                send({"event": "property-change", "id": state["observed"]["time-pos"],
                      "name": "time-pos", "data": state["position"]})
                state["sent"] = state["position"]
            end("eof", 0)
        if "time-pos" in state["observed"]:
            send({"event": "property-change", "id": state["observed"]["time-pos"],
                  "name": "time-pos", "data": state["position"]})
            state["sent"] = state["position"]
    """
  }
}
