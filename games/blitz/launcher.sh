# shellcheck shell=sh
# launcher.sh -- sourced by build_contest_bots.sh and build_csharp_bot.sh:
# blitz_build_args SCRIPT "$@" checks the scripts' three arguments SRCDIR
# OUTDIR NAME (usage and exit 2 otherwise) and sets $src, $out and $name;
# blitz_launcher FILE WHAT writes an executable sh launcher FILE that reads
# the referee's "--server URL --key K [--arena ID]" (other arguments
# ignored) into $server, $key and $arena, then runs the lines given on
# standard input (they start the bot from those three). WHAT ends the
# launcher's opening comment. One place for the referee's convention.
blitz_build_args() {
  if [ $# -ne 4 ]; then
    echo "usage: $1 SRCDIR OUTDIR NAME" >&2
    exit 2
  fi
  src=$2
  out=$3
  name=$4
}

blitz_launcher() {
  {
    printf '#!/bin/sh\n# launcher written by %s\n' "$2"
    cat <<'END'
server= key= arena=
while [ $# -gt 0 ]; do
  case "$1" in
    --server) server=$2; shift 2 ;;
    --key) key=$2; shift 2 ;;
    --arena) arena=$2; shift 2 ;;
    *) shift ;;
  esac
done
END
    cat
  } > "$1"
  chmod +x "$1"
}
