#!/usr/bin/env python3
"""Import cycles among kibitzer's modules (issue 35's reader's check).

Reads every non-test source file under src/ (test modules — files named `tests.rs` or
`*_tests.rs`, and everything after a `#[cfg(test)]` line — and comment lines are skipped),
collects the modules each one names through `crate::…` paths (in `use` declarations and in
code) and `super::…` paths, and builds the graph of modules at the chosen depth: top-level
modules (`app`, `engine`, `config`, …), and one level deeper inside the modules listed by
`--expand` (by default the application's: `app`, `shell`, `ui`, and the screens). Prints the
strongly connected components of more than one node (the import cycles), largest first, each
with one example file and line per edge: of the whole graph, then of each group of `GROUPS`
alone (the subgraph its modules induce: the screens, the shell and `app`; config and the
engine), and exits with 1 when a group has a cycle of its own.

Usage: scripts/import_cycles.py [--src src] [--expand app,shell,...]
Deterministic and fast (well under a second); run from the repository's root.
"""

import argparse
import re
import sys
from collections import defaultdict
from pathlib import Path

SCREENS = ["app", "shell", "ui", "review", "analysis_board", "editor", "play", "screen", "config"]
# Groups of top-level modules that must have no import cycle among themselves (the cycles
# of the subgraph they induce; a path through another module does not count): the screens,
# the shell and `app`; config and the engine (the targets).
GROUPS = {
    "screens, shell and app": ["app", "shell", "ui", "review", "analysis_board", "editor", "play", "screen"],
    "config and engine": ["config", "engine"],
}

PATH = re.compile(r"\b(crate|super)((?:::[A-Za-z_][A-Za-z0-9_]*)+|::\{)")


def module_of(path: Path, src: Path) -> list[str]:
    parts = list(path.relative_to(src).with_suffix("").parts)
    if parts in (["lib"], ["main"]):
        return []
    return parts


def code_lines(text: str):
    for number, line in enumerate(text.splitlines(), 1):
        stripped = line.strip()
        if stripped.startswith("#[cfg(test)]"):
            return
        if stripped.startswith("//"):
            continue
        yield number, line.split("//", 1)[0]


def group_names(text: str, start: int) -> list[str]:
    """The first path component of each item of a `{…}` group starting at `start`."""
    depth, item, names = 0, "", []
    for ch in text[start:]:
        if ch == "{":
            depth += 1
            if depth == 1:
                continue
        elif ch == "}":
            depth -= 1
            if depth == 0:
                names.append(item)
                break
        elif ch == "," and depth == 1:
            names.append(item)
            item = ""
            continue
        if depth >= 1:
            item += ch
    firsts = []
    for name in names:
        first = re.split(r"::|\s|\{", name.strip(), maxsplit=1)[0]
        if first and first not in ("self",):
            firsts.append(first)
    return firsts


def targets(module: list[str], text: str):
    """(line, target module path) for every `crate::`/`super::` path in the code."""
    for number, line in code_lines(text):
        for m in PATH.finditer(line):
            head, rest = m.group(1), m.group(2)
            base = [] if head == "crate" else module[:-1]
            if rest == "::{":
                for first in group_names(line, m.end() - 1):
                    yield number, base + [first]
                continue
            comps = rest.strip(":").split("::")
            while head == "super" and comps and comps[0] == "super":
                base = base[:-1]
                comps = comps[1:]
            if comps:
                yield number, base + comps


def node(path: list[str], expand: set[str]) -> str | None:
    if not path:
        return None
    if path[0] in expand and len(path) > 1:
        return f"{path[0]}::{path[1]}"
    return path[0]


def sccs(graph: dict[str, set[str]]) -> list[list[str]]:
    index, low, stack, on, out = {}, {}, [], set(), []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            out.append(sorted(comp))

    sys.setrecursionlimit(10000)
    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--src", default="src")
    ap.add_argument("--expand", default=",".join(SCREENS))
    args = ap.parse_args()
    src = Path(args.src)
    expand = set(filter(None, args.expand.split(",")))
    files = sorted(p for p in src.rglob("*.rs") if not re.search(r"(^|_)tests\.rs$", p.name))
    known = {tuple(module_of(p, src)) for p in files}
    graph: dict[str, set[str]] = defaultdict(set)
    example: dict[tuple[str, str], str] = {}
    for path in files:
        module = module_of(path, src)
        here = node(module, expand)
        if here is None:
            continue
        graph[here]
        for number, target in targets(module, path.read_text()):
            # The longest prefix that is a module file (a path may end with an item).
            while target and tuple(target) not in known:
                target = target[:-1]
            there = node(target, expand)
            if there is None or there == here or here.split("::")[0] == there:
                continue
            if there.split("::")[0] == here and "::" not in here:
                continue
            graph[here].add(there)
            example.setdefault((here, there), f"{path}:{number}")
    def report(title, sub):
        cycles = sorted((c for c in sccs(sub) if len(c) > 1), key=lambda c: (-len(c), c))
        print(f"== {title}: {len(cycles)} cycles among {len(sub)} modules")
        for comp in cycles:
            members = set(comp)
            print(f"cycle of {len(comp)}: {' '.join(comp)}")
            for a in comp:
                for b in sorted(sub[a] & members):
                    print(f"    {a} -> {b}  ({example[(a, b)]})")
        return cycles

    report("every module", graph)
    failed = False
    for title, tops in GROUPS.items():
        keep = {v for v in graph if v.split("::")[0] in tops}
        sub = {v: graph[v] & keep for v in keep}
        failed |= bool(report(title, sub))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
