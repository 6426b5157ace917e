import Foundation
import TestSupport
import Testing

/// Posters in a real terminal: xterm as a VT340 (sixel on) under Xvfb, running the built
/// `movies` with `--preview auto`, typed at with xdotool and checked on a screenshot: the
/// drawn poster has the test poster's shape (within 10 %) and its bands, and the prompt is
/// under it. Inside tmux too, with passthrough on (pixels) and off (symbols). The screenshots
/// are kept under `.build/real-terminal/` for a person to look at.
@Suite(.serialized, .tags(.xServer), .timeLimit(.minutes(3))) struct RealTerminalTests {
  /// Where the screenshots are kept.
  static let artefacts = TestPaths.packageRoot.appendingPathComponent(
    ".build/real-terminal", isDirectory: true)

  /// Runs `movies --preview auto` (or `preview`'s flags) against a server with the banded
  /// poster, in xterm (inside tmux when `tmuxOptions` is given), types `thumb 1`, and returns
  /// the screenshot and all xterm was sent.
  private func thumbInXterm(
    screenshot name: String, tmuxOptions: [String]? = nil, preview: String = "--preview auto"
  ) async throws -> (RGBImage, String) {
    let folder = try TestPaths.makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let server = try await HoppinTestServer(
      catalogue: try await offThePool { try BandedPoster.catalogue(in: folder) })
    defer { server.stop() }
    let home = folder.appendingPathComponent("home")
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    let script = folder.appendingPathComponent("movies.sh")
    // In tmux, the pane's command starts before tmux has heard back from xterm what it can
    // do; a person's pane has long known. Wait (5 s at most) until tmux lists true colour.
    let waitForTmux =
      tmuxOptions == nil
      ? ""
      : """
      i=0; while [ $i -lt 50 ] && ! tmux display -p '#{client_termfeatures}' | grep -q RGB; \\
        do sleep 0.1; i=$((i + 1)); done
      """
    try TestPaths.writeScript(
      """
      #!/bin/sh
      \(waitForTmux)
      cd '\(home.path)' && exec '\(TestPaths.moviesExecutable.path)' --api '\(server.apiURL)' \\
        \(preview) --download-dir '\(folder.path)/downloads'
      """, to: script)
    var command = [script.path]
    let socket = "movies-xterm-\(UUID().uuidString.prefix(8))"
    if let tmuxOptions {
      let config = folder.appendingPathComponent("tmux.conf")
      try (["set -g status off"] + tmuxOptions).joined(separator: "\n")
        .write(to: config, atomically: true, encoding: .utf8)
      command = ["tmux", "-L", socket, "-f", config.path, "new-session", script.path]
    }
    defer {
      // On a thread of its own: cleanup never holds one of the concurrency pool's.
      if tmuxOptions != nil {
        Thread { _ = try? ImageTool.run(["tmux", "-L", socket, "kill-server"]) }.start()
      }
    }
    let xterm = try await XtermSession.start(
      command: command,
      environment: [
        "HOME": home.path, "XDG_CACHE_HOME": home.appendingPathComponent("cache").path,
        "XDG_STATE_HOME": home.appendingPathComponent("state").path,
        "MOVIES_DB": "/dev/null", "MOVIES_HISTFILE": "/dev/null",
      ], folder: folder)
    defer { xterm.stop() }

    try await xterm.waitForLog("the first prompt") { $0.contains("movies 1>") }
    try await xterm.typeLine("thumb 1")
    try await xterm.waitForLog("the prompt after the poster") { log in
      guard let saved = log.range(of: "Saved ") else { return false }
      return log[saved.upperBound...].contains("movies 1>")
    }
    try FileManager.default.createDirectory(at: Self.artefacts, withIntermediateDirectories: true)
    let file = Self.artefacts.appendingPathComponent(name)
    // Drawn once the log has it; a second look that agrees shows the screen has settled.
    var shot = try await xterm.screenshot(to: file)
    _ = try await eventually(timeout: .seconds(10)) {
      let last = shot.boundingBox(of: BandedPoster.bands).map { "\($0)" }
      shot = try await xterm.screenshot(to: file)
      return last != nil && last == shot.boundingBox(of: BandedPoster.bands).map { "\($0)" }
    }
    return (shot, xterm.logged())
  }

  /// The poster on the screenshot: its shape, its bands top to bottom, a solid picture, and
  /// the prompt's text in the row under it.
  private func expectPoster(on shot: RGBImage) throws {
    let box = try #require(shot.boundingBox(of: BandedPoster.bands), "no poster on screen")
    let ratio = Double(box.y.count) / Double(box.x.count)
    let expected = Double(BandedPoster.height) / Double(BandedPoster.width)
    #expect(abs(ratio / expected - 1) < 0.10, "drawn \(box.x.count)x\(box.y.count) px")
    let middle = box.x.lowerBound + box.x.count / 2
    for (index, band) in BandedPoster.bands.enumerated() {
      let y = box.y.lowerBound + box.y.count * (2 * index + 1) / 6
      #expect(shot[middle, y].isNear(band), "band \(index) is \(shot[middle, y]), not \(band)")
    }
    var solid = 0
    for y in box.y {
      for x in box.x where BandedPoster.bands.contains(where: { shot[x, y].isNear($0) }) {
        solid += 1
      }
    }
    #expect(Double(solid) >= 0.97 * Double(box.x.count * box.y.count), "text over the poster")
    // The prompt's dark text starts within one row (13 pixels in xterm's font) under it.
    let under = box.y.upperBound..<min(shot.height, box.y.upperBound + 15)
    let textUnder = under.contains { y in
      (box.x.lowerBound..<(box.x.lowerBound + 60)).contains { x in
        let pixel = shot[x, y]
        return pixel.red + pixel.green + pixel.blue < 200
      }
    }
    #expect(textUnder, "no prompt right under the poster")
  }

  /// A sixel image's introducer in what xterm was sent: `ESC P … q`.
  private func hasSixel(_ log: String) -> Bool {
    log.contains(/\x{1B}P[0-9;]*q/)
  }

  @Test func autoPicksSixelInXtermAsAVT340AndDrawsThePosterInItsShape() async throws {
    let (shot, log) = try await thumbInXterm(screenshot: "xterm-vt340.png")
    #expect(hasSixel(log))
    try expectPoster(on: shot)
  }

  @Test func insideTmuxWithPassthroughOnTheSixelReachesXterm() async throws {
    let (shot, log) = try await thumbInXterm(
      screenshot: "xterm-tmux-passthrough-on.png", tmuxOptions: ["set -g allow-passthrough on"])
    #expect(hasSixel(log))
    try expectPoster(on: shot)
  }

  @Test func insideTmuxWithPassthroughOffSymbolsInTrueColourAndANoteSayWhy() async throws {
    let (shot, log) = try await thumbInXterm(
      screenshot: "xterm-tmux-passthrough-off.png", tmuxOptions: [])
    #expect(!hasSixel(log))
    // tmux found xterm has 24-bit colour (RGB), so the bands' own colours get through.
    #expect(log.contains("38;2;224;16;16") || log.contains("48;2;224;16;16"))
    #expect(log.contains("allow-passthrough is off"))
    try expectPoster(on: shot)
  }

  @Test func insideTmuxTheDefaultSymbolsComeInTrueColourWhereTheOuterTerminalHasIt() async throws {
    let (shot, log) = try await thumbInXterm(
      screenshot: "xterm-tmux-default.png", tmuxOptions: [], preview: "")
    #expect(!hasSixel(log))
    #expect(log.contains("38;2;224;16;16") || log.contains("48;2;224;16;16"))
    #expect(!log.contains("allow-passthrough"), "the note is for --preview auto")
    try expectPoster(on: shot)
  }
}
