"""Independent check of kibitzer's PGN export with python-chess.

Usage: python3 pgn_check.py ORIGINAL.pgn EXPORTED.pgn

Reads both files with chess.pgn and compares, game by game, the seven-tag roster and the
main-line moves in UCI. Exits 0 and prints "ok: N games" when they agree; otherwise prints
every difference and exits 1.

python-chess ends a game only at a blank line, while the PGN standard (and pgn-reader) also
end the movetext at the next tag line. Some collections have no blank line between games, so
the original is normalised first: a blank line is inserted before a tag line that directly
follows movetext. Nothing else is changed.
"""

import io
import logging
import sys

import chess.pgn

ROSTER = ["Event", "Site", "Date", "Round", "White", "Black", "Result"]


def normalised(text):
    out = []
    previous = ""
    for line in text.splitlines():
        if line.startswith("[") and previous.strip() and not previous.startswith("["):
            out.append("")
        out.append(line)
        previous = line
    return "\n".join(out) + "\n"


def read_games(text):
    handle = io.StringIO(text)
    games = []
    while True:
        game = chess.pgn.read_game(handle)
        if game is None:
            return games
        games.append(game)


def summary(game):
    tags = [game.headers.get(name, "?") for name in ROSTER]
    moves = [move.uci() for move in game.mainline_moves()]
    return tags, moves


def main():
    # Errors are collected from game.errors and reported below, once.
    logging.getLogger("chess.pgn").setLevel(logging.CRITICAL)
    if len(sys.argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    with open(sys.argv[1], encoding="utf-8", errors="replace") as f:
        original = read_games(normalised(f.read()))
    with open(sys.argv[2], encoding="utf-8") as f:
        exported = read_games(f.read())
    problems = []
    if len(original) != len(exported):
        problems.append(f"{len(original)} games in the original, {len(exported)} in the export")
    for number, (a, b) in enumerate(zip(original, exported), start=1):
        for which, game in (("original", a), ("export", b)):
            for error in game.errors:
                problems.append(f"game {number}: python-chess reports in the {which}: {error}")
        (tags_a, moves_a), (tags_b, moves_b) = summary(a), summary(b)
        for name, x, y in zip(ROSTER, tags_a, tags_b):
            if x != y:
                problems.append(f"game {number}: tag {name}: {x!r} in the original, {y!r} in the export")
        if moves_a != moves_b:
            at = next(
                (i for i, (x, y) in enumerate(zip(moves_a, moves_b)) if x != y),
                min(len(moves_a), len(moves_b)),
            )
            problems.append(
                f"game {number}: moves differ from ply {at + 1} "
                f"({len(moves_a)} plies in the original, {len(moves_b)} in the export)"
            )
    if problems:
        print("\n".join(problems))
        return 1
    print(f"ok: {len(original)} games")
    return 0


if __name__ == "__main__":
    sys.exit(main())
