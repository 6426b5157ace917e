// swift-tools-version: 6.0
import PackageDescription

// The commit `movies --version` names: scripts/build-release sets MOVIES_COMMIT from git, and a
// plain `swift build` has none. Passed as a define, nothing in the tree is written, and a new
// commit recompiles one C file. Only letters, digits and '-' reach the C string.
let commit = (Context.environment["MOVIES_COMMIT"] ?? "").filter {
  $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-")
}

let package = Package(
  name: "movies",
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "movies", targets: ["movies"])
  ],
  targets: [
    // The core: model, sources, paging, thumbnails and rendering to strings. No terminal I/O.
    .target(name: "MoviesCore", dependencies: ["CCurlLoader"]),

    // The sources, a folder each (offline, Hoppin, TMDb, Jellyfin, Plex), over the one HTTP
    // client in Shared. They know the core; the core knows only the MovieSource protocol.
    .target(name: "MovieSources", dependencies: ["MoviesCore"]),

    // The watchlist and saved session in SQLite, behind the core's Library protocol.
    .target(name: "MoviesStore", dependencies: ["MoviesCore", "CSQLite"]),

    // The executable owns the terminal: the REPL, line editing, signals, colour and width.
    .executableTarget(
      name: "movies",
      dependencies: [
        "MoviesCore", "MovieSources", "MoviesStore", "CEditLine", "CChafa", "CPNG", "CJPEG",
        "CMalloc", "CBuildInfo",
      ]),

    // What the build knows and the source cannot (the commit), for `--version`.
    .target(name: "CBuildInfo", cSettings: [.define("MOVIES_COMMIT", to: "\"\(commit)\"")]),

    // libcurl, opened on the first transfer: its libraries cost a third of start-up.
    .target(name: "CCurlLoader"),

    // System C libraries, one module each. (CCurl links libcurl; bench/CurlFloor.swift uses it.)
    .systemLibrary(
      name: "CCurl",
      pkgConfig: "libcurl",
      providers: [.apt(["libcurl4-openssl-dev"])]
    ),
    .systemLibrary(
      name: "CEditLine",
      pkgConfig: "libedit",
      providers: [.apt(["libedit-dev"])]
    ),
    // glibc's allocator settings; glibc has no pkg-config file.
    .systemLibrary(name: "CMalloc", providers: [.apt(["libc6-dev"])]),
    .systemLibrary(
      name: "CSQLite",
      pkgConfig: "sqlite3",
      providers: [.apt(["libsqlite3-dev"])]
    ),
    // The poster preview: chafa draws pixels as terminal text; libpng and libjpeg decode.
    .systemLibrary(
      name: "CChafa",
      pkgConfig: "chafa",
      providers: [.apt(["libchafa-dev", "libglib2.0-dev"])]
    ),
    .systemLibrary(
      name: "CPNG",
      pkgConfig: "libpng16",
      providers: [.apt(["libpng-dev"])]
    ),
    .systemLibrary(
      name: "CJPEG",
      pkgConfig: "libjpeg",
      providers: [.apt(["libjpeg62-turbo-dev"])]
    ),

    // Tests. Shared helpers (the local Hoppin server, running the binary) live in TestSupport.
    .target(name: "TestSupport", path: "Tests/TestSupport"),
    .testTarget(
      name: "MoviesCoreTests",
      dependencies: ["MoviesCore", "MovieSources", "MoviesStore", "TestSupport"],
      exclude: ["Fixtures"]),
    .testTarget(
      name: "EndToEndTests",
      dependencies: ["movies", "MoviesCore", "MovieSources", "MoviesStore", "TestSupport"]),
  ],
  swiftLanguageModes: [.v6]
)
