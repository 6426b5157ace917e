import Foundation
import TestSupport
import Testing

/// docs/architecture.md names types and files in backticks; each must exist, so the page
/// cannot drift from the code the way a hand-kept list of files did.
@Suite(.timeLimit(.minutes(1))) struct ArchitectureDocTests {
  /// Names the page takes from outside the project: Swift's own types.
  private static let external: Set<String> = ["AsyncStream", "Mutex"]

  @Test func everyTypeAndFileItNamesExists() throws {
    let root = TestPaths.packageRoot
    let page = try String(
      contentsOf: root.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
    let files = Self.files(under: root, in: ["Sources", "Tests", "scripts"])
    let declared = try Self.declaredTypes(
      in: files.filter { $0.hasSuffix(".swift") }.map {
        try String(contentsOf: root.appendingPathComponent($0), encoding: .utf8)
      })
    // Targets are named in the package.
    let package = try String(
      contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
    let named = Self.spans(in: page)
    var checked = 0
    for name in named {
      if name.contains("/") || name.hasSuffix(".swift") {
        checked += 1
        // A path from the top, or a file or folder named inside the one it is about.
        let exists =
          FileManager.default.fileExists(atPath: root.appendingPathComponent(name).path)
          || files.contains { ($0 + "/").contains("/" + name) }
        #expect(exists, "docs/architecture.md names \(name), which is not in the repository")
      } else if let type = Self.typeName(name), !Self.external.contains(type) {
        checked += 1
        let exists = declared.contains(type) || package.contains("name: \"\(type)\"")
        #expect(exists, "docs/architecture.md names \(name), but no \(type) is declared")
      }
    }
    #expect(checked > 50, "the page names types and files: \(checked) checked")
  }

  /// The type a span names (`Browser`, `CommandSpec.all`, `Browser.find(_:)`); nil for
  /// anything else (a command, a flag, a constant in capitals).
  static func typeName(_ span: String) -> String? {
    let type = String(span.prefix { $0.isLetter || $0.isNumber })
    guard let first = type.first, first.isUppercase, type.contains(where: \.isLowercase),
      span.dropFirst(type.count).first.map({ $0 == "." || $0 == "(" }) ?? true
    else { return nil }
    return type
  }

  /// Every type the sources declare or extend.
  static func declaredTypes(in sources: [String]) throws -> Set<String> {
    let declaration = try NSRegularExpression(
      pattern: "(?:struct|enum|class|actor|protocol|typealias|extension)\\s+([A-Z][A-Za-z0-9]*)")
    var names: Set<String> = []
    for source in sources {
      let text = source as NSString
      for match in declaration.matches(in: source, range: NSRange(location: 0, length: text.length))
      {
        names.insert(text.substring(with: match.range(at: 1)))
      }
    }
    return names
  }

  /// The text between each pair of backticks.
  static func spans(in text: String) -> [String] {
    text.split(separator: "`", omittingEmptySubsequences: false).enumerated()
      .filter { $0.offset % 2 == 1 }.map { String($0.element) }
  }

  static func files(under root: URL, in folders: [String]) -> [String] {
    folders.flatMap { folder in
      (FileManager.default.subpaths(atPath: root.appendingPathComponent(folder).path) ?? [])
        .map { folder + "/" + $0 }
    }
  }
}
