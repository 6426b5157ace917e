import Foundation
import Testing

@testable import MoviesCore

/// `--json` is written by hand, byte for byte as JSONSerialization wrote it (sorted keys,
/// unescaped slashes, then the terminal's escapes), and a list's rows a slice at a time.
@Suite(.timeLimit(.minutes(1))) struct JSONWriterTests {
  /// What the renderer wrote before it wrote by hand: JSONSerialization, then every scalar a
  /// terminal acts on as an upper-case `\uXXXX`.
  private func serialized(_ object: Any) throws -> String {
    let data = try JSONSerialization.data(
      withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
    var text = ""
    for scalar in String(decoding: data, as: UTF8.self).unicodeScalars {
      guard TerminalText.needsEscape(scalar) else {
        text.unicodeScalars.append(scalar)
        continue
      }
      let hex = String(scalar.value, radix: 16, uppercase: true)
      text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    }
    return text
  }

  @Test func writesTheBytesJSONSerializationWrote() throws {
    let numbers = [8.1, 5, 1e16, 1e-7, 0.1 + 0.2, 1_764_592_000.5, -0.0, 1.2e20, 1e300, 100]
    let text = "a/b\"c\\d\u{8}\u{C}\n\r\t\u{0}\u{1}\u{1B}[2J\u{1F}\u{7F}\u{85}é😀\u{2028}\u{202E}"
    let keys = [
      "B", "a", "x10", "x9", "_z", "Z", "z", "-a", " b", "Where to watch", "ab", "aB", "Ab", "é",
      "e", "1", "10", "2", "genreIds", "genres", "ratingCount", "rating", "row", "runningTime",
    ]
    var object: [String: Any] = [
      "numbers": numbers, "text": text, "nothing": NSNull(), "yes": true, "no": false,
      "ints": [Int.min, -3, 0, Int.max], "empty": [String: Any](), "none": [Any](),
    ]
    var value: JSONObject = [
      "numbers": .array(numbers.map(JSONValue.number)), "text": .string(text), "nothing": .null,
      "yes": .bool(true), "no": .bool(false),
      "ints": .array([Int.min, -3, 0, Int.max].map(JSONValue.int)),
      "empty": .object([:]), "none": .array([]),
    ]
    for (index, key) in keys.enumerated() {
      object["keys"] = Dictionary(uniqueKeysWithValues: keys.prefix(index + 1).map { ($0, $0) })
      var keysObject: JSONObject = [:]
      for key in keys.prefix(index + 1) { keysObject[key] = .string(key) }
      value["keys"] = .object(keysObject)
      var writer = JSONWriter()
      writer.write(.object(value))
      #expect(writer.text == (try serialized(object)), "keys up to \(key)")
    }
  }

  @Test func aNumberJSONCannotHoldIsNull() {
    var writer = JSONWriter()
    writer.write(.array([.number(.infinity), .number(-.infinity), .number(.nan), .number(1)]))
    #expect(writer.text == "[null,null,null,1]")
  }

  @Test func aListsRowsAreWrittenASliceAtATime() throws {
    let movies = (1...2_500).map { Movie(id: "\($0)", title: "Film \($0)") }
    let list = ListStatus(query: MovieQuery(pageSize: 10))
    let result = CommandResult(
      outcome: .success(ListOutcome.list(AddedRows(range: 1...2_500, movies: movies), list)))
    let reply = JSONRenderer.render(result, of: .list)

    #expect(!reply.output.contains("Film 1"), "the rows are not in the text made at once")
    var slices: [String] = []
    reply.rows?.forEachSlice {
      slices.append($0)
      return true
    }
    #expect(slices.count == 4, "three slices of rows, then the object's end")
    #expect(slices.dropLast().allSatisfy { !$0.contains("\n") && $0.contains("Film") })
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(reply.text.utf8)) as? [String: Any])
    let rows = try #require(object["rows"] as? [[String: Any]])
    #expect(rows.map { $0["row"] as? Int } == Array(1...2_500))
    #expect(object["command"] as? String == "list")
    #expect(reply.text.hasSuffix("}\n") && reply.lineCount == 1)
  }
}
