import Foundation
import TestSupport
import Testing

@testable import movies

/// The decoders stop when the budget says so: past its CPU time, or once cancelled (Ctrl-C).
@Suite(.timeLimit(.minutes(2))) struct DecodeBudgetTests {
  private func bomb(_ script: String, _ name: String) throws -> (Data, URL) {
    let folder = try TestPaths.makeTemporaryFolder()
    let file = folder.appendingPathComponent(name)
    try ImageBombTests.makeBomb(script, at: file)
    return (try Data(contentsOf: file), folder)
  }

  @Test func aJPEGPastItsCPUTimeStopsAndSaysSo() throws {
    let (data, folder) = try bomb(ImageBombTests.jpegBomb, "bomb.jpg")
    defer { try? FileManager.default.removeItem(at: folder) }
    // 300 scans of 250,000 blocks take far more than a millisecond.
    let error = #expect(throws: ImageDecodingError.self) {
      try JPEGDecoder.decode(data, budget: DecodeBudget(limit: .milliseconds(1)))
    }
    guard case .tooSlow(.jpeg, _) = error else {
      Issue.record("\(String(describing: error))")
      return
    }
    #expect(error?.message.contains("takes more than 1 ms of CPU to decode") == true)
  }

  @Test(arguments: ["png", "jpg"])
  func aCancelledBudgetStopsTheDecode(fileExtension: String) throws {
    let (data, folder) = try bomb(
      fileExtension == "png" ? ImageBombTests.pngBomb : ImageBombTests.jpegBomb,
      "bomb." + fileExtension)
    defer { try? FileManager.default.removeItem(at: folder) }
    let budget = DecodeBudget()
    budget.cancel()
    let error = #expect(throws: ImageDecodingError.self) {
      fileExtension == "png"
        ? try PNGDecoder.decode(data, budget: budget)
        : try JPEGDecoder.decode(data, budget: budget)
    }
    guard case .cancelled = error else {
      Issue.record("\(String(describing: error))")
      return
    }
    #expect(error?.code == .cancelled)
  }
}
