import Foundation

/// Hands a movie's link to the desktop (`xdg-open`), for `open N`. The executable provides
/// it; without one, `open N` prints the link.
public protocol LinkOpener: Sendable {
  /// Opens the address; false when it could not be handed over.
  func open(_ url: URL) async -> Bool
}
