/// `thumb N`: the thumbnail saved, numbered as its label.
public struct ThumbnailSaved: CommandOutcome {
  /// The thumbnail saved.
  public var saved: SavedThumbnail
  /// The label it was asked for.
  public var row: Int

  /// What it prints.
  public func text(_ renderer: TextRenderer) -> String {
    ThumbnailSummary.line(for: saved) + "\n"
  }

  /// Sentences: wrapped to the width at a terminal.
  public var proseIndent: String? { "" }

  /// Its keys in the JSON object.
  public func jsonFields(_ fields: JSONFields) -> JSONObject {
    JSONFields.thumbnail(saved, row: row)
  }

  /// Notes it adds to the warnings.
  public func notes(describedBy describer: ErrorDescriber) -> [String] {
    saved.cacheProblem.map { [describer.message(for: $0)] } ?? []
  }
}

/// `thumb N-M` or `thumb all`.
extension ThumbnailBatch: CommandOutcome {
  /// What it prints.
  public func text(_ renderer: TextRenderer) -> String { ThumbnailSummary.render(self) }

  /// The warnings text mode adds.
  public func textWarnings(_ renderer: TextRenderer) -> [String] {
    wasCancelled ? [] : ThumbnailSummary.failureWarnings(self, describer: renderer.describer)
  }

  /// Sentences: wrapped to the width at a terminal.
  public var proseIndent: String? { "" }

  /// Its keys in the JSON object.
  public func jsonFields(_ fields: JSONFields) -> JSONObject {
    let failed = { (rows: [Int]) -> JSONValue in
      .array(
        rows.compactMap { row in
          self.failures[row].map {
            .object(["row": .int(row), "message": .string(fields.describer.message(for: $0))])
          }
        })
    }
    return [
      "rows": .array(rows.map(JSONValue.int)), "cancelled": .bool(wasCancelled),
      "from": .string(JSONFields.origin(of: kind)),
      "saved": .array(
        rows.compactMap { row in
          saved[row].map { .object(JSONFields.thumbnail($0, row: row)) }
        }),
      "failed": failed(rows.filter { !withoutPoster.contains($0) }),
      "withoutPoster": failed(withoutPoster),
    ]
  }

  /// What stopped it part-way.
  public var problem: (any Error)? { ThumbnailSummary.problem(self) }

  /// Each distinct disk cache problem once, not once per row.
  public func notes(describedBy describer: ErrorDescriber) -> [String] {
    var problems: [DiskCache.Error] = []
    for row in rows {
      if let problem = saved[row]?.cacheProblem, !problems.contains(problem) {
        problems.append(problem)
      }
    }
    return problems.map(describer.message(for:))
  }
}
