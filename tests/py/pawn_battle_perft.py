#!/usr/bin/env python3
"""An independent Pawn Battle move generator, written from the rules (README "Pawn Battle"),
not from the Rust code, to check `kibitzer perft --variant pawn-battle` by perft counts.

Rules: pawns and rooks only; they move and capture as in chess, with the pawn's double step and
en passant; no kings, no check, no castling. A pawn reaching the last rank wins at once (it is
not promoted); a side without pawns has lost; a side to move without a legal move has lost. A
finished game has no moves (a leaf).

Usage: pawn_battle_perft.py DEPTH FEN [FEN ...]   prints "<count> <fen>" per FEN
       pawn_battle_perft.py --divide DEPTH FEN    prints "<uci>: <count>" per root move
Plain Python 3, no packages. GPL-3.0-or-later, part of kibitzer.
"""

import sys

FILES = "abcdefgh"


def parse(fen):
    """(board, white_to_move, ep) with board[row][col], row 0 = rank 1; pieces 'P','R','p','r'."""
    fields = fen.split()
    board = [[None] * 8 for _ in range(8)]
    for i, row_text in enumerate(fields[0].split("/")):
        row = 7 - i
        col = 0
        for ch in row_text:
            if ch.isdigit():
                col += int(ch)
            else:
                assert ch in "PRpr", f"not a Pawn Battle piece: {ch}"
                board[row][col] = ch
                col += 1
    white = fields[1] == "w"
    ep = None
    if fields[3] != "-":
        ep = (int(fields[3][1]) - 1, FILES.index(fields[3][0]))
    return board, white, ep


def enemy(piece, white):
    return piece is not None and piece.isupper() != white


def game_over(board):
    """True when a pawn stands on its last rank or a side has no pawns."""
    if "P" in board[7] or "p" in board[0]:
        return True
    flat = [p for row in board for p in row]
    return "P" not in flat or "p" not in flat


def moves(board, white, ep):
    """Every legal move as (from_row, from_col, to_row, to_col, kind)."""
    if game_over(board):
        return []
    out = []
    step = 1 if white else -1
    start_row = 1 if white else 6
    pawn, rook = ("P", "R") if white else ("p", "r")
    for r in range(8):
        for c in range(8):
            piece = board[r][c]
            if piece == pawn:
                r1 = r + step
                if 0 <= r1 < 8 and board[r1][c] is None:
                    out.append((r, c, r1, c, "push"))
                    r2 = r + 2 * step
                    if r == start_row and board[r2][c] is None:
                        out.append((r, c, r2, c, "double"))
                for dc in (-1, 1):
                    c1 = c + dc
                    if 0 <= r1 < 8 and 0 <= c1 < 8:
                        if enemy(board[r1][c1], white):
                            out.append((r, c, r1, c1, "capture"))
                        elif ep == (r1, c1):
                            out.append((r, c, r1, c1, "ep"))
            elif piece == rook:
                for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                    r1, c1 = r + dr, c + dc
                    while 0 <= r1 < 8 and 0 <= c1 < 8:
                        target = board[r1][c1]
                        if target is None:
                            out.append((r, c, r1, c1, "quiet"))
                        else:
                            if enemy(target, white):
                                out.append((r, c, r1, c1, "capture"))
                            break
                        r1, c1 = r1 + dr, c1 + dc
    return out


def play(board, white, move):
    """The position after a move: (board, white, ep)."""
    fr, fc, tr, tc, kind = move
    nb = [row[:] for row in board]
    nb[tr][tc] = nb[fr][fc]
    nb[fr][fc] = None
    if kind == "ep":
        nb[fr][tc] = None
    new_ep = ((fr + tr) // 2, fc) if kind == "double" else None
    return nb, not white, new_ep


def perft(board, white, ep, depth):
    ms = moves(board, white, ep)
    if depth == 1:
        return len(ms)
    return sum(perft(*play(board, white, m), depth - 1) for m in ms)


def count(fen, depth):
    board, white, ep = parse(fen)
    return 1 if depth == 0 else perft(board, white, ep, depth)


def uci(move):
    fr, fc, tr, tc, _ = move
    return f"{FILES[fc]}{fr + 1}{FILES[tc]}{tr + 1}"


def main(argv):
    if argv and argv[0] == "--divide":
        depth, fen = int(argv[1]), argv[2]
        board, white, ep = parse(fen)
        for m in sorted(moves(board, white, ep), key=uci):
            n = 1 if depth == 1 else perft(*play(board, white, m), depth - 1)
            print(f"{uci(m)}: {n}")
        return 0
    depth = int(argv[0])
    for fen in argv[1:]:
        print(count(fen, depth), fen)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
