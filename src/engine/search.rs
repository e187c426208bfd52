//! The search: iterative deepening over a negamax alpha-beta with principal variation search,
//! aspiration windows, a transposition table, null-move pruning, late move reductions,
//! reverse futility and futility pruning, razoring, ProbCut, late move pruning, SEE pruning of
//! losing captures and quiet moves, check and singular extensions (with multi-cut) and draw
//! detection (repetition against the game and the search path, fifty moves, bare kings), and
//! the endgame tables ([`crate::tablebase`]): a root they hold is answered from them, a node
//! reached by a capture or a pawn move that they hold is scored by them.
//! An iteration cut short by the stop still counts when it already proved a root move better
//! than the previous iteration's best: that move is played.
//!
//! [`search`] is a plain synchronous function (STYLE rule 4). It allocates only when it starts
//! and once per completed iteration (the report); nodes use shakmaty's stack `MoveList` and
//! preallocated tables.
//!
//! This file holds the entry point and the result types; the search itself is split by job:
//! `search/searcher.rs` (the state of one search and node bookkeeping), `smp.rs` (several
//! threads on one search: Lazy SMP), `iterate.rs`
//! (iterative deepening), `aspiration.rs` (the windows of one iteration), `root.rs` (the root
//! moves), `negamax.rs` (interior nodes), `probcut.rs`, `quiescence.rs`, and [`params`]: every
//! margin, reduction and threshold, named and documented.

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use shakmaty::Move;

use super::limits::SearchLimits;
use super::memory::SearchMemory;
use super::rules::{Evaluator, SearchRules};
use super::score::{Bound, Score};

mod aspiration;
mod iterate;
mod negamax;
pub mod params;
mod probcut;
mod quiescence;
mod root;
mod searcher;
mod smp;

use searcher::Searcher;

/// The Zobrist key of a position as the search and the game history use it (one definition,
/// in the game model).
pub use crate::game::zobrist;

/// Progress of a search, reported after every iteration and every aspiration failure.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SearchInfo {
    /// Nominal depth of the iteration.
    pub depth: u32,
    /// Deepest ply reached (selective depth).
    pub seldepth: u32,
    /// Score from the side to move's point of view.
    pub score: Score,
    /// Whether the score is exact or a bound (aspiration failure).
    pub bound: Bound,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Time since the search started.
    pub time: Duration,
    /// Nodes per second.
    pub nps: u64,
    /// Permille of the transposition table used by this search.
    pub hashfull: u32,
    /// Principal variation.
    pub pv: Vec<Move>,
}

/// One completed iteration of iterative deepening.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Iteration {
    /// Depth of the iteration.
    pub depth: u32,
    /// Selective depth reached.
    pub seldepth: u32,
    /// Best move at this depth.
    pub best_move: Move,
    /// Its score (exact).
    pub score: Score,
    /// Nodes searched up to the end of this iteration.
    pub nodes: u64,
    /// Time up to the end of this iteration.
    pub time: Duration,
    /// Principal variation.
    pub pv: Vec<Move>,
}

/// What the search knows about one root move after the last completed iteration.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RootMove {
    /// The move.
    pub mv: Move,
    /// Its score from the root side's point of view.
    pub score: Score,
    /// Exact, or an upper bound (a move proved worse than the best without an exact score).
    pub bound: Bound,
    /// The depth the score comes from (0 = not searched yet).
    pub depth: u32,
}

/// The outcome of a search.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SearchResult {
    /// The best move (`None` only when the side to move has no legal move).
    pub best_move: Option<Move>,
    /// The expected reply (second move of the PV).
    pub ponder: Option<Move>,
    /// Score of the best move from the side to move's point of view.
    pub score: Score,
    /// Principal variation of the last completed iteration, or, when an iteration cut short
    /// found a better move than it, that move (with what is known of its line).
    pub pv: Vec<Move>,
    /// Last completed depth.
    pub depth: u32,
    /// Selective depth.
    pub seldepth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// Time spent.
    pub time: Duration,
    /// Nodes per second.
    pub nps: u64,
    /// Permille of the transposition table used by this search.
    pub hashfull: u32,
    /// Every completed iteration, shallowest first.
    pub iterations: Vec<Iteration>,
    /// Root moves, best first, with their scores (exact for the best move, and for all moves
    /// with [`SearchLimits::exact_root_scores`]).
    pub root_moves: Vec<RootMove>,
    /// Whether the search was cut short by the stop flag or a limit before its maximum depth.
    pub stopped: bool,
}

/// The deepest iteration the search starts.
pub const MAX_DEPTH: u32 = 100;

/// Searches `pos` and returns the best move with everything learnt on the way.
///
/// `history` holds the Zobrist keys ([`zobrist`]) of the positions before `pos` in the game,
/// oldest first, for repetition detection. `info` is called after each iteration (and after
/// aspiration failures). The search stops when `stop` becomes true, when a limit is reached, or
/// at [`MAX_DEPTH`]; depth 1 always completes so that a legal move is returned. `memory` holds
/// what earlier searches of the same game learnt (hash entries, move-ordering histories) and
/// learns from this one: the result depends on it (clear it for searches that must not
/// influence each other). With [`SearchMemory::set_threads`] above 1, helper threads search the
/// same root beside the calling thread, sharing the table (Lazy SMP, `search/smp.rs`): the
/// calling thread still decides the move and makes every report, and the node counts are the
/// sum of every thread's; such a search is not deterministic.
pub fn search<P: SearchRules, E: Evaluator<P>>(
    pos: &P,
    history: &[u64],
    limits: &SearchLimits,
    eval: &E,
    memory: &mut SearchMemory,
    stop: &AtomicBool,
    info: &mut dyn FnMut(&SearchInfo),
) -> SearchResult {
    let (tt, ordering, helpers) = memory.new_search();
    if helpers.is_empty() {
        let mut s = Searcher::new(pos, history, limits, eval, tt, ordering, stop);
        return s.iterate(pos, info);
    }
    smp::search(
        pos,
        history,
        limits,
        eval,
        (tt, ordering, helpers),
        stop,
        info,
    )
}
