# SPDX-License-Identifier: GPL-3.0-or-later
# Copyright (C) 2026 The kibitzer authors
"""How the measurement scripts name, find and configure UCI engines (shared by match.py and epd.py).

An engine is given as a quoted command line (``"target/release/kibitzer uci"``), as ``sf:ELO``
(Stockfish with ``UCI_LimitStrength`` at that Elo, 1 thread, 16 MB hash) or as ``sf`` (full-strength
Stockfish, 1 thread, 16 MB hash).
"""

from __future__ import annotations

import argparse
import os
import re
import shlex
import shutil
from typing import Dict, List, Optional, Tuple

import chess.engine

STOCKFISH_ELO_MIN, STOCKFISH_ELO_MAX = 1350, 2850


def find_stockfish(explicit: Optional[str]) -> str:
    """Locate the Stockfish binary: the explicit path, then PATH, then /usr/games."""
    if explicit:
        return explicit
    found = shutil.which("stockfish")
    if found:
        return found
    if os.access("/usr/games/stockfish", os.X_OK):
        return "/usr/games/stockfish"
    raise SystemExit("error: Stockfish not found; pass --stockfish PATH")


def parse_option(text: str) -> Tuple[str, str]:
    """Parse a ``NAME=VALUE`` command-line option (an argparse type)."""
    if "=" not in text:
        raise argparse.ArgumentTypeError(f"option must be NAME=VALUE, got {text!r}")
    name, value = text.split("=", 1)
    return name.strip(), value.strip()


def engine_command(value: str, stockfish: Optional[str]) -> Tuple[List[str], Dict[str, str], str]:
    """Turn an engine argument into (command, UCI options, default display name)."""
    match = re.fullmatch(r"(?:sf|stockfish):(\d+)", value.strip())
    if match:
        elo = int(match.group(1))
        if not STOCKFISH_ELO_MIN <= elo <= STOCKFISH_ELO_MAX:
            raise SystemExit(f"error: Stockfish UCI_Elo must be in "
                             f"{STOCKFISH_ELO_MIN}..{STOCKFISH_ELO_MAX}, got {elo}")
        options = {"Threads": "1", "Hash": "16", "UCI_LimitStrength": "true", "UCI_Elo": str(elo)}
        return [find_stockfish(stockfish)], options, f"Stockfish-{elo}"
    if value.strip() in ("sf", "stockfish"):
        return [find_stockfish(stockfish)], {"Threads": "1", "Hash": "16"}, "Stockfish"
    command = shlex.split(value)
    if not command:
        raise SystemExit("error: empty engine command")
    words = [w for w in command if not w.startswith("-")]
    first = os.path.basename(words[0]) if words else command[0]
    if re.fullmatch(r"python[0-9.]*|env|nice|taskset", first) and len(words) > 1:
        first = os.path.basename(words[1])
    return command, {}, first


def typed_options(engine: chess.engine.SimpleEngine, options: Dict[str, str]) -> Dict[str, object]:
    """Convert string option values to the types the engine declares (unknown names are errors)."""
    result: Dict[str, object] = {}
    declared = engine.options
    for key, value in options.items():
        if key not in declared:
            raise ValueError(f"engine has no UCI option {key!r} "
                             f"(it has: {', '.join(sorted(declared))})")
        kind = declared[key].type
        if kind == "check":
            result[key] = value.lower() in ("true", "1", "yes", "on")
        elif kind == "spin":
            result[key] = int(value)
        else:
            result[key] = value
    return result
