#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# Copyright (C) 2026 The kibitzer authors
"""A `kibitzer` that keeps the accounts: runs the real binary with the same arguments, its
standard error on a pseudo-terminal (so a review prints its progress and its "about N s left"),
its standard output passed through, and appends one JSON line per run to the log: the
arguments, the wall time, the CPU time of the binary and every engine it started (user + sys),
the load average at the start and the end, and each estimate with the wall time it was given at,
the time actually left then, and the CPU time the review had used by then (the process and its
children, from /proc: an estimate can then be checked in CPU time, whatever the load).

Use it as `scripts/review_agreement.py --kibitzer scripts/review_timed.py` with
`KIBITZER_REAL=target/release/kibitzer` and `KIBITZER_TIMED_LOG=timed.jsonl` in the
environment, so that one measurement gives the agreement, the CPU time and the estimate's
accuracy (docs/REVIEW.md, "The time estimate").
"""
import json
import os
import pty
import re
import resource
import subprocess
import sys
import time

# "reviewing: 12/57 plies, about 40 s left" (cli-reviewing, assets/i18n/en/cli.ftl).
TICK = os.sysconf("SC_CLK_TCK")


def stat_of(pid: int):
    """(parent pid, CPU seconds user + sys of the process and its waited-for children) from
    /proc/PID/stat; None for a process already gone."""
    try:
        fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
        return int(fields[1]), sum(int(f) for f in fields[11:15]) / TICK
    except (OSError, ValueError, IndexError):
        return None


def tree_cpu(pid: int) -> float:
    """CPU seconds (user + sys) used so far by process `pid` and its descendants (an external
    analyst's engines), from /proc (parents read from every /proc/N/stat: the kernel's
    `task/*/children` list is not always built in); 0 for a process already gone."""
    stats = {}
    for name in os.listdir("/proc"):
        if name.isdigit():
            s = stat_of(int(name))
            if s is not None:
                stats[int(name)] = s
    if pid not in stats:
        return 0.0

    def total(p: int) -> float:
        return stats[p][1] + sum(total(c) for c, (pp, _) in stats.items() if pp == p)

    return total(pid)


PROGRESS = re.compile(rb"reviewing: (\d+)/(\d+) plies, about (\d+) s left")


def main() -> int:
    real = os.environ.get("KIBITZER_REAL", "target/release/kibitzer")
    log = os.environ.get("KIBITZER_TIMED_LOG", "timed.jsonl")
    load0 = os.getloadavg()[0]
    master, slave = pty.openpty()
    t0 = time.monotonic()
    proc = subprocess.Popen([real, *sys.argv[1:]], stderr=slave)
    os.close(slave)
    buf, points, other = b"", [], []
    first_pass_end = None  # the first "refining (depth N)": the first pass is over
    first_pass_cpu = None
    seen = False  # the line in `buf` was read already

    def read(line: bytes) -> bool:
        """Reads a line as soon as it is complete on the terminal (kibitzer ends a progress line
        with spaces and begins the next with "\r"), once: true when it was read."""
        nonlocal first_pass_end, first_pass_cpu
        now = time.monotonic() - t0
        m = PROGRESS.search(line)
        if m:
            points.append((now, int(m.group(1)), int(m.group(2)), int(m.group(3)), tree_cpu(proc.pid)))
            return True
        if b"refin" in line:
            if first_pass_end is None:
                first_pass_end = now
                first_pass_cpu = tree_cpu(proc.pid)
            return True
        return False

    while True:
        try:
            chunk = os.read(master, 4096)
        except OSError:
            break
        if not chunk:
            break
        for c in chunk:
            if c in b"\r\n":
                if not seen and not read(buf) and buf.strip():
                    other.append(buf.decode(errors="replace").strip())
                buf, seen = b"", False
            else:
                buf += bytes([c])
        if not seen and buf.rstrip() != buf:
            seen = read(buf)
    rc = proc.wait()
    wall = time.monotonic() - t0
    end = first_pass_end if first_pass_end is not None else wall
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    row = {
        "args": sys.argv[1:],
        "rc": rc,
        "wall": round(wall, 2),
        "first_pass": round(end, 2),
        "first_pass_cpu": first_pass_cpu,
        "cpu": round(usage.ru_utime + usage.ru_stime, 2),
        "load": [round(load0, 2), round(os.getloadavg()[0], 2)],
        "estimates": [
            {"t": round(t, 2), "done": d, "total": n, "estimate": e, "actual": round(end - t, 2),
             "cpu": round(c, 2)}
            for t, d, n, e, c in points
        ],
    }
    with open(log, "a") as f:
        f.write(json.dumps(row) + "\n")
    for line in other:
        print(line, file=sys.stderr)
    return rc


if __name__ == "__main__":
    sys.exit(main())
