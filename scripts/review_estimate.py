"""The review's time estimate against the wall clock (docs/REVIEW.md, "The time estimate").

Usage: python3 scripts/review_estimate.py BINARY ENGINE GAME.pgn  (ENGINE: builtin or stockfish).
Runs `BINARY review GAME.pgn --json --no-db --engine ENGINE` on a pseudo-terminal (so it prints
its progress), in a throwaway home, and prints the estimate and the time actually left at
some plies.
"""
import subprocess, sys, time, re, os, tempfile
bin_, engine, pgn = sys.argv[1], sys.argv[2], sys.argv[3]
home = tempfile.mkdtemp()
env = dict(os.environ, HOME=home, XDG_CONFIG_HOME=home + '/.config', XDG_DATA_HOME=home + '/.local/share')
os.makedirs(env['XDG_CONFIG_HOME'], exist_ok=True)
t0 = time.time()
import pty
master, slave = pty.openpty()
p = subprocess.Popen(['nice','-n','10',bin_,'review',pgn,'--json','--no-db','--engine',engine], stdout=subprocess.DEVNULL, stderr=slave, env=env)
os.close(slave)
class R:
    def read(self,n):
        try: return os.read(master,n)
        except OSError: return b''
p.stderr=R()
buf=b''; pts=[]
while True:
    c = p.stderr.read(1)
    if not c: break
    if c in b'\r\n':
        m = re.search(rb'reviewing: (\d+)/(\d+) plies, about (\d+) s left', buf)
        if m: pts.append((time.time()-t0, int(m.group(1)), int(m.group(3))))
        elif buf.strip(): print(buf.decode(errors='replace'), file=sys.stderr)
        buf=b''
    else: buf+=c
p.wait(); total=time.time()-t0
print(f"engine={engine} wall={total:.1f}s plies={pts[-1][1] if pts else 0}")
for t,d,eta in pts:
    if d in (3,5,10,15,21,30,35,40):
        actual = total - t
        print(f"  ply {d:2}: t={t:5.1f}s estimate {eta:4d}s actual {actual:5.1f}s ratio {actual/max(eta,0.5):.2f}")
