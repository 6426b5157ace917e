// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "movies",
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "movies", targets: ["movies"])
  ],
  targets: [
    // The core: model, sources, paging, thumbnails and rendering to strings. No terminal I/O.
    .target(name: "MoviesCore"),

    // The executable owns the terminal: the REPL, line editing, signals, colour and width.
    .executableTarget(name: "movies", dependencies: ["MoviesCore", "CEditLine"]),

    // System C libraries, one module each.
    .systemLibrary(
      name: "CEditLine",
      pkgConfig: "libedit",
      providers: [.apt(["libedit-dev"])]
    ),

    // Tests. Shared helpers (the local Hoppin server, running the binary) live in TestSupport.
    .target(name: "TestSupport", path: "Tests/TestSupport"),
    .testTarget(
      name: "MoviesCoreTests", dependencies: ["MoviesCore", "TestSupport"], exclude: ["Fixtures"]),
    .testTarget(name: "EndToEndTests", dependencies: ["movies", "TestSupport"]),
  ],
  swiftLanguageModes: [.v6]
)
