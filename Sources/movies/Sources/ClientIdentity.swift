#if canImport(Glibc)
  import Glibc
#endif

/// This machine as a media server's dashboard lists it: the host name, and an id that is the
/// same on every run for this user here, so the server lists one device, not one per run.
enum ClientIdentity {
  static func hostName() -> String {
    var buffer = [CChar](repeating: 0, count: 256)
    guard gethostname(&buffer, buffer.count - 1) == 0 else { return "unknown" }
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// FNV-1a of the host name and the user id.
  static func deviceID() -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in "\(hostName())/\(getuid())".utf8 {
      hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
    }
    return "movies-" + String(hash, radix: 16)
  }
}
