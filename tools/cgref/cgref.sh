#!/bin/sh
# cgref.sh -- installed as build/cgref-referee by tools/cgref/cgref.mk: runs
# cgref, the official CodinGame referee runner (tools/cgref/src/cgref/Main.java),
# on the SDK stand-ins compiled next to it (build/cgref/sdk). Arguments go
# to cgref unchanged: `match --referee DIR [...] -- CMD0 CMD1`.
# JVM options: one GC thread and quick start-up, one game a process.
here=$(dirname "$0")
exec java -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -Xshare:auto -cp "$here/cgref/sdk" cgref.Main "$@"
