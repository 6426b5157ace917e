extension PlayChoices {
  /// These choices, with `defaults`' tracks (the settings') where these name none.
  func merging(_ defaults: PlayChoices) -> PlayChoices {
    PlayChoices(
      start: start, audio: audio ?? defaults.audio, subtitles: subtitles ?? defaults.subtitles)
  }
}

extension CommandContext {
  /// Gives `stream` the tracks `choices` name. Where the server lists the film's tracks, a
  /// language becomes the number of the track in it (mpv 0.35 matches `--alang=ja` only to
  /// a track that says `ja`, not `jpn`), and an external subtitle track is fetched (with
  /// the credential in a header) for the player to load. A language no track is in is a
  /// warning and left to the player; a number past the last is an error.
  func chooseTracks(
    for stream: inout StreamRequest, of movie: Movie, row: RowLabel, _ choices: PlayChoices,
    from listing: (any TrackListing)?
  ) async throws -> [String] {
    stream.audio = choices.audio
    stream.subtitles = choices.subtitles
    let chosen = [(MediaTrack.Kind.audio, choices.audio), (.subtitles, choices.subtitles)]
      .compactMap { kind, choice in choice.flatMap { $0 == .off ? nil : (kind, $0) } }
    guard !chosen.isEmpty, let listing else { return [] }
    let tracks: MediaTracks
    do {
      tracks = try await listing.tracks(of: movie)
    } catch is CancellationError {
      throw CancellationError()
    } catch {
      return [ErrorDescriber.plain.message(for: error)]
    }
    var warnings: [String] = []
    for (kind, choice) in chosen {
      guard let (number, track) = tracks.find(choice, kind) else {
        if case .number(let number) = choice {
          throw PlayError.noSuchTrack(
            row: row, kind: kind, number: number, count: tracks[kind].count)
        }
        warnings.append(PlayError.noTrackIn(row: row, kind: kind, choice.description).message)
        continue
      }
      guard kind == .subtitles else {
        stream.audio = .number(number)
        continue
      }
      stream.subtitles = .number(number)
      guard track.isExternal else { continue }
      do {
        stream.subtitleFile = StreamRequest.SubtitleFile(
          data: try await listing.subtitleFile(track), format: track.codec)
        // mpv numbers the one file it is given after the film's own subtitles.
        stream.subtitles = .number(tracks.subtitles.filter { !$0.isExternal }.count + 1)
      } catch is CancellationError {
        throw CancellationError()
      } catch {
        stream.subtitles = nil
        warnings.append(ErrorDescriber.plain.message(for: error))
      }
    }
    return warnings
  }
}
