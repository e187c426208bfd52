#!/usr/bin/env python3
"""Drives `kibitzer uci` through a short game with python-chess's chess.engine.

Usage: uci_game.py PATH_TO_KIBITZER. Exits non-zero (with a message) on any protocol problem,
illegal move or missing output. Invoked by tests/uci_python.rs.
"""
import sys

import chess
import chess.engine


def main() -> int:
    binary = sys.argv[1]
    engine = chess.engine.SimpleEngine.popen_uci([binary, "uci"], timeout=30)
    try:
        assert engine.id.get("name", "").startswith("kibitzer"), engine.id
        for name in ("Hash", "Level", "UCI_LimitStrength", "UCI_Elo", "Move Overhead", "Mobility"):
            assert name in engine.options, f"option {name} missing"
        engine.configure({"Hash": 16, "Mobility": 20})
        board = chess.Board()
        # A short game: the engine plays both sides with different limits.
        limits = [
            chess.engine.Limit(depth=4),
            chess.engine.Limit(time=0.05),
            chess.engine.Limit(nodes=5000),
            chess.engine.Limit(white_clock=2.0, black_clock=2.0, white_inc=0.02, black_inc=0.02),
        ]
        for ply in range(16):
            if board.is_game_over():
                break
            result = engine.play(board, limits[ply % len(limits)], info=chess.engine.INFO_ALL)
            assert result.move is not None and result.move in board.legal_moves, result
            assert "score" in result.info and "depth" in result.info, result.info
            board.push(result.move)
        # Analysis with an infinite search, stopped by the context manager.
        with engine.analysis(board) as analysis:
            for info in analysis:
                if info.get("depth", 0) >= 3:
                    break
        # Mate is reported as mate.
        info = engine.analyse(chess.Board("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"), chess.engine.Limit(depth=3))
        assert info["score"].white().mate() == 1, info
        # Strength limited play still answers legally.
        engine.configure({"UCI_LimitStrength": True, "UCI_Elo": 800})
        result = engine.play(chess.Board(), chess.engine.Limit(time=0.2))
        assert result.move in chess.Board().legal_moves
        print(f"ok: {len(board.move_stack)} plies, final {board.fen()}")
        return 0
    finally:
        engine.quit()


if __name__ == "__main__":
    sys.exit(main())
