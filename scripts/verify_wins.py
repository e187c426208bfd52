#!/usr/bin/env python3
"""Checks every "wins_material" claim of kibitzer explanations with Stockfish.

Usage: verify_wins.py FILE.json [--depth N] [--engine PATH]

FILE is a JSON list of explanations (as `kibitzer explain --json` prints them, or as
tests/explain_claims.rs writes them with KIBITZER_CLAIMS_OUT=FILE). For each wins_material
claim the line is played from the claim's FEN and Stockfish searches the end position to the
given depth (default 12). The gain is confirmed when Stockfish sees the mover mating, or at
no less than the mover's material balance at the end of the line minus one pawn. Prints
"wins_material: N claims, M confirmed" and the refuted ones; exit status 1 if any is refuted.
"""
import json
import sys

import chess
import chess.engine

VALUES = {chess.PAWN: 1, chess.KNIGHT: 3, chess.BISHOP: 3, chess.ROOK: 5, chess.QUEEN: 9, chess.KING: 0}


def balance(board, color):
    return sum(VALUES[p.piece_type] * (1 if p.color == color else -1) for p in board.piece_map().values())


def main():
    if len(sys.argv) < 2:
        print(__doc__)
        return 2
    depth = int(sys.argv[sys.argv.index("--depth") + 1]) if "--depth" in sys.argv else 12
    path = sys.argv[sys.argv.index("--engine") + 1] if "--engine" in sys.argv else "/usr/games/stockfish"
    data = json.load(open(sys.argv[1]))
    claims = [c for e in data for c in e.get("claims", []) if c["kind"] == "wins_material"]
    engine = chess.engine.SimpleEngine.popen_uci(path)
    confirmed = 0
    refuted = []
    seen = set()
    for c in claims:
        key = (c["fen"], tuple(c["line"]))
        if key in seen:
            confirmed += 1
            continue
        seen.add(key)
        board = chess.Board(c["fen"])
        mover = board.turn
        for u in c["line"]:
            board.push_uci(u)
        if board.is_checkmate():
            ok = board.turn != mover
        else:
            info = engine.analyse(board, chess.engine.Limit(depth=depth))
            score = info["score"].pov(mover)
            if score.is_mate():
                ok = score.mate() > 0
            else:
                ok = score.score() >= 100 * balance(board, mover) - 100
        if ok:
            confirmed += 1
        else:
            refuted.append((c, str(info["score"].pov(mover)) if not board.is_checkmate() else "mated"))
    engine.quit()
    print("wins_material: %d claims, %d confirmed by Stockfish at depth %d" % (len(claims), confirmed, depth))
    for c, s in refuted:
        print("REFUTED", s, c["fen"], " ".join(c["line"]), "gain", c["gain"])
    return 1 if refuted else 0


if __name__ == "__main__":
    sys.exit(main())
