import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// What a process has running or open, read from `/proc`, for tests that check a command
/// left nothing behind: its children, and the TCP sockets it listens on (a relay).
public enum ProcessLeftovers {
  /// The PIDs whose parent is `pid` and that are not zombies already reaped by nobody.
  public static func children(of pid: pid_t) -> [pid_t] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return names.compactMap { pid_t($0) }.filter { child in
      guard let stat = try? String(contentsOfFile: "/proc/\(child)/stat", encoding: .utf8),
        let after = stat.range(of: ")", options: .backwards)
      else { return false }
      // After the command's name: state, then the parent's PID.
      let fields = stat[after.upperBound...].split(separator: " ")
      return fields.count > 1 && fields[0] != "Z" && pid_t(fields[1]) == pid
    }
  }

  /// The local ports of the TCP sockets `pid` holds open in the listening state.
  public static func listeningPorts(of pid: pid_t) -> [Int] {
    let links = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")) ?? []
    let inodes = Set(
      links.compactMap { name -> String? in
        guard
          let target = try? FileManager.default.destinationOfSymbolicLink(
            atPath: "/proc/\(pid)/fd/\(name)"),
          target.hasPrefix("socket:[")
        else { return nil }
        return String(target.dropFirst(8).dropLast())
      })
    var ports: [Int] = []
    for table in ["/proc/\(pid)/net/tcp", "/proc/\(pid)/net/tcp6"] {
      let text = (try? String(contentsOfFile: table, encoding: .utf8)) ?? ""
      for line in text.split(separator: "\n").dropFirst() {
        let fields = line.split(separator: " ")
        // sl, local address, remote address, state (0A: listening), …, inode (the tenth).
        guard fields.count > 9, fields[3] == "0A", inodes.contains(String(fields[9])),
          let port = fields[1].split(separator: ":").last.flatMap({ Int($0, radix: 16) })
        else { continue }
        ports.append(port)
      }
    }
    return ports
  }
}
