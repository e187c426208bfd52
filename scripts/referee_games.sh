#!/usr/bin/env bash
# The sentence referee over whole games (issue 33): reviews each game with kibitzer, checks every
# claim (check_claims.py) and every sentence (check_sentences.py, Stockfish depth 10) of the
# explanations, and writes the figures to OUT.
#
# Usage: scripts/referee_games.sh KIBITZER OUT NAME:GAME...
#   NAME is a file of ../shared/data/pgn without ".pgn" (fischer, Tal, Morphy, Magnus-Carlsen),
#   GAME its 1-based number, e.g.  scripts/referee_games.sh target/release/kibitzer /tmp/ref fischer:53
# OUT/all_expl.json holds every explanation, OUT/claims.txt and OUT/sentences.txt the reports
# (violations are the lines `  KIND | ...` of sentences.txt). Two games are reviewed at a time.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
pgn_dir="$here/../../shared/data/pgn"
[ $# -ge 3 ] || { sed -n 2,10p "$0"; exit 2; }
kibitzer="$(realpath "$1")"
out="$2"
shift 2
mkdir -p "$out"
for spec in "$@"; do
    name="${spec%%:*}"
    game="${spec##*:}"
    file="$pgn_dir/$name.pgn"
    [ -f "$file" ] || { echo "no such collection: $file" >&2; exit 2; }
    echo "$file $game $out/${name}_$game.json"
done | xargs -P 2 -L 1 sh -c '"$0" --no-db review "$1" --game "$2" --json > "$3"' "$kibitzer"
python3 - "$out" <<'EOF'
import json, sys
from pathlib import Path
out = Path(sys.argv[1])
expl = []
for f in sorted(out.glob("*_*.json")):
    if f.name == "all_expl.json":
        continue
    for ply in json.loads(f.read_text())["plies"]:
        if ply.get("explanation"):
            expl.append(ply["explanation"])
(out / "all_expl.json").write_text(json.dumps(expl))
print("explanations:", len(expl))
EOF
python3 "$here/check_claims.py" "$out/all_expl.json" > "$out/claims.txt" || true
tail -1 "$out/claims.txt"
PLAN_ONLY_LIST=1 python3 "$here/check_sentences.py" "$out/all_expl.json" --depth 10 > "$out/sentences.txt" || true
grep -E "^sentences checked|^plan only" "$out/sentences.txt"
grep -E "^  [a-z_]+ \|" "$out/sentences.txt" || true
