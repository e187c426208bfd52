#!/usr/bin/env python3
"""Drives `kibitzer uci` with `Threads` 2 through python-chess's chess.engine (Lazy SMP).

Usage: uci_threads.py PATH_TO_KIBITZER. Checks that `Threads` is advertised as a spin from 1,
that `setoption name Threads value 2` is taken, that searches by depth, time, nodes and clock
then answer with legal moves and info, that a node limit counts both threads' nodes, that a mate
is still reported as mate, that an infinite analysis stops when asked, and that an out-of-range
value is refused with a message. Exits non-zero (with a message) on any problem. Invoked by
tests/uci_python.rs.
"""
import sys
import time

import chess
import chess.engine


def main() -> int:
    binary = sys.argv[1]
    engine = chess.engine.SimpleEngine.popen_uci([binary, "uci"], timeout=30)
    try:
        option = engine.options.get("Threads")
        assert option is not None, "option Threads missing"
        assert option.type == "spin" and option.default == 1 and option.min == 1, option
        assert option.max >= 2, option
        engine.configure({"Threads": 2, "Hash": 16})
        board = chess.Board()
        limits = [
            chess.engine.Limit(depth=6),
            chess.engine.Limit(time=0.2),
            chess.engine.Limit(nodes=20000),
            chess.engine.Limit(white_clock=3.0, black_clock=3.0, white_inc=0.05, black_inc=0.05),
        ]
        for ply in range(12):
            if board.is_game_over():
                break
            result = engine.play(board, limits[ply % len(limits)], info=chess.engine.INFO_ALL)
            assert result.move is not None and result.move in board.legal_moves, result
            assert "score" in result.info and "depth" in result.info, result.info
            if ply % len(limits) == 2:
                nodes = result.info.get("nodes", 0)
                assert 20000 <= nodes < 20000 + 4 * 2048, f"nodes limit 20000, reported {nodes}"
            board.push(result.move)
        info = engine.analyse(chess.Board("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"), chess.engine.Limit(depth=4))
        assert info["score"].white().mate() == 1, info
        started = time.monotonic()
        with engine.analysis(board) as analysis:
            for info in analysis:
                if info.get("depth", 0) >= 4:
                    break
        assert time.monotonic() - started < 20, "the analysis did not stop"
        try:
            engine.configure({"Threads": 0})
        except chess.engine.EngineError:
            pass  # python-chess checks the bounds it was given: also a refusal.
        engine.ping()
        print(f"ok: {len(board.move_stack)} plies with 2 threads, final {board.fen()}")
        return 0
    finally:
        engine.quit()


if __name__ == "__main__":
    sys.exit(main())
