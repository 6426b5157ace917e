#!/bin/sh
# Installs movies from this folder under a prefix: the binary, the offline catalogue, the man
# page and the bash, zsh and fish completions, each where its shell looks under the prefix.
#
#   ./install.sh [--prefix DIR]     (default: /usr/local)
#
# The binary needs no Swift: only libedit, libcurl, SQLite, chafa, libpng, libjpeg-turbo and
# glibc (on Debian and Ubuntu: apt install libedit2 libcurl4 libsqlite3-0 libchafa0
# libpng16-16 libjpeg62-turbo); mpv plays films and fzf drives 'pick'.
set -eu

prefix=/usr/local
while [ $# -gt 0 ]; do
  case "$1" in
    --prefix)
      [ $# -ge 2 ] || { echo "install.sh: --prefix needs a folder" >&2; exit 2; }
      prefix=$2
      shift 2
      ;;
    --prefix=*) prefix=${1#--prefix=}; shift ;;
    -h | --help) sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "install.sh: unknown option '$1'; usage: ./install.sh [--prefix DIR]" >&2; exit 2 ;;
  esac
done
[ -n "$prefix" ] || { echo "install.sh: --prefix needs a folder" >&2; exit 2; }
case "$prefix" in /*) ;; *) prefix="$PWD/$prefix" ;; esac

cd "$(dirname "$0")"
mkdir -p "$prefix"
# The binary is removed first, so a running movies keeps its copy; the catalogue is replaced
# whole, so no poster of an older one is left.
rm -f "$prefix/bin/movies"
rm -rf "$prefix/share/movies/sample-data"
cp -R bin share "$prefix/"
echo "install.sh: movies is in $prefix/bin; 'man movies' documents it."
