//! Move-path enumeration (perft) through shakmaty: a correctness and speed tool for the rules
//! layer, and the `kibitzer perft` command.

use std::time::{Duration, Instant};

use shakmaty::{CastlingMode, Chess, Position};

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

/// Counts the leaf nodes of the legal move tree to `depth`, optionally per root move.
///
/// ```
/// let r = kibitzer::perft::run(&shakmaty::Chess::default(), 3, false);
/// assert_eq!(r.nodes, 8902);
/// ```
pub fn run(pos: &Chess, depth: u32, divide: bool) -> PerftReport {
    let start = Instant::now();
    let mut lines = Vec::new();
    let nodes = if divide && depth >= 1 {
        let mut total = 0;
        for m in pos.legal_moves() {
            let mut after = pos.clone();
            after.play_unchecked(m);
            let n = shakmaty::perft(&after, depth - 1);
            total += n;
            lines.push(DivideLine {
                uci: m.to_uci(CastlingMode::Standard).to_string(),
                nodes: n,
            });
        }
        lines.sort_by(|a, b| a.uci.cmp(&b.uci));
        total
    } else {
        shakmaty::perft(pos, depth)
    };
    PerftReport {
        nodes,
        divide: lines,
        elapsed: start.elapsed(),
    }
}
