#!/usr/bin/env bash
# First frame and key latency of the real binary in tmux (upper bounds: they include tmux's own
# send-keys and capture-pane round trips). Usage: latency.sh path/to/kibitzer
set -euo pipefail
BIN=$(realpath "$1"); S=kbz-bench-$$; T=$(mktemp -d); mkdir -p "$T/c"
printf '[engine]\nlevel = 10\nmovetime_ms = 30000\n' > "$T/c/config.toml"
tm() { tmux -L "$S" "$@"; }
now() { date +%s%N; }
trap 'tm kill-server 2>/dev/null; rm -rf "$T"' EXIT
tm -f /dev/null new-session -d -x 120 -y 40 -s b sh
firsts=()
for i in 1 2 3 4 5; do
  tm send-keys -t b "clear; date +%s%N > $T/start; KIBITZER_CONFIG_DIR=$T/c KIBITZER_DATA_DIR=$T/d $BIN --new; echo DONE$i" Enter
  until tm capture-pane -p -t b | grep -q 'no moves yet'; do :; done
  end=$(now); start=$(cat "$T/start")
  firsts+=($(( (end - start) / 1000 )))
  tm send-keys -t b q
  until tm capture-pane -p -t b | grep -q "^DONE$i"; do :; done
done
echo "first frame (us): ${firsts[*]}"
tm send-keys -t b "KIBITZER_CONFIG_DIR=$T/c KIBITZER_DATA_DIR=$T/d $BIN --new" Enter
until tm capture-pane -p -t b | grep -q 'no moves yet'; do :; done
tm send-keys -t b : e4 Enter
until tm capture-pane -p -t b | grep -q 'thinking…'; do :; done
lat=()
labels() { tm capture-pane -p -t b | grep -E '^ +a +b +c|^ +h +g +f' | tr -d ' '; }
for i in $(seq 1 20); do
  before=$(labels)
  t0=$(now); tm send-keys -t b f
  while [ "$(labels)" = "$before" ]; do :; done
  t1=$(now); lat+=($(( (t1 - t0) / 1000 )))
done
tm capture-pane -p -t b | grep -q 'thinking…' && echo "(the engine was still thinking)"
echo "key f -> flipped board on screen while the engine searches (us): ${lat[*]}"
