#!/bin/sh
# test_lab.sh LAB -- build/blitz-lab plays reproducible games: two runs of
# the same games print the same lines, the forked run (--jobs 2) the same as
# the serial one, --only G the same line as game G of a full run; the
# summary counts every game; a bad argument exits 2 with a message.
# (ms_max, a clock reading, is the one field left out of the comparison.)
lab=${1:-build/blitz-lab}
args="--games 4 --seed 7 --turns 60 --nodes 20000 --verbose miner miner hunter"
fail=0
check() { # name condition...
  name=$1; shift
  if "$@"; then echo "ok   $name"; else echo "FAIL $name"; fail=$((fail + 1)); fi
}
run() { "$lab" "$@" | sed 's/ ms_max[= ][0-9.]*//'; }
a=$(run $args) || { echo "FAIL lab exited $?"; echo "0 passed, 1 failed"; exit 1; }
b=$(run $args)
c=$(run --jobs 2 $args)
d=$(run --only 2 $args | grep '^game')
check same_games_same_lines test "$a" = "$b"
check forked_run_same_lines test "$a" = "$c"
check only_replays_game test "$d" = "$(echo "$a" | grep '^game 2 ')"
check summary_counts_games sh -c "echo '$a' | grep -q '^lab blitz games=4 first=[0-4] '"
check four_game_lines test "$(echo "$a" | grep -c '^game ')" = 4
check every_seat_played test "$(echo "$a" | grep '^game' | awk '{print $6}' | sort | tr -d '\n')" = 0123
check bad_argument_exits_2 sh -c "$lab --games 2 miner miner dragon >/dev/null 2>&1; test \$? = 2"
echo "$((7 - fail)) passed, $fail failed"
test $fail = 0
