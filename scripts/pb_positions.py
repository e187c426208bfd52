#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Pawn Battle games (`kibitzer match --pgn-out FILE`) as positions for labelling.

Prints one line per position, `FEN;RESULT;DEFAULT_IS_WHITE;PLY;CAPTURE`: RESULT is the game's
result for White (1, 0.5, 0), DEFAULT_IS_WHITE whether the `default` player had White, PLY the
position's ply in the game and CAPTURE whether the move played from it captured (1) or not (0).
The random opening (the first 4 plies) and the position before the last move are left out.
Needs Python 3.8+, no packages (the few rules of pawns and rooks are replayed here).

    python3 scripts/pb_positions.py /tmp/pb11.pgn /tmp/pb12.pgn | awk -F';' '$5 == 0' > /tmp/pos.txt
"""
import re, sys

START = "r6r/pppppppp/8/8/8/8/PPPPPPPP/R6R"

def parse_fen(b):
    board = {}
    for r, row in enumerate(b.split('/')):
        f = 0
        for ch in row:
            if ch.isdigit(): f += int(ch)
            else:
                board[(f, 7 - r)] = ch; f += 1
    return board

def to_fen(board, white, ep):
    rows = []
    for r in range(7, -1, -1):
        s = ''; e = 0
        for f in range(8):
            p = board.get((f, r))
            if p: 
                if e: s += str(e); e = 0
                s += p
            else: e += 1
        if e: s += str(e)
        rows.append(s)
    eps = '-' if ep is None else 'abcdefgh'[ep[0]] + str(ep[1] + 1)
    return '/'.join(rows) + (' w ' if white else ' b ') + '- ' + eps + ' 0 1'

def sq(s): return ('abcdefgh'.index(s[0]), int(s[1]) - 1)

def play(board, white, ep, san):
    san = san.rstrip('+#!?')
    pawn, rook = ('P', 'R') if white else ('p', 'r')
    d = 1 if white else -1
    new_ep = None
    if san[0] == 'R':
        m = re.match(r'R([a-h])?([1-8])?x?([a-h][1-8])$', san)
        tf, tr, t = m.group(1), m.group(2), sq(m.group(3))
        cands = []
        for (f, r), p in board.items():
            if p != rook: continue
            if tf and f != 'abcdefgh'.index(tf): continue
            if tr and r != int(tr) - 1: continue
            if f != t[0] and r != t[1]: continue
            df = (t[0] > f) - (t[0] < f); dr = (t[1] > r) - (t[1] < r)
            x, y = f + df, r + dr; ok = True
            while (x, y) != t:
                if (x, y) in board: ok = False; break
                x += df; y += dr
            if ok: cands.append((f, r))
        assert len(cands) == 1, (san, cands)
        del board[cands[0]]; board[t] = rook
    else:
        m = re.match(r'([a-h])(?:x([a-h][1-8])|([1-8]))(?:=?[QR])?$', san)
        if m.group(2):
            t = sq(m.group(2)); f0 = 'abcdefgh'.index(m.group(1)); src = (f0, t[1] - d)
            assert board.get(src) == pawn, san
            if t not in board:  # en passant
                assert ep == t, san
                del board[(t[0], t[1] - d)]
            del board[src]; board[t] = pawn
        else:
            t = (ord(m.group(1)) - 97, int(m.group(3)) - 1)
            src = (t[0], t[1] - d)
            if board.get(src) != pawn:
                src = (t[0], t[1] - 2 * d); new_ep = (t[0], t[1] - d)
            assert board.get(src) == pawn, san
            del board[src]; board[t] = pawn
    return new_ep

def games(text):
    for g in text.split('[Event ')[1:]:
        head = dict(re.findall(r'\[(\w+) "(.*?)"\]', g))
        body = g.split('\n\n', 1)[1]
        body = re.sub(r'\{[^}]*\}', ' ', body)
        toks = [t for t in body.split() if not re.match(r'^\d+\.+$', t) and t not in ('1-0', '0-1', '1/2-1/2', '*')]
        yield head, toks

out = sys.stdout
for path in sys.argv[1:]:
    for head, toks in games(open(path).read()):
        res = {'1-0': 1.0, '0-1': 0.0}.get(head['Result'], 0.5)
        dw = head['White'].startswith('default')
        board = parse_fen(START); white = True; ep = None
        for ply, t in enumerate(toks):
            fen = to_fen(board, white, ep)
            if ply >= 4 and ply < len(toks) - 1:
                out.write(f"{fen};{res};{int(dw)};{ply};{int('x' in t)}\n")
            ep = play(board, white, ep, t); white = not white
