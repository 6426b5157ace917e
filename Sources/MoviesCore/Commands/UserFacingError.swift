/// An error that can explain itself to the user in one plain sentence.
public protocol UserFacingError: Error {
  var message: String { get }
}

extension MoviePageParser.Error: UserFacingError {}
extension HoppinClient.Error: UserFacingError {}
extension OfflineCatalogue.Error: UserFacingError {}
extension ThumbnailStore.Error: UserFacingError {}
extension ThumbnailPipeline.Error: UserFacingError {}
extension DiskCache.Error: UserFacingError {}
extension Browser.Error: UserFacingError {}
extension Command.ParseError: UserFacingError {}
extension MovieSearch.Error: UserFacingError {}
extension CommandRunner.Error: UserFacingError {}
extension HoppinGenres.Error: UserFacingError {}
extension GenreListParser.Error: UserFacingError {}
extension LibraryError: UserFacingError {}

extension Error {
  /// The sentence to show the user.
  public var userMessage: String {
    if let error = self as? any UserFacingError { return error.message }
    if self is CancellationError { return "Cancelled; nothing was changed." }
    return "Unexpected error: \(self). Please report it."
  }
}
