"""Independent check of kibitzer's annotated PGN with python-chess.

Usage: python3 annotated_check.py ORIGINAL.pgn ANNOTATED.pgn

Reads the first game of each file with chess.pgn and checks that the annotated game has the
same main line (UCI), that every main-line comment carries a `[%eval …]` python-chess can
parse, and that every variation is legal (python-chess reports illegal moves as errors).
Prints "ok: N plies, V variations" and exits 0, or prints what is wrong and exits 1.
"""

import sys

import chess.pgn


def first_game(path):
    with open(path, encoding="utf-8") as f:
        game = chess.pgn.read_game(f)
    if game is None:
        print(f"{path}: no game")
        sys.exit(1)
    if game.errors:
        print(f"{path}: {game.errors}")
        sys.exit(1)
    return game


def main():
    original = first_game(sys.argv[1])
    annotated = first_game(sys.argv[2])
    a = [m.uci() for m in original.mainline_moves()]
    b = [m.uci() for m in annotated.mainline_moves()]
    if a != b:
        print(f"main lines differ:\n{a}\n{b}")
        sys.exit(1)
    variations = 0
    for node in annotated.mainline():
        if node.eval() is None:
            print(f"no [%eval] after {node.san()}: {node.comment!r}")
            sys.exit(1)
        variations += len(node.parent.variations) - 1
    print(f"ok: {len(b)} plies, {variations} variations")


main()
