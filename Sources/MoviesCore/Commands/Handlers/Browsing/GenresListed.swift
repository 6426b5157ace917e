/// `genres`: every genre, and the id of the one browsed (empty for all).
struct GenresListed: CommandOutcome {
  var genres: [Genre]
  var current: String

  func text(_ renderer: TextRenderer) -> String {
    TextRenderer.genreList(genres, current: current)
  }

  func jsonFields(_ fields: JSONFields) -> JSONObject {
    [
      "genres": .array(genres.map { .object(["id": .string($0.id), "name": .string($0.name)]) }),
      "current": .string(current),
    ]
  }
}
