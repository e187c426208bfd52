# The native read of #38 (docs/I18N.md): 40 Portuguese explanations of real game moves, chosen
# deterministically from ../shared/data/pgn and varied (opening, capture, check, castling,
# endgame, pawn push to the 6th/7th, quiet middlegame move, a move judged a mistake so that
# "Melhor era" is read). Run from the repo root after `cargo build`:
#   python3 scripts/i18n_read.py [--bin target/debug/kibitzer] [--out docs/i18n-read]
# Writes OUT/NN.txt (the command and `kibitzer --lang pt-BR --no-db explain` output) and
# OUT/index.tsv. Empty config and data dirs: the defaults (Stockfish judges when installed).
import argparse, json, os, pathlib, random, subprocess, tempfile
import chess, chess.pgn

ap = argparse.ArgumentParser()
ap.add_argument('--bin', default='target/debug/kibitzer')
ap.add_argument('--out', default='docs/i18n-read')
ap.add_argument('--depth', default='8')
ap.add_argument('--again', action='store_true',
                help='read again the 40 of OUT/index.tsv (after fixes) instead of choosing')
args = ap.parse_args()
PER = {'opening': 4, 'capture': 6, 'check': 5, 'castling': 3, 'endgame': 6, 'pawn': 4,
       'quiet': 6, 'mistake': 6}
tmp = tempfile.mkdtemp()
env = dict(os.environ, KIBITZER_CONFIG_DIR=tmp + '/c', KIBITZER_DATA_DIR=tmp + '/d')

def category(board, move, ply):
    if board.is_castling(move): return 'castling'
    if board.gives_check(move): return 'check'
    if len(board.piece_map()) <= 12: return 'endgame'
    if board.is_capture(move): return 'capture'
    if ply < 16: return 'opening'
    p = board.piece_at(move.from_square)
    if p and p.piece_type == chess.PAWN and chess.square_rank(move.to_square) in (2, 5, 1, 6) \
       and chess.square_rank(move.to_square) in ((5, 6) if p.color else (1, 2)):
        return 'pawn'
    return 'quiet'

def explain(fen, san, fmt):
    cmd = [args.bin, '--lang', 'pt-BR', '--no-db', 'explain', '--fen', fen, '--move', san,
           '--depth', args.depth] + (['--json'] if fmt == 'json' else [])
    r = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=300)
    return cmd, r.stdout, r.stderr

def write(chosen):
    out_dir = pathlib.Path(args.out); out_dir.mkdir(parents=True, exist_ok=True)
    index = ['n\tcategory\tfile\tgame\tply\tmove\tfen']
    for i, (name, number, ply, fen, san, cat) in enumerate(chosen, 1):
        cmd, out, err = explain(fen, san, 'text')
        move_no = f"{ply // 2 + 1}{'.' if ply % 2 == 0 else '...'}{san}"
        shown = ' '.join(c if ' ' not in c else f'"{c}"' for c in cmd)
        (out_dir / f'{i:02}.txt').write_text(
            f'# {name} game {number}, {move_no} ({cat})\n# {shown}\n{out}{err}', encoding='utf-8')
        index.append(f'{i}\t{cat}\t{name}\t{number}\t{ply}\t{san}\t{fen}')
    (out_dir / 'index.tsv').write_text('\n'.join(index) + '\n', encoding='utf-8')

if args.again:
    rows = pathlib.Path(args.out, 'index.tsv').read_text(encoding='utf-8').splitlines()[1:]
    chosen = []
    for row in rows:
        n, cat, name, number, ply, san, fen = row.split('\t')
        chosen.append((name, int(number), int(ply), fen, san, cat))
    write(chosen)
    print(len(chosen), 'read again')
    raise SystemExit(0)

rng = random.Random(38)
cands = []
for name in ['Morphy.pgn', 'Tal.pgn', 'fischer.pgn', 'Magnus-Carlsen.pgn']:
    with open(f'../shared/data/pgn/{name}', encoding='utf-8', errors='replace') as f:
        for number in range(1, 61):
            game = chess.pgn.read_game(f)
            if game is None: break
            board = game.board()
            for ply, move in enumerate(game.mainline_moves()):
                cands.append((name, number, ply, board.fen(), board.san(move),
                              category(board, move, ply)))
                board.push(move)
rng.shuffle(cands)
chosen, counts, seen = [], {k: 0 for k in PER}, set()
mistakes = 0
for name, number, ply, fen, san, cat in cands:
    if all(counts[k] >= PER[k] for k in PER if k != 'mistake') and mistakes >= PER['mistake']:
        break
    if (name, number) in seen: continue
    _, out, err = explain(fen, san, 'json')
    try: doc = json.loads(out)
    except ValueError: continue
    q = (doc.get('quality') or {}).get('quality')
    if q in ('inaccuracy', 'mistake', 'blunder') and mistakes < PER['mistake']:
        mistakes += 1; cat = 'mistake'
    elif counts[cat] >= PER[cat]:
        continue
    else:
        counts[cat] += 1
    seen.add((name, number))
    chosen.append((name, number, ply, fen, san, cat))
write(chosen)
print(len(chosen), counts, 'mistakes', mistakes)
