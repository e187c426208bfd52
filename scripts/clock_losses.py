# SPDX-License-Identifier: GPL-3.0-or-later
# Copyright (C) 2026 The kibitzer authors
"""Does the engine ever lose on time in play mode? (issue 26, outside CI)

Plays GAMES games at a time control (default 1+0) at each LEVEL against a scripted human who
answers at once with a random legal move, through play mode's real clock path: the example
``clock_match`` (``src/play/headless.rs``) runs the play screen, the engine link, the engine's
time manager fed by the clock, the background analyses of the human's moves, the system clock
and the 100 ms tick, with no terminal; the human's moves are typed at the ``:`` prompt. The
engine plays White in every second game.

Prints every game, then per level: games, engine time losses, the engine's least time left after
any of its moves, mean plies; and the load average before and after (a loaded machine makes a
time loss more likely). Exit status 1 when the engine lost on time.

Examples::

    python3 scripts/clock_losses.py                      # 20 games of 1+0 at levels 1, 5, 10
    python3 scripts/clock_losses.py --levels 10 --games 4 --tc 0.5+0
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--levels", type=int, nargs="+", default=[1, 5, 10])
    ap.add_argument("--games", type=int, default=20, help="games per level (default 20)")
    ap.add_argument("--tc", default="1+0", help="time control, minutes+seconds (default 1+0)")
    ap.add_argument("--seed", type=int, default=1, help="the random human's seed")
    ap.add_argument("--json-out", help="write every game as a JSON line here")
    ap.add_argument("--no-build", action="store_true", help="use the clock_match already built")
    args = ap.parse_args()

    build = ["cargo", "build", "--release", "--locked", "--quiet", "--example", "clock_match"]
    if not args.no_build and subprocess.run(build, cwd=ROOT).returncode != 0:
        print("cannot build the clock_match example", file=sys.stderr)
        return 2
    binary = ROOT / "target" / "release" / "examples" / "clock_match"
    load_before = os.getloadavg()
    started = time.time()
    games = []
    for level in args.levels:
        cmd = [str(binary), str(level), str(args.games), args.tc, str(args.seed)]
        with subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.PIPE, text=True) as proc:
            assert proc.stdout is not None
            for line in proc.stdout:
                game = json.loads(line)
                games.append(game)
                print(
                    f"level {game['level']:2} game {game['game']:2} engine {game['engine']}: "
                    f"{game['result']} {game['reason']} after {game['plies']} plies, "
                    f"flag fell: {game['flagged']}, engine's least time left "
                    f"{game['engine_least_left_ms']} ms",
                    flush=True,
                )
            if proc.wait() != 0:
                print(f"clock_match failed at level {level}", file=sys.stderr)
                return 2
    load_after = os.getloadavg()
    if args.json_out:
        Path(args.json_out).write_text("".join(json.dumps(g) + "\n" for g in games))

    print()
    print(f"time control {args.tc}, random-move human, seed {args.seed}")
    losses_total = 0
    for level in args.levels:
        mine = [g for g in games if g["level"] == level]
        losses = [g for g in mine if g["flagged"] == g["engine"]]
        losses_total += len(losses)
        least = [g["engine_least_left_ms"] for g in mine if g["engine_least_left_ms"] is not None]
        plies = sum(g["plies"] for g in mine) / max(1, len(mine))
        print(
            f"level {level:2}: {len(mine)} games, engine lost on time {len(losses)}, "
            f"least time left {min(least) if least else '-'} ms, mean {plies:.0f} plies, "
            f"unfinished {sum(1 for g in mine if g['reason'] == 'unfinished')}"
        )
    print(
        f"load average before {load_before[0]:.1f}, after {load_after[0]:.1f} "
        f"({os.cpu_count()} cores); wall time {time.time() - started:.0f} s"
    )
    return 1 if losses_total else 0


if __name__ == "__main__":
    sys.exit(main())
