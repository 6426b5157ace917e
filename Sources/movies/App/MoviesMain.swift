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
    let startup = Startup(
      arguments: Array(CommandLine.arguments.dropFirst()),
      environment: ProcessInfo.processInfo.environment)
    exit(await startup.launch().run())
  }
}
