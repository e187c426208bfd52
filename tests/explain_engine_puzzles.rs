//! "Our engine finds the line itself": the engine searches each Lichess puzzle position (after
//! the opponent's move `Moves[0]`) at a fixed depth and should play the solver's moves.
//!
//! A move counts as found when it is the solution's move, or when it mates (Lichess accepts any
//! mate). The first move is judged from the puzzle position; the whole line by searching again
//! before each of the solver's moves, after the solution's moves so far.
//!
//! The normal test searches the first twelve puzzles of the file at depth 6 (deterministic: a
//! fixed depth on one thread) and pins how many are found. The ignored test measures all
//! puzzles and prints a table by theme:
//! `KIBITZER_PUZZLE_DEPTH=8 cargo test --release --test explain_engine_puzzles -- --ignored --nocapture`.

#[path = "explain_support/common.rs"]
mod common;

use std::collections::BTreeMap;
use std::sync::atomic::AtomicBool;

use common::Puzzle;
use kibitzer::engine::{EvalParams, SearchLimits, SearchMemory, search, zobrist};
use shakmaty::{Chess, Move, Position};

/// What the engine found on one puzzle.
#[derive(Debug, Clone, Copy, Default)]
struct Found {
    /// The first solver move (or a mate).
    first: bool,
    /// Every solver move (or a mate where the line mates).
    line: bool,
}

/// The engine's move in `pos` at `depth`, with a fresh table.
fn engine_move(
    pos: &Chess,
    history: &[u64],
    depth: u32,
    memory: &mut SearchMemory,
) -> Option<Move> {
    memory.clear();
    let stop = AtomicBool::new(false);
    let params = EvalParams::default();
    search(
        pos,
        history,
        &SearchLimits::depth(depth),
        &params,
        memory,
        &stop,
        &mut |_| {},
    )
    .best_move
}

/// Whether `m` is `want`, or mates.
fn accepted(pos: &Chess, m: Move, want: Move) -> bool {
    if m == want {
        return true;
    }
    let mut next = pos.clone();
    next.play_unchecked(m);
    next.is_checkmate()
}

fn solve(p: &Puzzle, depth: u32, memory: &mut SearchMemory) -> Found {
    let mut pos = p.root.clone();
    let mut history = Vec::new();
    let mut found = Found {
        first: false,
        line: true,
    };
    for (i, want) in p.line.iter().copied().enumerate() {
        if i % 2 == 0 {
            let ok =
                engine_move(&pos, &history, depth, memory).is_some_and(|m| accepted(&pos, m, want));
            if i == 0 {
                found.first = ok;
            }
            if !ok {
                found.line = false;
                break;
            }
        }
        history.push(zobrist(&pos));
        pos.play_unchecked(want);
    }
    found
}

/// Found first moves among the first 12 puzzles of the file at depth 6 (measured: 10 of 12
/// until session 3, 9 of 12 with the evaluation of candidate 3, whose depth-8 run over all 2,396
/// puzzles rose from 94.6 % to 95.0 %: a twelve-puzzle sample moves by one either way).
const FIRST_FLOOR: usize = 9;
/// Found whole lines among them (measured: 9 of 12).
const LINE_FLOOR: usize = 9;

#[test]
fn engine_finds_the_first_puzzles_at_depth_6() {
    let mut memory = SearchMemory::new(16);
    let results: Vec<(String, Found)> = common::puzzles()
        .iter()
        .take(12)
        .map(|p| (p.id.clone(), solve(p, 6, &mut memory)))
        .collect();
    let first = results.iter().filter(|(_, f)| f.first).count();
    let line = results.iter().filter(|(_, f)| f.line).count();
    println!("{results:?}");
    assert!(
        first >= FIRST_FLOOR,
        "first moves found {first} < {FIRST_FLOOR}: {results:?}"
    );
    assert!(
        line >= LINE_FLOOR,
        "lines found {line} < {LINE_FLOOR}: {results:?}"
    );
}

#[derive(Default)]
struct Tally {
    n: usize,
    first: usize,
    line: usize,
}

#[test]
#[ignore = "measurement: searches every puzzle (minutes); prints a table by theme"]
fn engine_finds_the_line_by_theme() {
    let depth: u32 = std::env::var("KIBITZER_PUZZLE_DEPTH")
        .ok()
        .and_then(|d| d.parse().ok())
        .unwrap_or(8);
    let mut memory = SearchMemory::new(16);
    let mut by_tag: BTreeMap<String, Tally> = BTreeMap::new();
    let mut all = Tally::default();
    for p in common::puzzles() {
        let f = solve(&p, depth, &mut memory);
        for t in p.tags.iter().map(String::as_str).chain(["(all)"]) {
            let e = if t == "(all)" {
                &mut all
            } else {
                by_tag.entry(t.to_owned()).or_default()
            };
            e.n += 1;
            e.first += usize::from(f.first);
            e.line += usize::from(f.line);
        }
    }
    println!("depth {depth}");
    println!("| tag | puzzles | first move found | whole line found |");
    println!("|---|---|---|---|");
    let pct = |k: usize, n: usize| 100.0 * k as f64 / n.max(1) as f64;
    for (t, e) in std::iter::once(("(all)".to_owned(), &all))
        .chain(by_tag.iter().map(|(t, e)| (t.clone(), e)))
    {
        println!(
            "| {t} | {} | {} ({:.1} %) | {} ({:.1} %) |",
            e.n,
            e.first,
            pct(e.first, e.n),
            e.line,
            pct(e.line, e.n)
        );
    }
}
