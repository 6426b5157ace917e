/// Where a film can be watched in one region, as TMDb has it from JustWatch: the services
/// that stream it in their subscription, rent it or sell it, each a list of names.
public struct WatchProviders: Sendable, Hashable {
  /// The country the lists are for (`US`).
  public var region: String
  /// Services that stream it in their subscription (TMDb's `flatrate`).
  public var stream: [String]
  /// Services that rent it.
  public var rent: [String]
  /// Services that sell it.
  public var buy: [String]
  /// The page that lists them, with a link to each service.
  public var link: String?

  /// The lists for `region`; all empty when it is offered nowhere there.
  public init(
    region: String, stream: [String] = [], rent: [String] = [], buy: [String] = [],
    link: String? = nil
  ) {
    self.region = region
    self.stream = stream
    self.rent = rent
    self.buy = buy
    self.link = link
  }

  /// One line for `show N`: "Stream: Mubi, Netflix; Rent: Apple TV (US, data by JustWatch)".
  public var summary: String {
    let parts = [("Stream", stream), ("Rent", rent), ("Buy", buy)].compactMap { label, names in
      names.isEmpty ? nil : "\(label): \(names.joined(separator: ", "))"
    }
    let place = region.isEmpty ? "" : " in \(region)"
    return parts.isEmpty
      ? "Not offered to stream, rent or buy\(place) (data by JustWatch)"
      : parts.joined(separator: "; ") + " (\(region.isEmpty ? "" : region + ", ")data by JustWatch)"
  }
}
