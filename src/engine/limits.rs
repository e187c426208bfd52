//! What a search may spend: depth, nodes, time or a chess clock.

use std::time::Duration;

use shakmaty::Move;

/// A chess clock as UCI sends it (`wtime btime winc binc movestogo`), for the side to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Clock {
    /// Time left on the mover's clock.
    pub remaining: Duration,
    /// Increment per move.
    pub increment: Duration,
    /// Moves until the next time control, if any.
    pub moves_to_go: Option<u32>,
}

/// Limits of one search. Several may be combined; the search stops at the first one reached.
/// With none of depth, nodes, move time and clock set and `infinite` false, the search runs to
/// the maximum depth.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SearchLimits {
    /// Maximum depth in plies.
    pub depth: Option<u32>,
    /// Maximum nodes.
    pub nodes: Option<u64>,
    /// Exact time to spend.
    pub movetime: Option<Duration>,
    /// The mover's clock; the time manager budgets from it.
    pub clock: Option<Clock>,
    /// Search until stopped (time limits are ignored; depth and nodes still apply).
    pub infinite: bool,
    /// Time reserved for communication per move (UCI `Move Overhead`).
    pub overhead: Duration,
    /// Restrict the root to these moves (UCI `searchmoves`); empty = all legal moves.
    pub searchmoves: Vec<Move>,
    /// Search every root move with a full window so that all root scores are exact (slower;
    /// used by the weaker levels to choose among near-best moves and by explanations).
    pub exact_root_scores: bool,
    /// A move to search first at the root (the position database's stored best move); ignored
    /// when not legal.
    pub first_move: Option<Move>,
}

impl SearchLimits {
    /// A fixed-depth search.
    pub fn depth(depth: u32) -> SearchLimits {
        SearchLimits {
            depth: Some(depth),
            ..SearchLimits::default()
        }
    }

    /// A fixed-time search.
    pub fn movetime(time: Duration) -> SearchLimits {
        SearchLimits {
            movetime: Some(time),
            ..SearchLimits::default()
        }
    }

    /// A fixed-node search.
    pub fn nodes(nodes: u64) -> SearchLimits {
        SearchLimits {
            nodes: Some(nodes),
            ..SearchLimits::default()
        }
    }
}
