# Share of user-facing text through the catalogue (docs/I18N.md). Run from the repo root:
# `python3 scripts/i18n_share.py [COMMIT]` (the working tree without COMMIT). Prints the Fluent
# messages of assets/i18n/en, the keymap texts translated in assets/i18n/pt-BR/keys.ftl, and
# the string literals of two or more words left in the non-test code of src/ (an over-count:
# option docs, SQL, log lines and theme descriptions no screen shows are among them).
import re, pathlib, subprocess, sys
rev = sys.argv[1] if len(sys.argv) > 1 else None
def files(prefix, ext):
    if rev:
        out = subprocess.run(['git','ls-tree','-r','--name-only',rev,prefix],capture_output=True,text=True).stdout.split()
        return [(f, subprocess.run(['git','show',f'{rev}:{f}'],capture_output=True,text=True).stdout) for f in out if f.endswith(ext)]
    return [(str(p), p.read_text()) for p in pathlib.Path(prefix).rglob('*'+ext)]
msgs = sum(len(re.findall(r'^[a-zA-Z][\w-]*\s*=', t, re.M)) for _, t in files('assets/i18n/en', '.ftl'))
keymap = sum(len(re.findall(r'^keys-[\w-]+\s*=', t, re.M)) for _, t in files('assets/i18n/pt-BR', '.ftl'))
lit = 0
for f, t in files('src', '.rs'):
    if f.endswith('tests.rs') or '/tests/' in f: continue
    m = re.search(r'^#\[cfg\(test\)\]\s*\n\s*mod ', t, re.M)
    if m: t = t[:m.start()]
    t = '\n'.join(l for l in t.splitlines() if not l.strip().startswith('//'))
    for s in re.findall(r'"((?:[^"\\]|\\.)*)"', t):
        if re.search(r'[A-Za-z]+\s+[A-Za-z]+', s): lit += 1
print(f'messages {msgs} keymap {keymap} literals {lit}')
