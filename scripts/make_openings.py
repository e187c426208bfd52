#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# Copyright (C) 2026 The kibitzer authors
"""Regenerate scripts/openings.epd from a list of well-known opening lines.

Each line is played move by move with python-chess (so every move is checked
for legality) and the resulting position is written out as an EPD line with
the opening's name as its `id`.  The lines are main lines of common openings,
stopped after 6-10 plies while the position is still roughly balanced.

Usage: python3 scripts/make_openings.py > scripts/openings.epd
"""

import sys

import chess

LINES = [
    ("Ruy Lopez, Morphy Defence", "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7"),
    ("Ruy Lopez, Berlin Defence", "e4 e5 Nf3 Nc6 Bb5 Nf6 O-O Nxe4 d4 Nd6"),
    ("Italian Game, Giuoco Piano", "e4 e5 Nf3 Nc6 Bc4 Bc5 c3 Nf6 d3 d6"),
    ("Two Knights Defence", "e4 e5 Nf3 Nc6 Bc4 Nf6 d3 Be7 O-O O-O"),
    ("Scotch Game", "e4 e5 Nf3 Nc6 d4 exd4 Nxd4 Nf6 Nxc6 bxc6"),
    ("Petrov Defence", "e4 e5 Nf3 Nf6 Nxe5 d6 Nf3 Nxe4 d4 d5"),
    ("Four Knights, Spanish", "e4 e5 Nf3 Nc6 Nc3 Nf6 Bb5 Bb4 O-O O-O"),
    ("Vienna Game", "e4 e5 Nc3 Nf6 g3 d5 exd5 Nxd5 Bg2 Nxc3"),
    ("King's Gambit Declined", "e4 e5 f4 Bc5 Nf3 d6 c3 Nf6 d4 exd4"),
    ("Philidor Defence", "e4 d6 d4 Nf6 Nc3 e5 Nf3 Nbd7 Bc4 Be7"),
    ("Sicilian, Najdorf", "e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 a6"),
    ("Sicilian, Dragon", "e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 g6"),
    ("Sicilian, Scheveningen", "e4 c5 Nf3 e6 d4 cxd4 Nxd4 Nf6 Nc3 d6"),
    ("Sicilian, Sveshnikov", "e4 c5 Nf3 Nc6 d4 cxd4 Nxd4 Nf6 Nc3 e5"),
    ("Sicilian, Taimanov", "e4 c5 Nf3 e6 d4 cxd4 Nxd4 Nc6 Nc3 Qc7"),
    ("Sicilian, Kan", "e4 c5 Nf3 e6 d4 cxd4 Nxd4 a6 Bd3 Nf6"),
    ("Sicilian, Alapin", "e4 c5 c3 Nf6 e5 Nd5 d4 cxd4 Nf3 Nc6"),
    ("Sicilian, Rossolimo", "e4 c5 Nf3 Nc6 Bb5 g6 O-O Bg7 Re1 e5"),
    ("Closed Sicilian", "e4 c5 Nc3 Nc6 g3 g6 Bg2 Bg7 d3 d6"),
    ("French, Winawer", "e4 e6 d4 d5 Nc3 Bb4 e5 c5 a3 Bxc3+ bxc3"),
    ("French, Classical", "e4 e6 d4 d5 Nc3 Nf6 Bg5 Be7 e5 Nfd7"),
    ("French, Tarrasch", "e4 e6 d4 d5 Nd2 c5 exd5 exd5 Ngf3 Nc6"),
    ("French, Advance", "e4 e6 d4 d5 e5 c5 c3 Nc6 Nf3 Qb6"),
    ("Caro-Kann, Classical", "e4 c6 d4 d5 Nc3 dxe4 Nxe4 Bf5 Ng3 Bg6"),
    ("Caro-Kann, Advance", "e4 c6 d4 d5 e5 Bf5 Nf3 e6 Be2 c5"),
    ("Pirc Defence", "e4 d6 d4 Nf6 Nc3 g6 Nf3 Bg7 Be2 O-O"),
    ("Alekhine Defence", "e4 Nf6 e5 Nd5 d4 d6 Nf3 Bg4 Be2 e6"),
    ("Scandinavian Defence", "e4 d5 exd5 Qxd5 Nc3 Qa5 d4 Nf6 Nf3 c6"),
    ("Modern Defence", "e4 g6 d4 Bg7 Nc3 d6 Be3 a6 Qd2 Nd7"),
    ("Queen's Gambit Declined", "d4 d5 c4 e6 Nc3 Nf6 Bg5 Be7 e3 O-O"),
    ("Queen's Gambit Accepted", "d4 d5 c4 dxc4 Nf3 Nf6 e3 e6 Bxc4 c5"),
    ("Slav Defence", "d4 d5 c4 c6 Nf3 Nf6 Nc3 dxc4 a4 Bf5"),
    ("Semi-Slav", "d4 d5 c4 c6 Nf3 Nf6 Nc3 e6 e3 Nbd7"),
    ("Tarrasch Defence", "d4 d5 c4 e6 Nc3 c5 cxd5 exd5 Nf3 Nc6"),
    ("Nimzo-Indian, Rubinstein", "d4 Nf6 c4 e6 Nc3 Bb4 e3 O-O Bd3 d5"),
    ("Nimzo-Indian, Classical", "d4 Nf6 c4 e6 Nc3 Bb4 Qc2 O-O a3 Bxc3+ Qxc3"),
    ("Queen's Indian", "d4 Nf6 c4 e6 Nf3 b6 g3 Ba6 b3 Bb4+"),
    ("Bogo-Indian", "d4 Nf6 c4 e6 Nf3 Bb4+ Bd2 Qe7 g3 Nc6"),
    ("Catalan", "d4 Nf6 c4 e6 g3 d5 Bg2 Be7 Nf3 O-O"),
    ("King's Indian, Classical", "d4 Nf6 c4 g6 Nc3 Bg7 e4 d6 Nf3 O-O Be2 e5"),
    ("Grunfeld, Exchange", "d4 Nf6 c4 g6 Nc3 d5 cxd5 Nxd5 e4 Nxc3 bxc3 Bg7"),
    ("Benoni, Modern", "d4 Nf6 c4 c5 d5 e6 Nc3 exd5 cxd5 d6"),
    ("Dutch, Leningrad", "d4 f5 g3 Nf6 Bg2 g6 Nf3 Bg7 O-O O-O"),
    ("Dutch, Stonewall", "d4 e6 c4 f5 g3 Nf6 Bg2 d5 Nf3 c6"),
    ("London System", "d4 d5 Nf3 Nf6 Bf4 e6 e3 c5 c3 Nc6"),
    ("Trompowsky", "d4 Nf6 Bg5 e6 e4 h6 Bxf6 Qxf6 Nc3 d6"),
    ("English, Symmetrical", "c4 c5 Nc3 Nc6 g3 g6 Bg2 Bg7 Nf3 Nf6"),
    ("English, Reversed Sicilian", "c4 e5 Nc3 Nf6 Nf3 Nc6 g3 d5 cxd5 Nxd5"),
    ("Reti Opening", "Nf3 d5 c4 e6 g3 Nf6 Bg2 Be7 O-O O-O"),
    ("King's Indian Attack", "Nf3 Nf6 g3 d5 Bg2 c6 O-O Bg4 d3 Nbd7"),
    ("Bird Opening", "f4 d5 Nf3 Nf6 e3 g6 Be2 Bg7 O-O O-O"),
    ("Larsen Opening", "b3 e5 Bb2 Nc6 e3 d5 Bb5 Bd6 Nf3 Qe7"),
]


def main() -> int:
    for name, line in LINES:
        board = chess.Board()
        for san in line.split():
            board.push_san(san)  # raises on an illegal or ambiguous move
        ops = {"id": name}
        print(board.epd(**ops))
    return 0


if __name__ == "__main__":
    sys.exit(main())
