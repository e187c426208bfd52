#!/usr/bin/env python3
"""Checks kibitzer's review verdicts in endings of up to 4 pieces against the Syzygy tables,
probed independently by python-chess (its own prober over the same files, assets/syzygy/).

Random games: a random legal placement of a random material of 3 or 4 pieces, then plies that
are the tables' best move or, one ply in three, a random legal move (so results change). Each
game is reviewed by `kibitzer review FILE --game N --json`; every ply's verdict must be
flagged (inaccuracy or worse) exactly when the move changes the result (win/draw/loss under the
fifty-move rule), and "only move" exactly when the move is the only one that keeps a win or a
draw. Prints the counts and every disagreement; exit status 1 on any.

    python3 scripts/tablebase_exactness.py --games 40 --seed 1 [--engine builtin|stockfish]
"""
import argparse
import json
import os
import random
import subprocess
import sys
import tempfile

import chess
import chess.syzygy

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TABLES = os.path.join(ROOT, "assets", "syzygy")
PIECES = "QRBNP"


def result(tb, board):
    """win / draw / loss for the side to move, counting the fifty-move rule."""
    if board.is_checkmate():
        return -1
    if board.is_game_over():
        return 0
    dtz = tb.probe_dtz(board)
    wdl = tb.probe_wdl(board)
    if wdl == 0 or abs(wdl) == 1:
        return 0
    # A win whose DTZ does not fit in the halfmoves left is a draw.
    if board.halfmove_clock + abs(dtz) > 100:
        return 0
    return 1 if wdl > 0 else -1


def after(tb, board, move):
    board.push(move)
    r = -result(tb, board)
    board.pop()
    return r


def random_start(rng):
    while True:
        extra = rng.choice([1, 2])
        pieces = [(rng.choice(PIECES), rng.choice([chess.WHITE, chess.BLACK])) for _ in range(extra)]
        board = chess.Board(None)
        squares = rng.sample(chess.SQUARES, 2 + extra)
        board.set_piece_at(squares[0], chess.Piece(chess.KING, chess.WHITE))
        board.set_piece_at(squares[1], chess.Piece(chess.KING, chess.BLACK))
        ok = True
        for (sym, color), sq in zip(pieces, squares[2:]):
            if sym == "P" and chess.square_rank(sq) in (0, 7):
                ok = False
            board.set_piece_at(sq, chess.Piece(chess.Piece.from_symbol(sym).piece_type, color))
        board.turn = rng.choice([chess.WHITE, chess.BLACK])
        if ok and board.is_valid() and not board.is_game_over():
            return board


def game(tb, rng, plies):
    board = random_start(rng)
    start = board.fen()
    moves = []
    for i in range(plies):
        if board.is_game_over():
            break
        legal = list(board.legal_moves)
        if i % 3 == 2:
            m = rng.choice(legal)
        else:
            results = {x: after(tb, board, x) for x in legal}
            top = max(results.values())
            m = rng.choice([x for x in legal if results[x] == top])
        moves.append(m)
        board.push(m)
    return start, moves


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--plies", type=int, default=12)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--engine", default="builtin")
    ap.add_argument("--kibitzer", default=os.path.join(ROOT, "target", "release", "kibitzer"))
    args = ap.parse_args()
    rng = random.Random(args.seed)
    tb = chess.syzygy.open_tablebase(TABLES)
    games = [game(tb, rng, args.plies) for _ in range(args.games)]
    checked = flagged = only = bad = 0
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "endings.pgn")
        with open(path, "w") as f:
            for n, (start, moves) in enumerate(games, 1):
                board = chess.Board(start)
                f.write(f'[Event "{n}"]\n[SetUp "1"]\n[FEN "{start}"]\n\n{board.variation_san(moves)} *\n\n')
        env = dict(os.environ, XDG_CONFIG_HOME=tmp, XDG_DATA_HOME=tmp, HOME=tmp)
        for n, (start, moves) in enumerate(games, 1):
            if not moves:
                continue
            out = subprocess.run(
                [args.kibitzer, "review", path, "--game", str(n), "--depth", "2", "--json",
                 "--engine", args.engine, "--no-db"],
                capture_output=True, text=True, env=env, check=True).stdout
            plies = json.loads(out)["plies"]
            board = chess.Board(start)
            for ply, m in zip(plies, moves):
                legal = list(board.legal_moves)
                results = {x: after(tb, board, x) for x in legal}
                before = max(results.values())
                keeping = sum(1 for r in results.values() if r == before)
                is_flagged = ply["classification"]["quality"] in ("inaccuracy", "mistake", "blunder")
                want_flagged = results[m] < before
                is_only = ply["classification"]["only_move"]
                want_only = before > -1 and keeping == 1 and results[m] == before
                checked += 1
                flagged += want_flagged
                only += want_only
                if is_flagged != want_flagged or is_only != want_only:
                    bad += 1
                    print(f"game {n} {board.fen()} {board.san(m)}: kibitzer "
                          f"{ply['classification']['quality']} only={is_only}; tables "
                          f"flag={want_flagged} only={want_only}")
                board.push(m)
    print(f"{checked} plies checked: {flagged} result-changing moves, {only} only moves; "
          f"{bad} disagreements")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
