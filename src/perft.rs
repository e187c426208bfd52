//! Move-path enumeration (perft) for any game behind the variant seam (chess through shakmaty,
//! Pawn Battle): a correctness and speed tool for the rules layer, and the `kibitzer perft`
//! command.

use std::time::{Duration, Instant};

use crate::variant::VariantPosition;

/// The count for one root move (for `--divide`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DivideLine {
    /// The root move in UCI notation.
    pub uci: String,
    /// Leaf nodes below it.
    pub nodes: u64,
}

/// The result of a perft run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PerftReport {
    /// Leaf nodes at the requested depth.
    pub nodes: u64,
    /// Per-root-move counts, sorted by UCI, when divided.
    pub divide: Vec<DivideLine>,
    /// Wall time spent.
    pub elapsed: Duration,
}

impl PerftReport {
    /// Leaf nodes per second.
    pub fn nps(&self) -> u64 {
        let secs = self.elapsed.as_secs_f64();
        if secs > 0.0 {
            (self.nodes as f64 / secs) as u64
        } else {
            0
        }
    }
}

/// Leaf nodes of the legal move tree to `depth` (a finished game is a leaf: it has no moves).
///
/// ```
/// assert_eq!(kibitzer::perft::count(&shakmaty::Chess::default(), 2), 400);
/// ```
pub fn count<P: VariantPosition>(pos: &P, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = pos.legal_moves();
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|m| {
            let mut after = pos.clone();
            after.play_unchecked(*m);
            count(&after, depth - 1)
        })
        .sum()
}

/// Counts the leaf nodes of the legal move tree to `depth`, optionally per root move.
///
/// ```
/// let r = kibitzer::perft::run(&shakmaty::Chess::default(), 3, false);
/// assert_eq!(r.nodes, 8902);
/// ```
pub fn run<P: VariantPosition>(pos: &P, depth: u32, divide: bool) -> PerftReport {
    let start = Instant::now();
    let mut lines = Vec::new();
    let nodes = if divide && depth >= 1 {
        let mut total = 0;
        for m in pos.legal_moves() {
            let mut after = pos.clone();
            after.play_unchecked(m);
            let n = count(&after, depth - 1);
            total += n;
            lines.push(DivideLine {
                uci: pos.uci(m).to_string(),
                nodes: n,
            });
        }
        lines.sort_by(|a, b| a.uci.cmp(&b.uci));
        total
    } else {
        count(pos, depth)
    };
    PerftReport {
        nodes,
        divide: lines,
        elapsed: start.elapsed(),
    }
}
