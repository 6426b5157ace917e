import Foundation

/// Renders command results as one JSON object per line, for `--json` and `jq`.
///
/// Every object has `command` and `ok`; a failure has `error: {code, message}` (the error's
/// ``ErrorCode`` and the sentence the `describer` makes of it, the words text mode prints);
/// warnings, when any, are in `warnings`. The README documents each shape. Keys are sorted,
/// so the same result always prints the same bytes.
/// Strings are the server's text as sent; control characters, DEL, C1 controls and
/// bidirectional overrides are written as `\uXXXX` escapes, so the line itself is safe on a
/// terminal, but a consumer that prints strings raw (`jq -r`) gets them as they are.
///
/// The rows of `more`, `list`, `find` and `watchlist` are not in ``Reply/output``: they come
/// in ``Reply/rows``, written a slice at a time, and the object's end after them.
public enum JSONRenderer {
  /// The result as one JSON object for `command`, its rows streamed in ``Reply/rows``.
  public static func render(
    _ result: CommandResult, of command: Command, describer: ErrorDescriber = .plain
  ) -> Reply {
    var object: JSONObject = ["command": .string(command.name)]
    // The verdict is the result's (``CommandResult/problem``), as in text mode.
    var reply = Reply(for: result, describer: describer)
    object["ok"] = .bool(reply.error == nil)
    if let problem = result.problem, let message = reply.error {
      object["error"] = .object([
        "code": .string(describer.code(for: problem.error).rawValue), "message": .string(message),
      ])
    }
    var rows: Rows?
    if case .success(let outcome) = result.outcome {
      let fields = JSONFields(watched: result.watched, describer: describer)
      object.merge(outcome.jsonFields(fields))
      rows = outcome.jsonRows(fields)
      // `thumb wN`, `show fN`: the row is the entry's or the match's number; say which.
      if let label = command.actedLabel, label.kind != .row {
        object[label.kind == .entry ? "entry" : "match"] = .string(label.description)
      }
    }
    if !reply.warnings.isEmpty { object["warnings"] = .strings(reply.warnings) }
    guard let rows else {
      reply.output = line(object)
      return reply
    }
    // The object around its rows: the text before them now, after them once they are written.
    object[rows.key] = .array([])
    var writer = JSONWriter()
    let (head, tail) = writer.object(object, around: rows.key)
    reply.output = head + "["
    reply.rows = RowStream(count: rows.count, rowLines: 0, trailer: "]" + tail + "\n") {
      var writer = JSONWriter()
      for place in $0 {
        if place > 0 { writer.append(",") }
        writer.write(rows.value(place))
      }
      return writer.text
    }
    return reply
  }

  /// A line that is not a command: `{"command": null, "input": …, "ok": false, "error": …}`.
  public static func render(
    parseError error: Command.ParseError, line text: String, describer: ErrorDescriber = .plain
  ) -> String {
    line([
      "command": .null, "input": .string(text), "ok": .bool(false),
      "error": .object([
        "code": .string(describer.code(for: error).rawValue),
        "message": .string(describer.message(for: error)),
      ]),
    ])
  }

  /// A list of rows under one key, each made as it is written.
  public struct Rows: Sendable {
    let key: String
    let count: Int
    let value: @Sendable (Int) -> JSONValue
  }

  private static func line(_ object: JSONObject) -> String {
    var writer = JSONWriter()
    writer.write(.object(object))
    return writer.text + "\n"
  }
}
