/// A title as a library index writes it, with its article moved to the end (`Gold Rush, The`,
/// `Grande illusion, La`), and as people say it (`The Gold Rush`, `La Grande illusion`). The
/// offline catalogue (IMDb's data) is written the first way, and sorts so; it shows titles
/// the second way, and `find` matches either.
public enum IndexedTitle {
  /// The articles IMDb moves to the end, in the languages of its titles.
  static let articles: Set<String> = [
    "The", "A", "An", "La", "Le", "Les", "L'", "Il", "Lo", "Gli", "El", "Los", "Las", "Der",
    "Die", "Das", "Det", "Den", "Het", "Un", "Une", "Una", "Uno", "Ein", "Eine",
  ]

  /// `Gold Rush, The` as `The Gold Rush`, `Avventura, L'` as `L'Avventura`; a title with no
  /// article at its end as it is.
  public static func spoken(_ title: String) -> String {
    guard let comma = title.range(of: ", ", options: .backwards) else { return title }
    let article = String(title[comma.upperBound...])
    guard articles.contains(article), comma.lowerBound > title.startIndex else { return title }
    let rest = title[..<comma.lowerBound]
    return article.hasSuffix("'") ? article + rest : article + " " + rest
  }

  /// `The Gold Rush` as `Gold Rush, The`: the form `find` also matches. Nil for a title that
  /// starts with no article.
  public static func indexed(_ title: String) -> String? {
    if let apostrophe = title.firstIndex(of: "'"),
      title.distance(from: title.startIndex, to: apostrophe) == 1
    {
      let article = String(title[...apostrophe])
      let rest = title[title.index(after: apostrophe)...]
      if articles.contains(article), !rest.isEmpty { return rest + ", " + article }
    }
    guard let space = title.firstIndex(of: " ") else { return nil }
    let article = String(title[..<space])
    let rest = title[title.index(after: space)...]
    guard articles.contains(article), !rest.isEmpty else { return nil }
    return rest + ", " + article
  }
}
