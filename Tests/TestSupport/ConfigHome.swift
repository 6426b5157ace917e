import Foundation

/// A temporary `XDG_CONFIG_HOME` holding `movies/config`, for runs that read a config file.
public struct ConfigHome {
  /// The folder, for `XDG_CONFIG_HOME`.
  public let folder: URL
  /// The config file in it.
  public var file: URL { folder.appendingPathComponent("movies/config") }
  /// `XDG_CONFIG_HOME` naming the folder.
  public var environment: [String: String] { ["XDG_CONFIG_HOME": folder.path] }

  /// A new folder whose config file holds `bytes`; `mode` sets the file's permissions
  /// (`0o644`: others can read it), else it has the umask's.
  public init(bytes: Data, mode: Int? = nil) throws {
    folder = try TestPaths.makeTemporaryFolder()
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try bytes.write(to: file)
    if let mode { try setMode(mode) }
  }

  /// A new folder whose config file holds `text` (see ``init(bytes:mode:)``).
  public init(_ text: String, mode: Int? = nil) throws {
    try self.init(bytes: Data(text.utf8), mode: mode)
  }

  /// Replaces the config file's text.
  public func write(_ text: String) throws {
    try Data(text.utf8).write(to: file)
  }

  /// Sets the config file's permissions.
  public func setMode(_ mode: Int) throws {
    try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: file.path)
  }

  /// Removes the folder and everything in it.
  public func remove() {
    try? FileManager.default.removeItem(at: folder)
  }
}
