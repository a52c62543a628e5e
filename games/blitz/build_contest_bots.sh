#!/bin/sh
# build_contest_bots.sh -- builds one public Java bot of the 2016 Coveo Blitz
# (a Maven project whose com.coveo.blitz.client.Main takes KEY URL GAMEID)
# from a checkout YOU give, against Debian's jars, and writes a launcher that
# seats it in our referee/arena. Fetches nothing; writes only under OUTDIR.
#
#   games/blitz/build_contest_bots.sh SRCDIR OUTDIR NAME
#
#   SRCDIR  a checkout of the bot (holds src/main/java), e.g. of
#           coveoblitz2016/brute_force_it or LamotheBlitz2016/CoveoBlitz2016
#   OUTDIR  where to build (outside this repository: never commit their code)
#   NAME    launcher name: OUTDIR/NAME and classes in OUTDIR/NAME.classes
#
# Needs javac (Java 11+) and: apt-get install -y libgoogle-http-client-java
#   liblog4j2-java libguava-java libhttpclient-java libjsr305-java
# The launcher turns the referee's "--server URL --key K --arena ID" into the
# bot's "K URL/api/arena ID" (training when no --arena), logs at WARN to
# stderr with our own log4j2 configuration (theirs writes logs/app.log into
# the working directory), and runs the JVM with a small heap. Then:
#   ./arena.py blitz --games 12 --jobs 1 dist OUTDIR/brute OUTDIR/killer miner
set -eu
# shellcheck source=games/blitz/launcher.sh
. "$(dirname "$0")/launcher.sh"
blitz_build_args "$0" "$@"
jars=/usr/share/java
[ -d "$src/src/main/java" ] || { echo "$0: no $src/src/main/java" >&2; exit 1; }
command -v javac >/dev/null || { echo "$0: javac not found (apt-get install -y default-jdk-headless)" >&2; exit 1; }
cp=
for j in google-http-client google-http-client-gson gson log4j-api log4j-core guava httpclient httpcore \
         jsr305 commons-logging commons-codec opencensus-api opencensus-contrib-http-util grpc-context; do
  if [ -f "$jars/$j.jar" ]; then cp="$cp:$jars/$j.jar"
  else echo "$0: missing $jars/$j.jar (see the apt-get line in this script)" >&2; exit 1; fi
done
cp=${cp#:}
mkdir -p "$out"
out=$(cd "$out" && pwd)
rm -rf "$out/$name.classes"
mkdir -p "$out/$name.classes"
find "$src/src/main/java" -name '*.java' > "$out/$name.sources"
javac -nowarn -encoding UTF-8 -d "$out/$name.classes" -cp "$cp" @"$out/$name.sources" 2>&1 | grep -v '^Note:' >&2 || true
[ -f "$out/$name.classes/com/coveo/blitz/client/Main.class" ] || { echo "$0: build failed" >&2; exit 1; }
cat > "$out/$name.log4j2.xml" <<'EOF'
<?xml version="1.0" encoding="UTF-8"?>
<Configuration status="WARN">
  <Appenders><Console name="err" target="SYSTEM_ERR"><PatternLayout pattern="%level %msg%n"/></Console></Appenders>
  <Loggers><Root level="warn"><AppenderRef ref="err"/></Root></Loggers>
</Configuration>
EOF
blitz_launcher "$out/$name" "build_contest_bots.sh: referee arguments -> KEY URL GAMEID" <<EOF
if [ -n "\$arena" ]; then url="\$server/api/arena"; else url="\$server/api/training"; fi
exec java -Xmx256m -XX:+UseSerialGC -Dlog4j2.configurationFile="$out/$name.log4j2.xml" \\
  -cp "$out/$name.classes:$cp" com.coveo.blitz.client.Main "\$key" "\$url" "\$arena"
EOF
echo "built $out/$name"
