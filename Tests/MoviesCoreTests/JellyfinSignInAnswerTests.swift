import Foundation
import Testing

@testable import MovieSources

/// What a Jellyfin sign-in sends and reads, without a server: the header without a token,
/// and the token and user taken only from a sound `AuthenticationResult`.
@Suite(.timeLimit(.minutes(1))) struct JellyfinSignInAnswerTests {
  @Test func theSignInHeaderDescribesTheClientAndCarriesNoToken() {
    let header = JellyfinAuthorization.signingIn(
      device: "host\"name", deviceID: "movies-1", version: "0.1.0"
    ).headerValue
    #expect(
      header
        == "MediaBrowser Client=\"movies\", Device=\"hostname\", DeviceId=\"movies-1\", "
        + "Version=\"0.1.0\"")
    #expect(!header.contains("Token"))
  }

  @Test func theTokenAndUserComeFromASoundAnswerOnly() {
    let sound = Data(
      #"{"User":{"Name":"alice","Id":"53c1"},"SessionInfo":{},"AccessToken":"ab12","ServerId":"s"}"#
        .utf8)
    #expect(
      JellyfinClient.signedIn(sound)
        == JellyfinClient.SignedIn(token: "ab12", userID: "53c1", userName: "alice"))
    for unsound in [
      #"{"User":{"Name":"alice","Id":"53c1"}}"#,
      #"{"User":{"Name":"alice"},"AccessToken":"ab12"}"#,
      #"{"User":{"Id":"53c1"},"AccessToken":""}"#,
      #"{"User":"alice","AccessToken":"ab12"}"#,
      #"{"User":{"Id":7},"AccessToken":"ab12"}"#,
      "Error processing request.", "",
    ] {
      #expect(JellyfinClient.signedIn(Data(unsound.utf8)) == nil, "\(unsound)")
    }
  }
}
