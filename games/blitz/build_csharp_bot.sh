#!/bin/sh
# build_csharp_bot.sh -- builds one public C# bot of the 2016 Coveo Blitz
# (the contest's C# starter kit: csharp-client/MyBot.csproj, whose Main takes
# KEY training|arena [GAMEID] and hard-codes the contest server's URL) from a
# checkout YOU give, with Debian's mono, and writes a launcher that seats it
# in our referee/arena. Fetches nothing; writes only under OUTDIR.
#
#   games/blitz/build_csharp_bot.sh SRCDIR OUTDIR NAME
#
#   SRCDIR  a checkout of the bot (holds csharp-client/MyBot.csproj, or is
#           that folder): coveoblitz2016/wowblitzawesome (BestBot: Dijkstra
#           to the cheapest mine or tavern; steps at a weaker hero two
#           cells away).
#           maperr/blitz2016 builds too but cannot play here unchanged: its
#           runner opens the game in a browser (Process.Start of the view
#           URL, fatal without one) and its TestBot loops on its own
#           IndexOutOfRangeException at the board's edge (never answers).
#   OUTDIR  where to build (outside this repository: never commit their code)
#   NAME    launcher name: OUTDIR/NAME, assembly OUTDIR/NAME.exe, the one
#           adapted source file in OUTDIR/NAME.src/
#
# Needs: apt-get install -y mono-mcs mono-devel
# The bots parse JSON with .NET's own DataContractJsonSerializer
# (System.Runtime.Serialization, part of mono-devel): no NuGet package.
# Compiles exactly the csproj's <Compile Include> list with mcs against the
# csproj's <Reference Include> assemblies. One source change, in a copy of
# Program.cs: the literal server URL becomes
#   Environment.GetEnvironmentVariable("BLITZ_SERVER") ?? <the literal>
# (nothing else is touched; the strategy is theirs). The launcher turns the
# referee's "--server URL --key K --arena ID" into BLITZ_SERVER=URL and the
# bot's "K arena ID" (URL/api/arena), or "K training" (URL/api/training)
# when no --arena, with stdin from /dev/null (their Main ends in
# Console.Read()). Then:
#   ./arena.py blitz --games 12 --jobs 1 dist OUTDIR/brute OUTDIR/NAME hunter
set -eu
# shellcheck source=games/blitz/launcher.sh
. "$(dirname "$0")/launcher.sh"
blitz_build_args "$0" "$@"
if [ -f "$src/csharp-client/MyBot.csproj" ]; then src=$src/csharp-client
elif [ ! -f "$src/MyBot.csproj" ]; then
  echo "$0: no $src/csharp-client/MyBot.csproj" >&2; exit 1
fi
command -v mcs >/dev/null || { echo "$0: mcs not found (apt-get install -y mono-mcs mono-devel)" >&2; exit 1; }
command -v mono >/dev/null || { echo "$0: mono not found (apt-get install -y mono-mcs mono-devel)" >&2; exit 1; }
src=$(cd "$src" && pwd)
mkdir -p "$out"
out=$(cd "$out" && pwd)
rm -rf "$out/$name.src" "$out/$name.exe"
mkdir -p "$out/$name.src"

# the csproj's lists, Windows paths made POSIX, CRs dropped
compiles=$(tr -d '\r' < "$src/MyBot.csproj" | sed -n 's/.*<Compile Include="\([^"]*\)".*/\1/p' | tr '\134' '/')
refs=$(tr -d '\r' < "$src/MyBot.csproj" | sed -n 's/.*<Reference Include="\([^",]*\)[",].*/\1/p')
[ -n "$compiles" ] || { echo "$0: no <Compile Include> in $src/MyBot.csproj" >&2; exit 1; }

# the one change: the server URL from the environment (the literal stays the default)
pat='\(string serverURL = \)\("http[^"]*"\);'
n=$(grep -c "$pat" "$src/Program.cs" || true)
[ "$n" = 1 ] || { echo "$0: expected one 'string serverURL = \"http...\";' in Program.cs, found $n" >&2; exit 1; }
sed "s|$pat|\1System.Environment.GetEnvironmentVariable(\"BLITZ_SERVER\") ?? \2;|" \
  "$src/Program.cs" > "$out/$name.src/Program.cs"

: > "$out/$name.sources"
for f in $compiles; do
  if [ "$f" = Program.cs ]; then echo "$out/$name.src/Program.cs" >> "$out/$name.sources"
  elif [ -f "$src/$f" ]; then echo "$src/$f" >> "$out/$name.sources"
  else echo "$0: the csproj lists $f, which $src lacks" >&2; exit 1; fi
done
rargs=
for r in $refs; do rargs="$rargs -r:$r.dll"; done
# shellcheck disable=SC2086 # word splitting of the reference list is meant
mcs -nologo -warn:0 -sdk:4.5 -target:exe -optimize+ \
  -out:"$out/$name.exe" $rargs @"$out/$name.sources" >&2 \
  || { echo "$0: build failed" >&2; exit 1; }
[ -f "$out/$name.exe" ] || { echo "$0: build failed" >&2; exit 1; }

blitz_launcher "$out/$name" "build_csharp_bot.sh: referee arguments -> BLITZ_SERVER=URL KEY arena GAMEID" <<EOF
BLITZ_SERVER=\$server
export BLITZ_SERVER
if [ -n "\$arena" ]; then
  exec mono "$out/$name.exe" "\$key" arena "\$arena" </dev/null
else
  exec mono "$out/$name.exe" "\$key" training </dev/null
fi
EOF
echo "built $out/$name"
