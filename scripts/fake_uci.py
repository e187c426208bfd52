#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# Copyright (C) 2026 The kibitzer authors
"""A deliberately faulty UCI engine for testing match.py and epd.py.

It plays random legal moves; after `--after N` moves it misbehaves according
to `--mode`:
  ok       never misbehaves
  illegal  answers with an illegal move (a1a1-style null or a blocked pawn push)
  crash    exits without answering
  hang     never answers `go`
  slow     sleeps `--sleep` seconds before answering (to provoke a time loss)
  garbage  prints a malformed bestmove
"""

import argparse
import random
import sys
import time

import chess


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--mode", default="ok",
                        choices=["ok", "illegal", "crash", "hang", "slow", "garbage"])
    parser.add_argument("--after", type=int, default=3)
    parser.add_argument("--sleep", type=float, default=5.0)
    args = parser.parse_args()
    board = chess.Board()
    moves_made = 0
    rng = random.Random(1)
    for line in sys.stdin:
        tokens = line.split()
        if not tokens:
            continue
        cmd = tokens[0]
        if cmd == "uci":
            print("id name FakeUCI", flush=True)
            print("option name Mode type string default ok", flush=True)
            print("uciok", flush=True)
        elif cmd == "isready":
            print("readyok", flush=True)
        elif cmd == "position":
            if tokens[1] == "startpos":
                board = chess.Board()
                rest = tokens[2:]
            else:
                board = chess.Board(" ".join(tokens[2:8]))
                rest = tokens[8:]
            if rest and rest[0] == "moves":
                for uci in rest[1:]:
                    board.push_uci(uci)
        elif cmd == "go":
            moves_made += 1
            bad = args.mode != "ok" and moves_made > args.after
            if bad and args.mode == "crash":
                return 1
            if bad and args.mode == "hang":
                continue
            if bad and args.mode == "slow":
                time.sleep(args.sleep)
            if bad and args.mode == "illegal":
                # A move from an empty square or of the opponent's piece.
                for sq in chess.SQUARES:
                    piece = board.piece_at(sq)
                    if piece is None or piece.color != board.turn:
                        target = (sq + 8) % 64
                        print(f"bestmove {chess.square_name(sq)}{chess.square_name(target)}",
                              flush=True)
                        break
                continue
            if bad and args.mode == "garbage":
                print("bestmove zz99", flush=True)
                continue
            move = rng.choice(list(board.legal_moves))
            print("info depth 1 score cp 0 pv " + move.uci(), flush=True)
            print(f"bestmove {move.uci()}", flush=True)
        elif cmd == "quit":
            return 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
