#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# Copyright (C) 2026 The kibitzer authors
"""Why the judge and the referee disagree, one disagreement at a time: **depth** or
**evaluation**. Reads the verdicts of `scripts/review_agreement.py --json-out` files and takes
the tolerant disagreements (a flag the referee scores under a drop of 0.05; a referee drop of
0.25 or more not flagged). For each, Stockfish searches the position (and the one after the
move) to the depth kibitzer's verdict rests on: when Stockfish at that depth makes the same
mistake (flags the move / misses the error), even a good evaluation needs more depth there:
**depth**; when it agrees with the referee, kibitzer's evaluation misjudged what that depth
sees: **evaluation**. `--strict` takes the strict disagreements instead (0.1 and 0.2).

    python3 scripts/judge_causes.py bi_*.json --pgn-dir ../shared/data/pgn
"""
import argparse
import json
import shutil
import sys
from pathlib import Path

import chess
import chess.engine
import chess.pgn

sys.path.insert(0, str(Path(__file__).resolve().parent))
from review_agreement import (  # noqa: E402
    FLAGGED,
    MATE_CP,
    TOLERANT_FALSE_ALARM,
    TOLERANT_MISSED,
    winning_chances,
)


def board_at(pgn_dir: Path, game: str, ply: int) -> chess.Board:
    """The position before ply `ply` (0-based) of `game` ("File.pgn:N", N from 1)."""
    name, number = game.rsplit(":", 1)
    with open(pgn_dir / name, encoding="utf-8", errors="replace") as f:
        for _ in range(int(number)):
            g = chess.pgn.read_game(f)
    board = g.board()
    for mv in list(g.mainline_moves())[:ply]:
        board.push(mv)
    return board


def cp(score: chess.engine.PovScore, pov: chess.Color) -> int:
    return score.pov(pov).score(mate_score=MATE_CP)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("files", nargs="+")
    ap.add_argument("--pgn-dir", default="../shared/data/pgn")
    ap.add_argument("--strict", action="store_true",
                    help="the strict disagreements: a flag under a referee drop of 0.1, an error of 0.2 not flagged")
    ap.add_argument("--stockfish", default=shutil.which("stockfish") or "/usr/games/stockfish")
    a = ap.parse_args()
    rows = []
    for path in a.files:
        rows += json.loads(Path(path).read_text())
    engine = chess.engine.SimpleEngine.popen_uci(a.stockfish)
    engine.configure({"Threads": 1, "Hash": 64})
    counts = {}
    alarm, missed = (0.1, 0.2) if a.strict else (TOLERANT_FALSE_ALARM, TOLERANT_MISSED)
    print("| game | move | kind | kibitzer (depth) | referee | Stockfish at kibitzer's depth | cause |")
    print("|---|---|---|---|---|---|---|")
    for v in rows:
        if v.get("book"):
            continue
        flagged = v["kibitzer_class"] in FLAGGED
        if flagged and v["sf_drop"] < alarm:
            kind = "false alarm"
        elif not flagged and v["sf_drop"] >= missed:
            kind = "missed"
        else:
            continue
        depth = max(1, int(v.get("kibitzer_depth") or 8))
        board = board_at(Path(a.pgn_dir), v["game"], v["ply"])
        mover = board.turn
        engine.protocol.send_line("ucinewgame")
        best = cp(engine.analyse(board, chess.engine.Limit(depth=depth))["score"], mover)
        board.push_uci(v["uci"])
        if board.is_game_over():
            played = best if not board.is_checkmate() else MATE_CP
        else:
            played = cp(engine.analyse(board, chess.engine.Limit(depth=max(1, depth - 1)))["score"], mover)
        drop = max(0.0, winning_chances(best) - winning_chances(played))
        sf_flags = drop >= 0.1
        cause = "depth" if sf_flags == flagged else "evaluation"
        counts[(kind, cause)] = counts.get((kind, cause), 0) + 1
        print(f"| {v['game']} | {v['label']} | {kind} | {v['kibitzer_class']} {v['kibitzer_drop']:.3f} ({depth}) "
              f"| {v['sf_drop']:.3f} | {drop:.3f} | {cause} |")
    engine.quit()
    print()
    for (kind, cause), n in sorted(counts.items()):
        print(f"{kind}: {cause} {n}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
