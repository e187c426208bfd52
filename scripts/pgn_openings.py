#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# Copyright (C) 2026 The kibitzer authors
"""Write start positions for self-play: the position after --ply plies of randomly chosen games.

Used to give `kibitzer tune` training games that start from varied, realistic positions
(see docs/EVAL.md):
  python3 scripts/pgn_openings.py ../shared/data/pgn/*.pgn --ply 12 --count 300 \
      > target/tune/selfplay.epd
"""

import argparse
import random
import sys

import chess.pgn


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("pgn", nargs="+")
    ap.add_argument("--ply", type=int, default=12)
    ap.add_argument("--count", type=int, default=300)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    found = []
    for path in args.pgn:
        with open(path, encoding="utf-8", errors="replace") as f:
            while True:
                try:
                    game = chess.pgn.read_game(f)
                except Exception:  # a broken game: skip it
                    continue
                if game is None:
                    break
                board = game.board()
                for ply, move in enumerate(game.mainline_moves()):
                    if ply == args.ply:
                        break
                    board.push(move)
                else:
                    continue
                if not board.is_game_over():
                    found.append(board.epd())
    found = sorted(set(found))
    random.Random(args.seed).shuffle(found)
    for epd in found[: args.count]:
        print(epd)
    return 0


if __name__ == "__main__":
    sys.exit(main())
