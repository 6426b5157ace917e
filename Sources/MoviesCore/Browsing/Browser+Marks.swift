extension Browser {
  /// What was watched of a title changed (`play`, `seen`, `unseen`): every loaded row of it
  /// takes its new state, and a server search that holds it is dropped, so the next `find`
  /// asks the server again instead of answering from what it said before (its rows were
  /// chosen by filters such as `seen:no` that may no longer hold).
  public func updateMarks(of movie: Movie) {
    let key = WatchEntry.key(for: movie)
    list.adopt(movie.playback, ofTitle: key)
    if searched?.movies.contains(where: { WatchEntry.key(for: $0) == key }) == true {
      searched = nil
    }
  }

  /// What the loaded rows say was watched of the titles `keys` name, by key.
  public func playback(ofTitles keys: Set<String>) -> [String: Playback] {
    var found: [String: Playback] = [:]
    for rows in [list.movies, searched?.movies ?? []] {
      for movie in rows {
        guard let playback = movie.playback else { continue }
        let key = WatchEntry.key(for: movie)
        if keys.contains(key) { found[key] = playback }
      }
    }
    return found
  }
}
