#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Fit the Pawn Battle `default` preset's weights to labelled positions.

`examples/pb_label.rs` takes positions from Pawn Battle games and labels each with a
search of the preset (its score at a fixed depth) and writes how much the evaluation moves per
unit of each weight (the evaluation is linear in every weight). This script finds the weights
whose static evaluation best predicts the deeper search: it minimises the mean squared
difference of sigmoid(K * eval / 100) and sigmoid(K * score / 100) (with `--lam`, a share of the
game result mixed into the label), K chosen first so that the search scores best predict the
results. Adam, full batch; `--fixed` weights (the pawn, the search's unit) do not move;
`--reg` pulls toward the starting preset. Writes the preset with its comments to OUT.
Needs Python 3.11 and numpy.

    python3 scripts/pb_fit.py /tmp/lab.txt assets/pawn_battle/default.toml /tmp/fit.toml \
        --reg 0.000001 --epochs 6000 --rate 2
"""
import argparse, re, tomllib
import numpy as np

ap = argparse.ArgumentParser()
ap.add_argument('features'); ap.add_argument('preset'); ap.add_argument('out')
ap.add_argument('--lam', type=float, default=0.0)
ap.add_argument('--reg', type=float, default=0.0)
ap.add_argument('--fixed', default='pawn')
ap.add_argument('--epochs', type=int, default=3000)
ap.add_argument('--rate', type=float, default=0.5)
a = ap.parse_args()

lines = open(a.features).read().splitlines()
names = lines[0][2:].split(',')
R = []; S = []; E = []; C = []
for l in lines[1:]:
    f = l.split(';')
    R.append(float(f[1])); S.append(float(f[2])); E.append(float(f[3]))
    C.append([float(x) for x in f[4].split(',')])
R = np.array(R); S = np.array(S); E = np.array(E); C = np.array(C)
preset = tomllib.load(open(a.preset, 'rb'))
def get(n):
    m = re.match(r'(\w+)\[(\d+)\]', n)
    return preset[m.group(1)][int(m.group(2))] if m else preset[n]
w0 = np.array([float(get(n)) for n in names])
print('largest |coefficients . weights - stored evaluation|: %.1f (0 when the positions were labelled with this preset)' % np.abs(C @ w0 - E).max())
E = C @ w0
sig = lambda z: 1 / (1 + np.exp(-z))
# K: the scale that best maps the shipped evaluation's search scores to results.
best = None
for K in np.linspace(0.1, 3, 59):
    l = np.mean((sig(K * np.clip(S, -3000, 3000) / 100) - R) ** 2)
    if best is None or l < best[0]: best = (l, K)
K = best[1]
print('K = %.2f (search score vs result mse %.4f)' % (K, best[0]))
T = a.lam * R + (1 - a.lam) * sig(K * S / 100)
def loss(w):
    p = sig(K * (C @ w) / 100)
    return np.mean((p - T) ** 2)
print('starting weights: loss %.5f, eval-vs-result mse %.4f' % (loss(w0), np.mean((sig(K * E / 100) - R) ** 2)))
free = np.array([n not in a.fixed.split(',') for n in names])
w = w0.copy(); m = np.zeros_like(w); v = np.zeros_like(w)
for t in range(1, a.epochs + 1):
    p = sig(K * (C @ w) / 100)
    g = C.T @ (2 * (p - T) * p * (1 - p) * K / 100) / len(T) + 2 * a.reg * (w - w0)
    g[~free] = 0
    m = 0.9 * m + 0.1 * g; v = 0.999 * v + 0.001 * g * g
    w -= a.rate * (m / (1 - 0.9 ** t)) / (np.sqrt(v / (1 - 0.999 ** t)) + 1e-12)
print('fitted: loss %.5f, eval-vs-result mse %.4f' % (loss(w), np.mean((sig(K * (C @ w) / 100) - R) ** 2)))
wr = np.round(w).astype(int)
for n, x0, x in zip(names, w0, wr):
    if int(x0) != x: print('  %-24s %6d -> %6d' % (n, x0, x))
# write the preset
vals = {}
for n, x in zip(names, wr):
    mm = re.match(r'(\w+)\[(\d+)\]', n)
    if mm:
        vals.setdefault(mm.group(1), list(preset[mm.group(1)]))[int(mm.group(2))] = int(x)
    else:
        vals[n] = int(x)
out = []
for line in open(a.preset).read().splitlines():
    mm = re.match(r'^(\w+)\s*=', line)
    if mm and mm.group(1) in vals:
        x = vals[mm.group(1)]
        line = '%s = %s' % (mm.group(1), '[' + ', '.join(map(str, x)) + ']' if isinstance(x, list) else x)
    out.append(line)
open(a.out, 'w').write('\n'.join(out) + '\n')
