import Foundation
import MoviesCore

#if canImport(Glibc)
  import Glibc
#endif

/// `movies`: the command line, the config file and the environment become a ``Launch``,
/// which is run. Everything the run is made of is chosen in ``Startup``, before it.
@main
@MainActor
enum MoviesMain {
  @MainActor static func main() async {
    Allocator.keepGrownMemory()
    let status: Int32
    do {
      let launch = await Startup(
        arguments: Array(CommandLine.arguments.dropFirst()),
        environment: ProcessInfo.processInfo.environment
      ).launch()
      status = await launch.run()
      // A script's session can hold a whole catalogue after `find`: freeing it row by row
      // took a tenth of such a run, and the kernel takes the memory back at once. A prompt's
      // session is freed, so the line editor gives the terminal back as it was.
      if !launch.isInteractive { withExtendedLifetime(launch) { exit(status) } }
    }
    exit(status)
  }
}
