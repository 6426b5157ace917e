import Foundation
import TestSupport
import Testing

/// The offline catalogue, the first thing everyone sees, shows titles as people say them
/// (`The Gold Rush`, `La Grande illusion`, not IMDb's `Gold Rush, The`), sorts them by the
/// word after the article, finds them either way, and shows no genre as a dash. In script
/// mode and in tmux at 100, 80, 60 and 40 columns.
@Suite(.timeLimit(.minutes(2))) struct OfflineTitlesTests {
  @Test func titlesAsSaidFoundEitherWay() async throws {
    let run = try await MoviesRun.run([
      "-c", "find gold rush", "-c", "find gold rush, the", "-c", "find the gold rush", "-c",
      "find grande illusion",
    ])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.components(separatedBy: "The Gold Rush").count == 4, "\(run.stdout)")
    #expect(run.stdout.contains("La Grande illusion"), "\(run.stdout)")
    #expect(!run.stdout.contains("Gold Rush, The") && !run.stdout.contains(", La"))
  }

  @Test func titlesSortByTheWordAfterTheArticleAndNoGenreIsADash() async throws {
    let run = try await MoviesRun.run(["--order", "title", "-c", "list"])
    #expect(run.status == 0, "\(run.stderr)")
    let titles = run.tableRows.map { row in
      row.text.split(separator: "  ", omittingEmptySubsequences: true).first.map {
        $0.trimmingCharacters(in: .whitespaces)
      } ?? ""
    }
    #expect(titles.contains("The 13th Warrior"), "\(titles)")
    // `The 'burbs` sorts under its apostrophe, `The 13th Warrior` under 1: among the others.
    let warrior = try #require(titles.firstIndex(of: "The 13th Warrior"))
    #expect(titles[warrior - 1].hasPrefix("13 "), "\(titles)")
    // 'Manos' the Hands of Fate has no genre: its cell is a dash.
    let manos = try #require(run.tableRows.first { $0.text.contains("'Manos'") })
    #expect(manos.text.contains("Fate  ") && manos.text.contains(" –  "), "\(manos.text)")
  }

  @Test(arguments: [100, 80, 60, 40])
  func aPersonSeesTitlesAsSaid(width: Int) async throws {
    let session = try TmuxSession(arguments: ["--no-preview"], width: width, height: 40)
    defer { session.stop() }
    try await session.waitFor("movies 10/2,006>")
    try session.type("find usual suspects\r")
    let screen = try await session.waitFor("1 match")
    #expect(screen.contains("The Usual Suspects"), "\(screen)")
    #expect(!screen.contains("Suspects, The"), "\(screen)")
    try session.type("find usual suspects, the\r")
    try await session.waitUntil("found again") { $0.components(separatedBy: "1 match").count == 3 }
  }
}
