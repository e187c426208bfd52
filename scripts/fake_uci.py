#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# Copyright (C) 2026 The kibitzer authors
"""A deliberately faulty UCI engine for testing match.py, epd.py and kibitzer's external
analyst (`kibitzer review --engine "python3 scripts/fake_uci.py"`, tests/external_analyst.rs).

It answers `go` with `MultiPV` lines (default 1; `searchmoves` restricts them) whose
scores are the material balance after the move (mover's view, centipawns), best first, and
plays the first; with `--random` it plays a random legal move instead; with `--log FILE` it
appends every line it receives to FILE, after its process id and a space. After `--after N`
searches it misbehaves according to `--mode`:
  ok       never misbehaves
  illegal  answers with an illegal move (a1a1-style null or a blocked pawn push)
  crash    exits without answering
  hang     never answers `go`
  slow     sleeps `--sleep` seconds before answering (to provoke a time loss)
  garbage  prints a malformed bestmove
  badinfo  prints an info line with a malformed score
  notuci   answers `uci` with a greeting and never says `uciok`
  useless  answers `bestmove 0000` at once, without any `info` line
  none     answers `bestmove (none)` at once, without any `info` line
  silent   answers a legal `bestmove` without any `info` line
"""

import argparse
import os
import random
import sys
import time

import chess


VALUES = {chess.PAWN: 100, chess.KNIGHT: 300, chess.BISHOP: 300, chess.ROOK: 500,
          chess.QUEEN: 900, chess.KING: 0}


def material_after(board: chess.Board, move: chess.Move) -> int:
    """The material balance after `move`, from the mover's side, in centipawns."""
    mover = board.turn
    board.push(move)
    total = sum(VALUES[p.piece_type] * (1 if p.color == mover else -1)
                for p in board.piece_map().values())
    board.pop()
    return total


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--mode", default="ok",
                        choices=["ok", "illegal", "crash", "hang", "slow", "garbage", "badinfo",
                                 "notuci", "useless", "none", "silent"])
    parser.add_argument("--after", type=int, default=3)
    parser.add_argument("--sleep", type=float, default=5.0)
    parser.add_argument("--random", action="store_true", help="play random legal moves")
    parser.add_argument("--log", help="write every line received to this file")
    args = parser.parse_args()
    log = open(args.log, "a", encoding="utf-8") if args.log else None
    multipv = 1
    board = chess.Board()
    moves_made = 0
    rng = random.Random(1)
    for line in sys.stdin:
        if log:
            log.write(f"{os.getpid()} {line}")
            log.flush()
        tokens = line.split()
        if not tokens:
            continue
        cmd = tokens[0]
        if cmd == "uci" and args.mode == "notuci":
            print("hello, I am not a chess engine", flush=True)
        elif cmd == "uci":
            print("id name FakeUCI", flush=True)
            print("option name Mode type string default ok", flush=True)
            print("option name Hash type spin default 16 min 1 max 1024", flush=True)
            print("option name MultiPV type spin default 1 min 1 max 500", flush=True)
            print("option name UCI_AnalyseMode type check default false", flush=True)
            print("uciok", flush=True)
        elif cmd == "setoption" and len(tokens) >= 5 and tokens[2] == "MultiPV":
            multipv = max(1, int(tokens[4]))
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
            if bad and args.mode == "badinfo":
                print("info depth 1 multipv 1 score cp twelve pv e2e4", flush=True)
                continue
            if bad and args.mode == "useless":
                print("bestmove 0000", flush=True)
                continue
            if bad and args.mode == "none":
                print("bestmove (none)", flush=True)
                continue
            if bad and args.mode == "silent":
                print(f"bestmove {next(iter(board.legal_moves)).uci()}", flush=True)
                continue
            legal = list(board.legal_moves)
            if "searchmoves" in tokens:
                wanted = set(tokens[tokens.index("searchmoves") + 1:])
                legal = [m for m in legal if m.uci() in wanted] or legal
            if not legal:
                print("bestmove (none)", flush=True)
                continue
            if args.random:
                move = rng.choice(legal)
                print("info depth 1 score cp 0 pv " + move.uci(), flush=True)
                print(f"bestmove {move.uci()}", flush=True)
                continue
            scored = sorted(((material_after(board, m), m.uci()) for m in legal),
                            key=lambda x: (-x[0], x[1]))
            for i, (cp, uci) in enumerate(scored[:multipv]):
                print(f"info depth 1 seldepth 1 multipv {i + 1} score cp {cp} nodes 1 pv {uci}",
                      flush=True)
            print(f"bestmove {scored[0][1]}", flush=True)
        elif cmd == "quit":
            return 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
