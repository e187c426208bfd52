"""Independent check of the analysis board's PGN with python-chess.

Usage: python3 variations_check.py FILE.pgn

Reads the first game with chess.pgn (any error python-chess reports fails the check) and prints
its tree of moves on one line: each node's continuations in order, the main one first, as
`uci(...)` with nested parentheses for what follows, continuations separated by spaces, e.g.
`e2e4(e7e5(g1f3()) c7c5())`. Exits 0, or prints what is wrong and exits 1.
"""

import sys

import chess.pgn


def tree(node):
    return " ".join(f"{v.move.uci()}({tree(v)})" for v in node.variations)


def main():
    with open(sys.argv[1], encoding="utf-8") as f:
        game = chess.pgn.read_game(f)
    if game is None:
        print(f"{sys.argv[1]}: no game")
        sys.exit(1)
    if game.errors:
        print(f"{sys.argv[1]}: {game.errors}")
        sys.exit(1)
    print(tree(game))


main()
