//! The App's side of the engine conversation: search ids, requests going out and reports coming
//! in. The runner translates between these and the engine's own types, so the model stays
//! testable with synthetic reports.

use std::fmt;

use shakmaty::{Chess, Move};

/// Identifies one search; reports carrying another id are stale and dropped.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SearchId(pub u64);

/// Why a search was started.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Purpose {
    /// The engine's own move: the best move is played when the search is done.
    Move,
    /// A hint for the human: the best move is highlighted, not played.
    Hint,
}

/// What the engine is asked to search.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SearchRequest {
    /// The search id.
    pub id: SearchId,
    /// A move to play (at the configured level's strength) or a hint (full strength).
    pub purpose: Purpose,
    /// The position to search.
    pub position: Chess,
    /// Zobrist keys of every position from the start up to and including `position`.
    pub history: Vec<u64>,
    /// The engine settings in force (level, depth and time limits, hash size).
    pub engine: crate::config::EngineConfig,
    /// The evaluation settings in force (the config file may change them between moves).
    pub eval: crate::config::EvalConfig,
}

/// An evaluation from the point of view of the side to move at the root of the search.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Score {
    /// Centipawns.
    Cp(i32),
    /// Mate in this many moves (negative: the side to move gets mated).
    Mate(i32),
}

impl Score {
    /// The same score from the other side's point of view.
    #[must_use]
    pub fn flip(self) -> Score {
        match self {
            Score::Cp(cp) => Score::Cp(-cp),
            Score::Mate(n) => Score::Mate(-n),
        }
    }
}

impl fmt::Display for Score {
    /// `+0.35`, `-1.20`, `#3`, `#-2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Score::Cp(cp) => {
                let sign = if cp < 0 { '-' } else { '+' };
                let abs = cp.unsigned_abs();
                write!(f, "{sign}{}.{:02}", abs / 100, abs % 100)
            }
            Score::Mate(n) => write!(f, "#{n}"),
        }
    }
}

/// A search's state of knowledge: sent while it runs and when it is done.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Thinking {
    /// Completed depth.
    pub depth: u32,
    /// Selective depth.
    pub seldepth: u32,
    /// Score for the side to move at the root.
    pub score: Score,
    /// Nodes searched.
    pub nodes: u64,
    /// Nodes per second.
    pub nps: u64,
    /// The principal variation from the root.
    pub pv: Vec<Move>,
}

/// The engine's analysis of a move it played, kept for the explanation panel.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveAnalysis {
    /// The search report at the end.
    pub thinking: Thinking,
    /// The position the search started from (to print the line in SAN).
    pub root: Chess,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_print_in_pawns_and_mates() {
        assert_eq!(Score::Cp(35).to_string(), "+0.35");
        assert_eq!(Score::Cp(-120).to_string(), "-1.20");
        assert_eq!(Score::Cp(0).to_string(), "+0.00");
        assert_eq!(Score::Mate(3).to_string(), "#3");
        assert_eq!(Score::Mate(-2).flip(), Score::Mate(2));
    }
}
