# bash completion for movies(1): its flags and their values.
# Tests/EndToEndTests/DeclarationTests.swift holds it to the flags and commands declared in
# Sources/movies/App/Setting+Table.swift and Sources/MoviesCore/Commands/CommandSpec+Table.swift.
_movies() {
  local cur prev
  cur="${COMP_WORDS[COMP_CWORD]}"
  prev="${COMP_WORDS[COMP_CWORD-1]}"
  case "$prev" in
    --order)
      COMPREPLY=($(compgen -W "newest oldest rating title popular added releasedateasc releasedatedesc ratingdesc ratingasc titleasc popularitydesc dateaddeddesc" -- "$cur"))
      return ;;
    --source)
      COMPREPLY=($(compgen -W "offline hoppin tmdb jellyfin" -- "$cur"))
      return ;;
    --color)
      COMPREPLY=($(compgen -W "auto always never" -- "$cur"))
      return ;;
    --preview)
      COMPREPLY=($(compgen -W "symbols kitty iterm sixel auto" -- "$cur"))
      return ;;
    --download-dir|--cache-dir)
      COMPREPLY=($(compgen -d -- "$cur"))
      return ;;
    -f|--config)
      COMPREPLY=($(compgen -f -- "$cur"))
      return ;;
    -c)
      # The command to run: its name, such as 'find godfather' or 'pick'.
      COMPREPLY=($(compgen -W "more skip list show thumb genre order genres find pick open play watch unwatch watchlist resume help quit exit" -- "$cur"))
      return ;;
    --api|--count|--genre|--retries|--timeout|--language|--region|--jellyfin-user)
      return ;;
  esac
  local flags="--source --api --jellyfin-user --language --region --count --order --genre --download-dir --cache-dir --color --no-color"
  flags+=" --json --no-pager --retries --timeout --no-prefetch --preview --no-preview"
  flags+=" --resume -c -f --stop-on-error --offline --no-config --config -h --help --version"
  COMPREPLY=($(compgen -W "$flags" -- "$cur"))
}
complete -F _movies movies
