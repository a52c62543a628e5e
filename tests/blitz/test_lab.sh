#!/bin/sh
# test_lab.sh LAB -- build/blitz-lab plays reproducible games: two runs of
# the same games print the same lines, the forked run (--jobs 2) the same as
# the serial one, --only G the same line as game G of a full run; the
# summary counts every game and gives the mean of our share of the gold;
# a bad argument exits 2 with a message. The contest field (the models of
# brute_force_it, KillerBot, wowblitzawesome) replays the same way.
# (ms_max, a clock reading, is the one field left out of the comparison.)
# --follow: on the trace of a referee game of four miner bots (BLITZ_BOT_SEED
# fixes their random moves: the same game every run), the miner
# policy makes the move made in most states (the bots' 5 % random moves
# differ), the random policy in few; a missing trace exits 1.
# --replay: along the same trace our search as hero 2 prints one line per
# move of hero 2 in [--from, --to] (turns 1, 5, ...), each with the trace's
# move, and a summary of all its 60 moves; twice the same; no trace: exit
# 1; no --hero: exit 2.
# --max-mines 4: the games are played on the boards from --seed whose
# referee board (blitz-referee board) has at most 4 mines, each from every
# seat, and on no other; a bound no board meets exits 1. --min-mines 28
# likewise plays the boards with at least 28 mines.
# --fit-trace: along the same trace, the fit as hero 1 has it at turn 100
# names the three other heroes by the trace's .names file, each fitted a
# miner; a turn the trace never reaches exits 1.
lab=${1:-build/blitz-lab}
referee=${2:-build/blitz-referee}
miner=${3:-build/blitz-miner}
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
# gold_share: the mean of our gold / all gold over the game lines
share=$(echo "$a" | awk '$1 == "game" {s = $12 + $13 + $14 + $15; t += s ? $(12 + $6) / s : 0.25; n++}
  END {printf "%.4f", t / n}')
check gold_share_is_the_mean sh -c "echo '$a' | grep -q 'gold_share=$share '"
check four_game_lines test "$(echo "$a" | grep -c '^game ')" = 4
check every_seat_played test "$(echo "$a" | grep '^game' | awk '{print $6}' | sort | tr -d '\n')" = 0123
cf="--games 4 --seed 7 --turns 60 --nodes 20000 --verbose brute killer wow"
e=$(run $cf)
check contest_field_same_lines test "$e" = "$(run --jobs 2 $cf)"
check contest_field_four_games test "$(echo "$e" | grep -c '^game ')" = 4
check bad_argument_exits_2 sh -c "$lab --games 2 miner miner dragon >/dev/null 2>&1; test \$? = 2"
mm=$(run --games 8 --seed 60000 --max-mines 4 --turns 20 --nodes 2000 --verbose brute killer wow)
mm_seeds=$(echo "$mm" | awk '$1 == "game" {print $4}' | uniq | tr '\n' ' ')
# the seeds of 60000.. whose boards hold at most 4 mines, the first two
few=$("$referee" board $(seq 60000 60030) | awk '/^seed/ {if (s != "" && m <= 4) printf "%s ", s; s = $2; m = 0; next}
  {m += gsub(/\$/, "")} END {if (m <= 4) printf "%s ", s}' | cut -d' ' -f1-2)
check max_mines_boards test "$mm_seeds" = "$few "
check max_mines_every_seat test "$(echo "$mm" | awk '$1 == "game" {print $6}' | tr -d '\n')" = 01230123
big=$(run --games 4 --seed 60000 --min-mines 28 --turns 20 --nodes 2000 --verbose brute killer wow)
big_seed=$(echo "$big" | awk '$1 == "game" {print $4}' | uniq)
# the first seed of 60000.. whose board holds at least 28 mines
first_big=$("$referee" board $(seq 60000 60030) | awk '/^seed/ {if (s != "" && m >= 28) {print s; exit} s = $2; m = 0; next}
  {m += gsub(/\$/, "")}')
check min_mines_board test -n "$big_seed" -a "$big_seed" = "$first_big"
check max_mines_none_exits_1 sh -c "$lab --games 4 --seed 60000 --max-mines 1 brute killer wow >/dev/null 2>&1; test \$? = 1"
trace=$(mktemp) || exit 1
trap 'rm -f "$trace" "$trace.names" "$trace.stderr"' EXIT
BLITZ_BOT_SEED=7 "$referee" match --seed 7 --turns 60 --quiet --trace "$trace" -- "$miner" "$miner" "$miner" "$miner" >/dev/null
rates() { "$lab" --follow "$trace" "$1" | awk '$1 == "follow" && $6 == 60 {print $10}'; }
m=$(rates miner)
r=$(rates random)
check follow_four_heroes test "$(echo "$m" | grep -c .)" = 4
check follow_miner_agrees sh -c "echo '$m' | awk '\$1 < 0.8 {bad = 1} END {exit bad}'"
check follow_random_disagrees sh -c "echo '$r' | awk '\$1 >= 0.5 {bad = 1} END {exit bad}'"
check follow_missing_trace_exits_1 sh -c "$lab --follow /nonexistent/trace miner >/dev/null 2>&1; test \$? = 1"
rp() { "$lab" --replay "$trace" --nodes 5000 "$@"; }
p=$(rp --hero 2 --from 8 --to 20)
check replay_lines_in_range test "$(echo "$p" | grep '^t ' | awk '{print $2}' | tr '\n' ' ')" = "9 13 17 "
check replay_shows_trace_move sh -c "echo '$p' | grep '^t ' | grep -c ' -> [A-Za-z]* .* trace [A-Za-z]*' | grep -qx 3"
check replay_counts_all_moves sh -c "echo '$p' | grep -q '^replay hero 2 moves 60 agree [0-9]* rate '"
check replay_same_twice test "$p" = "$(rp --hero 2 --from 8 --to 20)"
check replay_missing_trace_exits_1 sh -c "$lab --replay /nonexistent/trace --hero 1 >/dev/null 2>&1; test \$? = 1"
check replay_without_hero_exits_2 sh -c "$lab --replay '$trace' >/dev/null 2>&1; test \$? = 2"
printf 'us\nm2\nm3\nm4\n' > "$trace.names"
ft=$("$lab" --fit-trace "$trace" --hero 1 --fit-report 100)
check fit_trace_three_heroes test "$(echo "$ft" | grep -c '^fit trace turn 100 hero [234] m[234]: goal ')" = 3
check fit_trace_miners_fitted test "$(echo "$ft" | grep -c ': goal mine ')" = 3
check fit_trace_turn_never_comes_exits_1 sh -c "$lab --fit-trace '$trace' --hero 1 --fit-report 100000 >/dev/null 2>&1; test \$? = 1"
echo "$((26 - fail)) passed, $fail failed"
test $fail = 0
