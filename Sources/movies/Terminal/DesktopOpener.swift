import Foundation
import MoviesCore

/// Opens links with `xdg-open`, found on `PATH` when the program starts.
struct DesktopOpener: LinkOpener {
  let program: String

  /// Nil when `xdg-open` is not installed; `open N` then prints links.
  init?(environment: [String: String]) {
    guard let program = Terminal.findProgram("xdg-open", environment: environment) else {
      return nil
    }
    self.program = program
  }

  func open(_ url: URL) async -> Bool {
    guard let pid = try? ChildProcess.spawn([program, url.absoluteString], stdin: nil, quiet: true)
    else { return false }
    return await ChildProcess.exitStatus(of: pid) == 0
  }
}
