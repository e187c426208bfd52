#!/bin/sh
# Measures the review game picker on a 10,000-game file: time from Enter to the first list on
# screen, time until the whole file is scanned, the peak resident memory then, and the time to
# open the last game. Needs tmux. Usage: scripts/picker_bench.sh [target/release/kibitzer]
set -eu
BIN=$(realpath "${1:-target/release/kibitzer}")
DATA=$(realpath "$(dirname "$0")/../../shared/data/pgn")
WORK=$(mktemp -d)
FILE=$WORK/games10k.pgn
# 15 copies of the shared collections, cut at the 10,001st game.
for i in $(seq 15); do
    for f in "$DATA"/*.pgn "$DATA"/dirty/*.pgn; do cat "$f"; printf '\n\n'; done
done | awk '/^\[Event /{n++} n>10000{exit} {print}' > "$FILE"
echo "file: $(grep -c '^\[Event ' "$FILE") games, $(wc -c < "$FILE") bytes"
S=kzbench$$
tmux -L $S -f /dev/null new-session -d -x 120 -y 40 -s t env TERM=xterm-256color sh
screen() { tmux -L $S capture-pane -p -t t; }
ms() { echo $(( ($(date +%s%N) - $1) / 1000000 )); }
tmux -L $S send-keys -t t "KIBITZER_CONFIG_DIR=$WORK/c KIBITZER_DATA_DIR=$WORK/d $BIN review $FILE --depth 1"
start=$(date +%s%N)
tmux -L $S send-keys -t t Enter
until screen | grep -q '^│> *1 '; do sleep 0.005; done
echo "first screen: $(ms "$start") ms"
until screen | grep -q '10000 games'; do sleep 0.02; done
echo "whole file scanned: $(ms "$start") ms"
PID=$(pgrep -f "$BIN review $FILE" | head -1)
grep VmHWM "/proc/$PID/status"
tmux -L $S send-keys -t t End
sleep 0.3
start=$(date +%s%N)
tmux -L $S send-keys -t t Enter
until screen | grep -q 'analys'; do sleep 0.005; done
echo "open game 10000: $(ms "$start") ms"
tmux -L $S kill-server
rm -rf "$WORK"
