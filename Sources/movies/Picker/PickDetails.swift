import Foundation
import MoviesCore
import Synchronization

/// Fetches the details of `pick`'s rows while fzf runs, for the preview (another process,
/// run by fzf, which makes no request) to show their running time and where they stream:
/// TMDb's list rows carry neither. The row the preview asks for comes first (fzf previews
/// the highlighted row as it opens, so nothing is fetched before that row); the first
/// ``ahead`` rows follow in list order, ``parallel`` at a time, through the source's own
/// details call, which joins the parts in one request, keeps the answer for `show N`, and is
/// paced with the source's other requests. Each answer goes into the pick folder
/// (``PickDetailsFile``). It runs until cancelled, when fzf ends; a fetch in flight is
/// cancelled with it.
struct PickDetails: Sendable {
  /// How many rows are fetched in list order without being asked for: a screen of fzf's
  /// lines and then some, a second of TMDb's 40 requests a second.
  static let ahead = 40
  /// Fetches in flight at once.
  static let parallel = 4
  /// How often the folder is looked at for a row asked for.
  static let poll = Duration.milliseconds(50)

  /// The movie at each place (from 1) whose details are fetched; nil where the row has
  /// what they would add.
  let movies: [Movie?]
  let folder: URL
  let source: any MovieSource

  /// The details fetcher for `list`, or nil when the source's details would add nothing the
  /// preview shows (`later` empty, or every row has those fields).
  init?(
    _ list: [(row: Int, movie: Movie)], later: [MovieDetails.LaterField], folder: URL,
    source: any MovieSource
  ) {
    movies = list.map { PickDetailsFile.missing(later, in: $0.movie).isEmpty ? nil : $0.movie }
    guard movies.contains(where: { $0 != nil }) else { return nil }
    self.folder = folder
    self.source = source
  }

  /// Runs until cancelled (when fzf ends).
  func run() async {
    let plan = Plan(movies.enumerated().compactMap { $1 == nil ? nil : $0 + 1 })
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<Self.parallel {
        group.addTask {
          while !Task.isCancelled {
            let wanted = await Blocking.fileIO { PickDetailsFile.takeWanted(in: folder) }
            guard let place = plan.next(wanted: wanted) else {
              try? await Task.sleep(for: Self.poll)
              continue
            }
            await fetch(place)
          }
        }
      }
    }
  }

  /// The details of place `place`, written for the preview; a failure is written too, so
  /// the preview stops waiting. A cancelled fetch writes nothing.
  private func fetch(_ place: Int) async {
    guard movies.indices.contains(place - 1), let movie = movies[place - 1] else { return }
    let detailed: Movie?
    do {
      detailed = try await source.details(for: movie)
    } catch {
      if Task.isCancelled { return }
      detailed = nil
    }
    await Blocking.fileIO { PickDetailsFile.write(detailed, place: place, in: folder) }
  }

  /// Which place is fetched next: the newest asked for, then list order, each once.
  final class Plan: Sendable {
    private struct State {
      var order: [Int]
      var fetchable: Set<Int>
      var taken = Set<Int>()
      /// Whether the preview has named a row: list order waits for the highlighted one.
      var heard = false
      var asked: [Int] = []
      var nextInOrder = 0
    }
    private let state: Mutex<State>

    /// Over `places`, the ones that need fetching, in list order.
    init(_ places: [Int]) {
      state = Mutex(State(order: places, fetchable: Set(places)))
    }

    /// The next place to fetch: the newest asked for; else, once one was, list order, only
    /// its first ``PickDetails/ahead``. Nil when there is none for now.
    func next(wanted: [Int]) -> Int? {
      state.withLock { state in
        state.heard = state.heard || !wanted.isEmpty
        state.asked = wanted.filter(state.fetchable.contains) + state.asked
        while let place = state.asked.first {
          state.asked.removeFirst()
          if state.taken.insert(place).inserted { return place }
        }
        guard state.heard else { return nil }
        while state.nextInOrder < min(state.order.count, PickDetails.ahead) {
          let place = state.order[state.nextInOrder]
          state.nextInOrder += 1
          if state.taken.insert(place).inserted { return place }
        }
        return nil
      }
    }
  }
}
