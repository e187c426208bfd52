"""Reads the PGN embedded in a kibitzer review page (`<pre id="pgn">`) with python-chess and
prints its moves in SAN, one line, space-separated; exits 1 with the reader's errors."""
import html
import io
import re
import sys

import chess.pgn
import chess.variant  # noqa: F401  (python-chess reads the Variant tag with it)

page = open(sys.argv[1], encoding="utf-8").read()
m = re.search(r'<pre id="pgn">(.*?)</pre>', page, re.S)
if not m:
    sys.exit("no <pre id=\"pgn\"> in the page")
text = html.unescape(m.group(1))
game = chess.pgn.read_game(io.StringIO(text))
if game is None or game.errors:
    sys.exit(f"python-chess cannot read the PGN: {game and game.errors}\n{text}")
board = game.board()
sans = []
for move in game.mainline_moves():
    sans.append(board.san(move))
    board.push(move)
print(" ".join(sans))
