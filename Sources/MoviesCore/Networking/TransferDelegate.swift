import Dispatch
import Foundation
import Synchronization

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The one delegate of the process's `URLSession`: it streams each task's body into memory
/// under a cap, enforces each task's deadline and redirect rules, and hands the result to the
/// task's waiting continuation.
///
/// URLSession calls a single session-level delegate for every task, so the per-task state
/// lives in one table keyed by task identifier, behind a `Mutex`. Each entry is removed
/// exactly once, by whichever comes first (completion, the cap, the deadline, a bad redirect,
/// cancellation), and only that one resumes the continuation.
final class TransferDelegate: NSObject, URLSessionDataDelegate, Sendable {
  typealias Outcome = Result<(Data, HTTPURLResponse?), TransferFailure>

  private struct Transfer {
    let limits: TransferLimits
    let task: URLSessionTask
    let finish: @Sendable (Outcome) -> Void
    var body = Data()
    var redirects = 0
    var timer: Task<Void, Never>?
  }

  private let transfers = Mutex<[Int: Transfer]>([:])

  /// Registers a task before it is resumed; `finish` is called exactly once.
  func register(
    _ task: URLSessionTask, limits: TransferLimits,
    finish: @escaping @Sendable (Outcome) -> Void
  ) {
    let id = task.taskIdentifier
    // The deadline covers the request as a whole: URLSession's own request timeout on Linux is
    // only an idle timer, and its resource timeout is not enforced.
    let timer = Task { [weak self] in
      guard (try? await Task.sleep(for: limits.deadline)) != nil else { return }
      self?.end(id, with: .failure(.deadlineExceeded(limits.deadline)))
    }
    transfers.withLock {
      $0[id] = Transfer(limits: limits, task: task, finish: finish, timer: timer)
    }
  }

  /// Ends a transfer early (the cap, the deadline, a bad redirect, cancellation) without
  /// waiting for URLSession.
  func end(_ id: Int, with outcome: Outcome) {
    guard let transfer = transfers.withLock({ $0.removeValue(forKey: id) }) else { return }
    transfer.timer?.cancel()
    transfer.finish(outcome)
    // On Linux, URLSessionTask.cancel() waits synchronously for the session's work queue,
    // and when the cap ends a transfer from inside a delegate callback that queue can be
    // waiting on this very thread: the process hung about once in 20 capped downloads.
    // Cancelling from another thread breaks that cycle.
    let task = transfer.task
    DispatchQueue.global().async { task.cancel() }
  }

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data
  ) {
    let id = dataTask.taskIdentifier
    let overLimit: Int? = transfers.withLock { table in
      // Only scalars are read out: a copy of the entry would share the body's storage and
      // make the append below copy the whole body on every chunk.
      guard let limit = table[id]?.limits.maxBytes, let received = table[id]?.body.count else {
        return nil
      }
      // Checked before appending, so a hostile body never takes more than the cap in memory.
      guard received + data.count <= limit else { return limit }
      table[id]?.body.append(data)
      return nil
    }
    if let overLimit { end(id, with: .failure(.tooLarge(limit: overLimit))) }
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask,
    willPerformHTTPRedirection response: HTTPURLResponse,
    newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
  ) {
    let id = task.taskIdentifier
    let scheme = request.url?.scheme?.lowercased()
    let failure: TransferFailure? = transfers.withLock { table in
      guard var transfer = table[id] else { return nil }
      guard scheme == "http" || scheme == "https" else {
        return .redirectToOtherScheme(request.url?.absoluteString ?? "")
      }
      transfer.redirects += 1
      table[id] = transfer
      let limit = transfer.limits.maxRedirects
      return transfer.redirects > limit ? .tooManyRedirects(limit: limit) : nil
    }
    if let failure {
      completionHandler(nil)
      end(id, with: .failure(failure))
    } else {
      completionHandler(request)
    }
  }

  func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
    let id = task.taskIdentifier
    guard let transfer = transfers.withLock({ $0.removeValue(forKey: id) }) else { return }
    transfer.timer?.cancel()
    if let error {
      let urlError = error as? URLError ?? URLError(.unknown)
      transfer.finish(.failure(.transport(urlError)))
    } else {
      transfer.finish(.success((transfer.body, task.response as? HTTPURLResponse)))
    }
  }
}
