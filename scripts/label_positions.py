#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# Copyright (C) 2026 The kibitzer authors
"""Extract quiet positions from PGN files and label them with a short Stockfish search.

The output is the training set of ``kibitzer tune``: one position per line,
``FEN;score;result``, where ``score`` is Stockfish's score in centipawns from
White's point of view and ``result`` the game's result for White (1, 0.5 or 0).

A position is kept when it is at least ``--skip-plies`` into the game, the side
to move is not in check, the move played in the game is not a capture or a
promotion, Stockfish's best move is not a capture or a promotion either, and the
score is not a mate and within ``--max-score``.  Duplicates (same EPD) are
dropped.  Lines are written as they are produced, so an interrupted run leaves
a usable file; ``--resume`` skips positions already in the output.

Example (the command behind docs/EVAL.md):
  nice -n 10 python3 scripts/label_positions.py ../shared/data/pgn/*.pgn \
      --depth 8 --out target/tune/positions.txt
"""

from __future__ import annotations

import argparse
import os
import sys

import chess
import chess.engine
import chess.pgn


def positions(paths, skip_plies):
    """Yields (board, next_move, result) for every position of every game."""
    for path in paths:
        with open(path, encoding="utf-8", errors="replace") as f:
            while True:
                try:
                    game = chess.pgn.read_game(f)
                except Exception:  # a broken game: skip it, keep reading
                    continue
                if game is None:
                    break
                result = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}.get(
                    game.headers.get("Result", "*")
                )
                if result is None:
                    continue
                board = game.board()
                for ply, move in enumerate(game.mainline_moves()):
                    if ply >= skip_plies and not board.is_check():
                        if not board.is_capture(move) and move.promotion is None:
                            yield board.copy(stack=False), result
                    board.push(move)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("pgn", nargs="+", help="PGN files")
    ap.add_argument("--out", required=True, help="output file (FEN;score;result)")
    ap.add_argument("--stockfish", default="/usr/games/stockfish")
    ap.add_argument("--depth", type=int, default=8, help="search depth per position")
    ap.add_argument("--skip-plies", type=int, default=8)
    ap.add_argument("--max-score", type=int, default=1500)
    ap.add_argument("--limit", type=int, default=0, help="stop after N positions (0 = all)")
    ap.add_argument("--resume", action="store_true", help="append, skipping known positions")
    args = ap.parse_args()

    seen = set()
    if args.resume and os.path.exists(args.out):
        with open(args.out, encoding="utf-8") as f:
            for line in f:
                seen.add(" ".join(line.split(";")[0].split()[:4]))
    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    out = open(args.out, "a" if args.resume else "w", encoding="utf-8")
    engine = chess.engine.SimpleEngine.popen_uci(args.stockfish)
    engine.configure({"Threads": 1, "Hash": 16})
    written = 0
    try:
        for board, result in positions(args.pgn, args.skip_plies):
            key = board.epd()
            if key in seen:
                continue
            seen.add(key)
            info = engine.analyse(board, chess.engine.Limit(depth=args.depth))
            score = info["score"].white()
            pv = info.get("pv") or []
            if score.is_mate() or not pv:
                continue
            if board.is_capture(pv[0]) or pv[0].promotion is not None:
                continue
            cp = score.score()
            if abs(cp) > args.max_score:
                continue
            out.write(f"{board.fen()};{cp};{result}\n")
            out.flush()
            written += 1
            if args.limit and written >= args.limit:
                break
    finally:
        engine.quit()
        out.close()
    print(f"{written} positions written to {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
