# English words left in Portuguese text (issue #38, docs/I18N.md). Run from the repo root:
#   python3 scripts/i18n_english_words.py [--show] [REVIEW.json ...]
# Reads every message of assets/i18n/pt-BR/*.ftl (variables and selector keys set aside), every
# string of assets/explanations/pt-BR.toml, every Portuguese screen snapshot
# (tests/snapshots/*_pt*.snap), the command line's outputs of the native read
# (docs/i18n-read/*.txt: `kibitzer --lang pt-BR explain`, heading, opening and score lines; the
# `#` lines, the command, and the `>` line of English SAN are set aside), any such text file
# given (session 24: docs/i18n-read/s24-cli.txt, the outputs of `eval`, the advanced
# `explain`, the position database's notices, `config`, `db stats`), and the sentences of any review JSON given (e.g. the output of
# `kibitzer --lang pt-BR review GAME.pgn --json`), and counts the words of a list of common
# English words found there. Not counted: `en passant` (the Brazilian term), play's `:`
# commands and the analysis board's `save` (typed in English in every language), key names,
# FEN/SAN/UCI letters, and the capitalised words of opening names ("Queen's Pawn Game"), which
# are proper names. Exit status 1 when any is found.
import json, pathlib, re, sys, tomllib

ENGLISH = set('''
the an of to and or is are was not yes you your it its this that with from on in at by
be been has have had will would can could should must may moves moved white black
board play player game games engine best better worse depth score scores line lines
main variation ply castling castle none possible result date opening filter type event keys
help any key closes thinking stopped level starts cancels weakest strongest erase set up
halfmove clock explained save saved unreadable reading quit back next previous new load file
files error errors warning illegal ambiguous checkmate stalemate draw win wins won lose
lost loses blunder mistake inaccuracy good great only threat threatens attack attacks defends
pawn pawns knight bishop rook queen king piece pieces square squares check captures takes
gives wins after before because which what when where how here there now still again
analysis analyse analysing review reviewed learn try tries hint hints undo redo copied kept
'''.split())
ALLOWED_PHRASES = ['en passant', 'kibitzer review', 'JSON Lines']  # a subcommand, a format's name
OPENING_WORDS = {'Game', 'Variation', 'Line', 'Opening', 'Defence', 'Defense', 'Attack',
                 'Gambit', 'System', 'Play', 'Black', 'White'}

def ftl_texts(text):
    out = []
    for line in text.splitlines():
        if line.startswith('#') or not line.strip():
            continue
        body = line.split('=', 1)[1] if re.match(r'^[a-zA-Z][\w-]*\s*=', line) else line
        body = re.sub(r'^\s*\*?\[[^\]]*\]', ' ', body)      # a selector's variant key
        body = re.sub(r'\{[^{}]*\}', ' ', body)             # placeables
        body = re.sub(r'\{\s*\$[\w-]+\s*->', ' ', body)      # a selector's start
        out.append(body)
    return out

def toml_strings(v):
    if isinstance(v, str):
        yield v
    elif isinstance(v, dict):
        for x in v.values():
            yield from toml_strings(x)
    elif isinstance(v, list):
        for x in v:
            yield from toml_strings(x)

def review_sentences(doc):
    if isinstance(doc, dict):
        for k, v in doc.items():
            if k == 'text' and isinstance(v, str):
                yield v
            else:
                yield from review_sentences(v)
    elif isinstance(doc, list):
        for x in doc:
            yield from review_sentences(x)

# Words that are Portuguese too ("a", "as", "no", "legal", "final", "mate", "editor") are not in
# the list.
OPENING_LINE = re.compile(r"\b(Opening|Variation|Defen[cs]e|Gambit|Game|Attack|System|[A-E]\d\d)\b")

def english_in(text):
    for p in ALLOWED_PHRASES:
        text = text.replace(p, ' ')
    text = re.sub(r'--[a-z][a-z-]*', ' ', text)  # a command-line flag (--yes, --force)
    # An opening's name (a proper name): its capitalised words are not counted.
    opening = bool(OPENING_LINE.search(text))
    found = []
    for token in text.split():
        # `:level` (a command), `[analysis]` (a section of the configuration file).
        if token.startswith((':', '[', '([')):
            continue
        for w in re.split(r"[^\w'-]+", token):
            w = w.strip("'-")
            if not w or w in OPENING_WORDS or (opening and w[:1].isupper()):
                continue
            if w.lower() in ENGLISH:
                found.append(w)
    return found

sources = []
for p in sorted(pathlib.Path('assets/i18n/pt-BR').glob('*.ftl')):
    sources += [(str(p), t) for t in ftl_texts(p.read_text())]
toml = tomllib.loads(pathlib.Path('assets/explanations/pt-BR.toml').read_text())
toml.pop('language', None)
words = toml.get('words', {})
words.pop('san', None)
# Identifiers (a category, a need: one lowercase word) are not words shown to anyone.
sources += [('assets/explanations/pt-BR.toml', re.sub(r'\{[^{}]*\}', ' ', s))
            for s in toml_strings(toml) if not re.fullmatch(r'[a-z_]+', s)]
for p in sorted(pathlib.Path('tests/snapshots').glob('*_pt*.snap')):
    body = p.read_text().split('---', 2)[-1]
    sources += [(str(p), line) for line in body.splitlines()]
def cli_lines(path):
    return [(str(path), line) for line in pathlib.Path(path).read_text().splitlines()
            if line.strip() and not line.startswith(('#', '> '))]
for p in sorted(pathlib.Path('docs/i18n-read').glob('*.txt')):
    sources += cli_lines(p)
for arg in sys.argv[1:]:
    if arg == '--show':
        continue
    if arg.endswith('.txt'):
        sources += cli_lines(arg)
        continue
    doc = json.loads(pathlib.Path(arg).read_text())
    sources += [(arg, s) for s in review_sentences(doc)]

count = 0
for where, text in sources:
    found = [w for w in english_in(text) if w not in ('save',)]
    # Key names and the PGN/FEN/SAN vocabulary are the same in both languages.
    found = [w for w in found if w not in ('Enter', 'Esc', 'Tab')]
    if found:
        count += len(found)
        if '--show' in sys.argv:
            print(f'{where}: {found}: {text.strip()[:120]}')
print(f'texts {len(sources)} English words {count}')
sys.exit(1 if count else 0)
