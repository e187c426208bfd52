//! The search: iterative deepening over a negamax alpha-beta with principal variation search,
//! aspiration windows, a transposition table, null-move pruning, late move reductions,
//! reverse futility and futility pruning, razoring, ProbCut, late move pruning, SEE pruning of
//! losing captures and quiet moves, check and singular extensions (with multi-cut) and draw
//! detection (repetition against the game and the search path, fifty moves, bare kings).
//! An iteration cut short by the stop still counts when it already proved a root move better
//! than the previous iteration's best: that move is played.
//!
//! [`search`] is a plain synchronous function (STYLE rule 4). It allocates only when it starts
//! and once per completed iteration (the report); nodes use shakmaty's stack `MoveList` and
//! preallocated tables.

use std::sync::atomic::{AtomicBool, Ordering as AtomicOrdering};
use std::time::Duration;

use shakmaty::zobrist::Zobrist64;
use shakmaty::{Chess, EnPassantMode, Move, MoveList, Position, Role};

use super::check::gives_check;
use super::eval::{EvalParams, evaluate};
use super::limits::SearchLimits;
use super::memory::SearchMemory;
use super::order::{Context, MAX_MOVES, Ordering, pick};
use super::score::{Bound, INFINITE, MATE, MATE_BOUND, MAX_PLY, Score, from_tt, to_tt};
use super::see::see_ge;
use super::time::{TimeManager, stability_scale};
use super::tt::{PackedMove, Probe, TranspositionTable, pack};

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

/// How many tried quiet moves a node remembers for the history penalty at a cutoff.
const QUIETS_REMEMBERED: usize = 64;

/// Counts a quiet move as tried at this node and remembers the first [`QUIETS_REMEMBERED`]
/// of them for the history penalty at a cutoff.
fn note_quiet(tried: &mut MoveList, count: &mut usize, m: Move) {
    if *count < QUIETS_REMEMBERED {
        tried.push(m);
    }
    *count += 1;
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
/// influence each other).
pub fn search(
    pos: &Chess,
    history: &[u64],
    limits: &SearchLimits,
    params: &EvalParams,
    memory: &mut SearchMemory,
    stop: &AtomicBool,
    info: &mut dyn FnMut(&SearchInfo),
) -> SearchResult {
    let (tt, ordering) = memory.new_search();
    let mut s = Searcher::new(pos, history, limits, params, tt, ordering, stop);
    s.iterate(pos, info)
}

#[derive(Clone, Copy, Default)]
struct Frame {
    eval: i32,
    mv: Option<Move>,
    plies_from_null: usize,
    /// The move a singular-extension search leaves out at this ply.
    excluded: Option<Move>,
}

/// Razoring is tried up to this depth.
const RAZOR_DEPTH: i32 = 3;
/// Razoring's margin per ply of depth (centipawns below alpha).
const RAZOR_MARGIN: i32 = 300;

/// ProbCut is tried from this depth on.
const PROBCUT_DEPTH: i32 = 5;
/// How far above beta (centipawns; 50 less when the static evaluation is improving) a capture
/// must score in ProbCut's shallow searches.
const PROBCUT_MARGIN: i32 = 200;

/// Singular extensions are tried from this depth on.
const SINGULAR_DEPTH: i32 = 7;

struct Searcher<'a> {
    params: &'a EvalParams,
    tt: &'a mut TranspositionTable,
    ordering: &'a mut Ordering,
    stop: &'a AtomicBool,
    limits: &'a SearchLimits,
    time: TimeManager,
    keys: Vec<u64>,
    root_index: usize,
    pv: Vec<[Option<Move>; MAX_PLY + 1]>,
    pv_len: [usize; MAX_PLY + 1],
    stack: [Frame; MAX_PLY + 2],
    /// Move-ordering scores per ply (one frame uses a ply's row at a time; no per-node memset).
    scores: Vec<[i32; MAX_MOVES]>,
    reductions: [[u8; 64]; 64],
    nodes: u64,
    seldepth: usize,
    root_depth: i32,
    stopped: bool,
    can_stop: bool,
    /// The root move that last raised alpha in the current iteration, with its score: when
    /// the iteration is cut short, a move that proved better than the previous best at the
    /// new depth is played rather than thrown away.
    iteration_best: Option<(Move, i32)>,
}

impl<'a> Searcher<'a> {
    fn new(
        pos: &Chess,
        history: &[u64],
        limits: &'a SearchLimits,
        params: &'a EvalParams,
        tt: &'a mut TranspositionTable,
        ordering: &'a mut Ordering,
        stop: &'a AtomicBool,
    ) -> Searcher<'a> {
        let mut keys = Vec::with_capacity(history.len() + MAX_PLY + 2);
        keys.extend_from_slice(history);
        let root_index = keys.len();
        keys.push(zobrist(pos));
        let mut reductions = [[0u8; 64]; 64];
        for (d, row) in reductions.iter_mut().enumerate().skip(1) {
            for (n, r) in row.iter_mut().enumerate().skip(1) {
                *r = (0.75 + (d as f64).ln() * (n as f64).ln() / 2.25) as u8;
            }
        }
        Searcher {
            params,
            tt,
            ordering,
            stop,
            limits,
            time: TimeManager::new(limits),
            keys,
            root_index,
            pv: vec![[None; MAX_PLY + 1]; MAX_PLY + 1],
            pv_len: [0; MAX_PLY + 1],
            stack: [Frame::default(); MAX_PLY + 2],
            scores: vec![[0; MAX_MOVES]; MAX_PLY + 2],
            reductions,
            nodes: 0,
            seldepth: 0,
            root_depth: 0,
            stopped: false,
            can_stop: false,
            iteration_best: None,
        }
    }

    fn nps(&self) -> u64 {
        let us = self.time.elapsed().as_micros().max(1);
        (u128::from(self.nodes) * 1_000_000 / us) as u64
    }

    fn root_pv(&self) -> Vec<Move> {
        self.pv[0][..self.pv_len[0]]
            .iter()
            .flatten()
            .copied()
            .collect()
    }

    /// Checks the stop flag, the node limit and the clock; sets `stopped`.
    fn check_stop(&mut self) {
        if !self.can_stop {
            return;
        }
        if self.limits.nodes.is_some_and(|n| self.nodes >= n) {
            self.stopped = true;
        }
        if self.nodes & 2047 == 0
            && (self.stop.load(AtomicOrdering::Relaxed) || self.time.hard_expired())
        {
            self.stopped = true;
        }
    }

    fn iterate(&mut self, pos: &Chess, info: &mut dyn FnMut(&SearchInfo)) -> SearchResult {
        let mut legal = pos.legal_moves();
        if !self.limits.searchmoves.is_empty() {
            legal.retain(|m| self.limits.searchmoves.contains(m));
        }
        let mut root: Vec<RootMove> = legal
            .iter()
            .map(|&mv| RootMove {
                mv,
                score: Score(-INFINITE),
                bound: Bound::Upper,
                depth: 0,
            })
            .collect();
        // Initial order: captures by MVV-LVA, then the rest.
        root.sort_by_key(|r| {
            -super::order::mvv_lva(r.mv) * i32::from(r.mv.is_capture() || r.mv.is_promotion())
        });
        if let Some(i) = self
            .limits
            .first_move
            .and_then(|m| root.iter().position(|r| r.mv == m))
        {
            root[..=i].rotate_right(1);
        }

        let mut result = SearchResult {
            best_move: root.first().map(|r| r.mv),
            ponder: None,
            score: Score(if pos.is_check() && root.is_empty() {
                -MATE
            } else {
                0
            }),
            pv: Vec::new(),
            depth: 0,
            seldepth: 0,
            nodes: 0,
            time: Duration::ZERO,
            nps: 0,
            hashfull: 0,
            iterations: Vec::new(),
            root_moves: Vec::new(),
            stopped: false,
        };
        if root.is_empty() {
            return result;
        }
        let max_depth = self.limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
        let mut prev_score: i32 = 0;
        let mut best_changes = 0u32;
        let mut stable = 0u32;
        for depth in 1..=max_depth {
            self.seldepth = 0;
            let mut delta = 20;
            self.iteration_best = None;
            let (mut alpha, mut beta) =
                if depth >= 5 && !self.limits.exact_root_scores && prev_score.abs() < MATE_BOUND {
                    (
                        (prev_score - delta).max(-INFINITE),
                        (prev_score + delta).min(INFINITE),
                    )
                } else {
                    (-INFINITE, INFINITE)
                };
            let score = loop {
                let score = self.root(pos, &mut root, depth as i32, alpha, beta);
                if self.stopped {
                    break score;
                }
                let bound = if score <= alpha {
                    Bound::Upper
                } else if score >= beta {
                    Bound::Lower
                } else {
                    break score;
                };
                info(&SearchInfo {
                    depth,
                    seldepth: self.seldepth as u32,
                    score: Score(score),
                    bound,
                    nodes: self.nodes,
                    time: self.time.elapsed(),
                    nps: self.nps(),
                    hashfull: self.tt.hashfull(),
                    pv: self.root_pv(),
                });
                if bound == Bound::Upper {
                    beta = (alpha + beta) / 2;
                    alpha = (score - delta).max(-INFINITE);
                } else {
                    beta = (score + delta).min(INFINITE);
                }
                delta += delta;
                if delta > 600 {
                    alpha = -INFINITE;
                    beta = INFINITE;
                }
            };
            self.can_stop = true;
            if self.stopped {
                self.adopt_partial(&root, &mut result);
                break;
            }
            // A completed iteration: best move first, the rest by score.
            root.sort_by_key(|r| std::cmp::Reverse(r.score));
            let pv = self.root_pv();
            let best = root[0].mv;
            if result.best_move != Some(best) && depth > 1 {
                best_changes += 1;
                stable = 0;
            } else {
                stable += 1;
            }
            let score_drop = if depth > 1 { prev_score - score } else { 0 };
            prev_score = score;
            result.best_move = Some(best);
            result.ponder = pv.get(1).copied();
            result.score = Score(score);
            result.pv.clone_from(&pv);
            result.depth = depth;
            result.seldepth = self.seldepth as u32;
            result.root_moves.clone_from(&root);
            let report = SearchInfo {
                depth,
                seldepth: self.seldepth as u32,
                score: Score(score),
                bound: Bound::Exact,
                nodes: self.nodes,
                time: self.time.elapsed(),
                nps: self.nps(),
                hashfull: self.tt.hashfull(),
                pv: pv.clone(),
            };
            info(&report);
            result.iterations.push(Iteration {
                depth,
                seldepth: self.seldepth as u32,
                best_move: best,
                score: Score(score),
                nodes: self.nodes,
                time: report.time,
                pv,
            });
            if self.stop.load(AtomicOrdering::Relaxed) {
                self.stopped = true;
                break;
            }
            // Only one legal move, or a forced mate found: no need to think further on a clock.
            let timed = self.limits.movetime.is_some() || self.limits.clock.is_some();
            if timed && !self.limits.infinite && root.len() == 1 && depth >= 4 {
                break;
            }
            if timed && !self.limits.infinite {
                if self
                    .time
                    .soft_expired(stability_scale(best_changes, stable, score_drop))
                {
                    break;
                }
                best_changes = best_changes.saturating_sub(1);
            }
        }
        result.nodes = self.nodes;
        result.time = self.time.elapsed();
        result.nps = self.nps();
        result.hashfull = self.tt.hashfull();
        result.stopped = self.stopped;
        result
    }

    /// After an iteration was cut short: when a root move other than the previous best raised
    /// alpha in it (so it proved better than the previous best at the new depth), makes it the
    /// result's best move, with its score so far, first among the root moves.
    fn adopt_partial(&self, root: &[RootMove], result: &mut SearchResult) {
        let Some((m, score)) = self.iteration_best else {
            return;
        };
        if result.best_move == Some(m) {
            return;
        }
        let pv = self.root_pv();
        result.best_move = Some(m);
        result.score = Score(score);
        result.pv = if pv.first() == Some(&m) { pv } else { vec![m] };
        result.ponder = result.pv.get(1).copied();
        if let Some(i) = result.root_moves.iter().position(|r| r.mv == m)
            && let Some(now) = root.iter().find(|r| r.mv == m)
        {
            result.root_moves[i] = now.clone();
            result.root_moves[..=i].rotate_right(1);
        }
    }

    fn root(
        &mut self,
        pos: &Chess,
        root: &mut [RootMove],
        depth: i32,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        self.pv_len[0] = 0;
        self.nodes += 1;
        self.stack[0] = Frame {
            eval: if pos.is_check() {
                -INFINITE
            } else {
                evaluate(pos, self.params)
            },
            mv: None,
            plies_from_null: self.keys.len(),
            excluded: None,
        };
        self.root_depth = depth;
        let exact = self.limits.exact_root_scores;
        let mut best = -INFINITE;
        let key = self.keys[self.root_index];
        #[allow(clippy::needless_range_loop)] // `root` is updated in place while iterating.
        for i in 0..root.len() {
            let m = root[i].mv;
            let (child, _) = self.play(pos, key, m, 0);
            let score = if exact {
                -self.negamax(&child, depth - 1, 1, -INFINITE, INFINITE)
            } else if i == 0 {
                -self.negamax(&child, depth - 1, 1, -beta, -alpha)
            } else {
                let s = -self.negamax(&child, depth - 1, 1, -alpha - 1, -alpha);
                if s > alpha && s < beta && !self.stopped {
                    -self.negamax(&child, depth - 1, 1, -beta, -alpha)
                } else {
                    s
                }
            };
            self.keys.pop();
            if self.stopped {
                return best;
            }
            let rm = &mut root[i];
            rm.depth = depth as u32;
            rm.score = Score(score);
            rm.bound = if exact || (score > alpha && score < beta) {
                Bound::Exact
            } else if score >= beta {
                Bound::Lower
            } else {
                Bound::Upper
            };
            if score > best {
                best = score;
                if score > alpha || i == 0 {
                    self.update_pv(0, m);
                }
                if score > alpha {
                    alpha = score;
                    self.iteration_best = Some((m, score));
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        best
    }

    /// Plays `m` from `pos` (whose key is `key`) as the move of `ply`: returns the child and
    /// its key, pushed on the key stack for repetition detection (the caller pops it).
    fn play(&mut self, pos: &Chess, key: u64, m: Move, ply: usize) -> (Chess, u64) {
        let (child, child_key) = self.child(pos, key, m);
        self.keys.push(child_key);
        self.stack[ply].mv = Some(m);
        (child, child_key)
    }

    /// The position after `m` from `pos` (whose key is `key`) and its key. The key is updated
    /// incrementally before the move is played and its hash bucket prefetched meanwhile (the
    /// child is hashed from scratch when shakmaty cannot update the key).
    fn child(&self, pos: &Chess, key: u64, m: Move) -> (Chess, u64) {
        let incremental = pos
            .update_zobrist_hash::<Zobrist64>(Zobrist64(key), m, EnPassantMode::Legal)
            .map(|k| k.0);
        if let Some(k) = incremental {
            self.tt.prefetch(k);
        }
        let mut child = pos.clone();
        child.play_unchecked(m);
        let child_key = incremental.unwrap_or_else(|| zobrist(&child));
        (child, child_key)
    }

    fn update_pv(&mut self, ply: usize, m: Move) {
        self.pv[ply][0] = Some(m);
        let child_len = if ply < MAX_PLY {
            self.pv_len[ply + 1]
        } else {
            0
        };
        for j in 0..child_len.min(MAX_PLY - 1) {
            self.pv[ply][j + 1] = self.pv[ply + 1][j];
        }
        self.pv_len[ply] = child_len.min(MAX_PLY - 1) + 1;
    }

    /// Whether the position at `ply` (its key is the last of `keys`) is a draw by repetition.
    fn is_repetition(&self, halfmoves: u32, ply: usize) -> bool {
        let cur = self.keys.len() - 1;
        let key = self.keys[cur];
        let reach = (halfmoves as usize)
            .min(self.stack[ply].plies_from_null)
            .min(cur);
        let mut seen_in_game = 0;
        let mut back = 4;
        while back <= reach {
            let i = cur - back;
            if self.keys[i] == key {
                if i >= self.root_index {
                    return true;
                }
                seen_in_game += 1;
                if seen_in_game >= 2 {
                    return true;
                }
            }
            back += 2;
        }
        false
    }

    fn negamax(
        &mut self,
        pos: &Chess,
        mut depth: i32,
        ply: usize,
        mut alpha: i32,
        mut beta: i32,
    ) -> i32 {
        self.pv_len[ply] = 0;
        let pv_node = beta - alpha > 1;
        let in_check = pos.is_check();
        if in_check {
            depth += 1;
        }
        if depth <= 0 || ply >= MAX_PLY - 8 {
            let key = self.keys[self.keys.len() - 1];
            return self.qsearch(pos, key, ply, alpha, beta, true);
        }
        self.nodes += 1;
        self.check_stop();
        if self.stopped {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        self.stack[ply].plies_from_null = self.stack[ply - 1].plies_from_null + 1;

        // Draws.
        let board = pos.board();
        if pos.halfmoves() >= 100 && !in_check {
            return 0;
        }
        if self.is_repetition(pos.halfmoves(), ply) {
            return 0;
        }
        if board.occupied().count() <= 3
            && (board.pawns() | board.rooks() | board.queens()).is_empty()
        {
            return 0;
        }
        // Mate distance pruning.
        alpha = alpha.max(-MATE + ply as i32);
        beta = beta.min(MATE - ply as i32 - 1);
        if alpha >= beta {
            return alpha;
        }

        let key = self.keys[self.keys.len() - 1];
        let excluded = self.stack[ply].excluded;
        let probe = self.tt.probe(key);
        let mut tt_move: PackedMove = 0;
        let mut eval = -INFINITE;
        if let Some(p) = probe {
            tt_move = p.mv;
            let score = from_tt(p.score, ply);
            if !pv_node && excluded.is_none() && p.depth >= depth {
                let cut = match p.bound {
                    Bound::Exact => true,
                    Bound::Lower => score >= beta,
                    Bound::Upper => score <= alpha,
                };
                if cut {
                    return score;
                }
            }
            if !in_check {
                eval = p.eval;
                // A stored bound may improve the static estimate.
                if (p.bound == Bound::Lower && score > eval)
                    || (p.bound == Bound::Upper && score < eval)
                {
                    eval = score;
                }
            }
        } else if !in_check {
            eval = evaluate(pos, self.params);
        }
        let static_eval = if in_check {
            -INFINITE
        } else {
            probe.map_or(eval, |p| p.eval)
        };
        self.stack[ply].eval = static_eval;
        let improving = !in_check && ply >= 2 && static_eval > self.stack[ply - 2].eval;

        let us = pos.turn();
        let non_pawn = (pos.us() & !board.pawns() & !board.kings()).any();
        // Node-level pruning (reverse futility, null move, razoring, ProbCut) is for non-PV
        // nodes out of check, outside a singular-extension search.
        let prunable = !pv_node && !in_check && excluded.is_none();
        if prunable && beta.abs() < MATE_BOUND {
            // Reverse futility: far above beta with little depth left.
            let margin = 80 * depth - if improving { 40 } else { 0 };
            if depth <= 7 && eval - margin >= beta {
                return eval;
            }
            // Null move: give the opponent a free move; if we still beat beta, cut.
            if depth >= 3
                && eval >= beta
                && non_pawn
                && self.stack[ply - 1].mv.is_some()
                && ply >= 1
                && let Ok(null) = pos.clone().swap_turn()
            {
                let r = 3 + depth / 4 + ((eval - beta) / 200).min(2);
                self.stack[ply].mv = None;
                self.keys.push(zobrist(&null));
                self.stack[ply + 1].plies_from_null = 0;
                let saved = self.stack[ply].plies_from_null;
                self.stack[ply].plies_from_null = 0;
                let score = -self.negamax(&null, (depth - 1 - r).max(1), ply + 1, -beta, -beta + 1);
                self.stack[ply].plies_from_null = saved;
                self.keys.pop();
                if self.stopped {
                    return 0;
                }
                if score >= beta {
                    return if score >= MATE_BOUND { beta } else { score };
                }
            }
        }

        // Razoring: far below alpha with little depth left, only captures can save the node.
        if prunable && depth <= RAZOR_DEPTH && eval + RAZOR_MARGIN * depth < alpha {
            let score = self.qsearch(pos, key, ply, alpha, alpha + 1, false);
            if self.stopped {
                return 0;
            }
            if score <= alpha {
                return score;
            }
        }
        if prunable
            && depth >= PROBCUT_DEPTH
            && beta.abs() < MATE_BOUND
            && let Some(score) =
                self.probcut(pos, key, depth, ply, beta, static_eval, improving, probe)
        {
            return score;
        }

        let mut moves: MoveList = pos.legal_moves();
        if moves.is_empty() {
            return if in_check { -MATE + ply as i32 } else { 0 };
        }
        // Internal iterative reduction: without a hash move, search this node a bit shallower.
        if tt_move == 0 && depth >= 5 {
            depth -= 1;
        }
        // Singular extension: when every move but the hash move fails well below its stored
        // score, the hash move is forced and is searched one ply deeper. When even without it
        // the node beats beta, more than one move refutes the opponent's move: cut.
        let mut extend_tt_move = false;
        if let Some(p) = probe
            && excluded.is_none()
            && tt_move != 0
            && depth >= SINGULAR_DEPTH
            && (ply as i32) < 2 * self.root_depth
            && p.depth >= depth - 3
            && p.bound != Bound::Upper
            && from_tt(p.score, ply).abs() < MATE_BOUND
            && let Some(&m) = moves.iter().find(|&&m| pack(m) == tt_move)
        {
            let singular_beta = from_tt(p.score, ply) - 2 * depth;
            self.stack[ply].excluded = Some(m);
            let s = self.negamax(pos, (depth - 1) / 2, ply, singular_beta - 1, singular_beta);
            self.stack[ply].excluded = None;
            if self.stopped {
                return 0;
            }
            if s < singular_beta {
                extend_tt_move = true;
            } else if singular_beta >= beta {
                return singular_beta;
            }
        }
        let back = |n: usize| ply.checked_sub(n).and_then(|i| self.stack[i].mv);
        let ctx = Context::new(us, back(1), back(2), back(4));
        let mut pending = self.ordering.score(
            pos,
            &moves,
            &mut self.scores[ply],
            tt_move,
            ply,
            ctx,
            &self.params.values,
        );

        let mut best = -INFINITE;
        let mut best_move: Option<Move> = None;
        let mut searched = 0usize;
        let mut quiets_tried = MoveList::new();
        let mut captures_tried = MoveList::new();
        let mut n_quiets = 0usize;
        let original_alpha = alpha;
        let futile = !in_check && depth <= 6 && eval + 90 + 90 * depth <= alpha;
        let lmp_limit = (3 + depth * depth) as usize / if improving { 1 } else { 2 };

        for i in 0..moves.len() {
            let m = self
                .ordering
                .next(&mut pending, &mut moves, &mut self.scores[ply], i);
            if excluded == Some(m) {
                continue;
            }
            let order_score = self.scores[ply][i];
            let quiet = !m.is_capture() && !m.is_promotion();
            let gives_check = gives_check(pos, m);
            if best > -MATE_BOUND && !in_check && non_pawn && !gives_check {
                let late = !pv_node && depth <= 6 && n_quiets >= lmp_limit;
                if quiet && (futile || late) {
                    note_quiet(&mut quiets_tried, &mut n_quiets, m);
                    continue;
                }
                // A quiet move that loses material on its square, with little depth left.
                if quiet
                    && !pv_node
                    && depth <= 8
                    && !see_ge(pos, m, -25 * depth * depth, &self.params.values)
                {
                    continue;
                }
                if !quiet
                    && depth <= 6
                    && order_score < 0
                    && !see_ge(pos, m, -90 * depth, &self.params.values)
                {
                    continue;
                }
            }
            let (child, _) = self.play(pos, key, m, ply);
            let new_depth = depth - 1 + i32::from(extend_tt_move && pack(m) == tt_move);
            let score = if searched == 0 {
                -self.negamax(&child, new_depth, ply + 1, -beta, -alpha)
            } else {
                let mut r = 0;
                if depth >= 3 && searched >= 2 && (quiet || order_score < 0) && !gives_check {
                    r = i32::from(self.reductions[depth.min(63) as usize][searched.min(63)]);
                    if pv_node {
                        r -= 1;
                    }
                    if !improving {
                        r += 1;
                    }
                    if quiet && order_score >= 900_000 {
                        r -= 1;
                    }
                    if quiet {
                        r -= self.ordering.quiet_score(us, m, ctx) / 12000;
                    }
                    r = r.clamp(0, new_depth - 1);
                }
                let mut s = -self.negamax(&child, new_depth - r, ply + 1, -alpha - 1, -alpha);
                if s > alpha && r > 0 && !self.stopped {
                    s = -self.negamax(&child, new_depth, ply + 1, -alpha - 1, -alpha);
                }
                if s > alpha && s < beta && !self.stopped {
                    s = -self.negamax(&child, new_depth, ply + 1, -beta, -alpha);
                }
                s
            };
            self.keys.pop();
            if self.stopped {
                return 0;
            }
            searched += 1;
            if score > best {
                best = score;
                if score > alpha {
                    best_move = Some(m);
                    alpha = score;
                    if pv_node {
                        self.update_pv(ply, m);
                    }
                    if alpha >= beta {
                        if quiet {
                            self.ordering
                                .reward_quiet(us, ply, m, ctx, depth, &quiets_tried);
                        }
                        let best_capture = (!quiet).then_some(m);
                        self.ordering
                            .reward_captures(us, best_capture, depth, &captures_tried);
                        break;
                    }
                }
            }
            if quiet {
                note_quiet(&mut quiets_tried, &mut n_quiets, m);
            } else if captures_tried.len() < QUIETS_REMEMBERED {
                captures_tried.push(m);
            }
        }
        if searched == 0 {
            // Everything was pruned as futile (or left out): the node fails low.
            return alpha;
        }
        if excluded.is_some() {
            return best;
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt.store(
            key,
            best_move.map_or(0, pack),
            to_tt(best, ply),
            static_eval,
            depth,
            bound,
        );
        best
    }

    /// ProbCut: a capture that wins enough material to beat `beta` by [`PROBCUT_MARGIN`] in a
    /// quiescence search and then in a search four plies shallower almost surely beats `beta`
    /// at full depth too. Returns the score to cut with (stored as a lower bound), or `None`
    /// (also when the hash entry already says the shallower search fails).
    #[allow(clippy::too_many_arguments)]
    fn probcut(
        &mut self,
        pos: &Chess,
        key: u64,
        depth: i32,
        ply: usize,
        beta: i32,
        static_eval: i32,
        improving: bool,
        probe: Option<Probe>,
    ) -> Option<i32> {
        let pc_beta = beta + PROBCUT_MARGIN - if improving { 50 } else { 0 };
        if probe.is_some_and(|p| p.depth >= depth - 3 && from_tt(p.score, ply) < pc_beta) {
            return None;
        }
        let captures: MoveList = pos.capture_moves();
        for &m in &captures {
            if !see_ge(pos, m, pc_beta - static_eval, &self.params.values) {
                continue;
            }
            let (child, child_key) = self.play(pos, key, m, ply);
            let mut score =
                -self.qsearch(&child, child_key, ply + 1, -pc_beta, -pc_beta + 1, false);
            if score >= pc_beta && !self.stopped {
                score = -self.negamax(&child, depth - 4, ply + 1, -pc_beta, -pc_beta + 1);
            }
            self.keys.pop();
            if self.stopped {
                return Some(0);
            }
            if score >= pc_beta {
                self.tt.store(
                    key,
                    pack(m),
                    to_tt(score, ply),
                    static_eval,
                    depth - 3,
                    Bound::Lower,
                );
                return Some(score);
            }
        }
        None
    }

    /// Quiescence search: captures and queen promotions (all moves when in check) until the
    /// position is quiet, with delta and SEE pruning; with `checks` (the first ply below the
    /// main search) also quiet moves that give check and do not lose material by SEE, so that
    /// a mate or a forking check just beyond the horizon is seen. `key` is the position's
    /// Zobrist key: the transposition table is probed (bounds cut at non-PV nodes, the stored
    /// static evaluation saves an evaluation, the stored move is tried first) and the result
    /// stored at depth 0.
    fn qsearch(
        &mut self,
        pos: &Chess,
        key: u64,
        ply: usize,
        mut alpha: i32,
        beta: i32,
        checks: bool,
    ) -> i32 {
        self.nodes += 1;
        self.check_stop();
        if self.stopped {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        let in_check = pos.is_check();
        if ply >= MAX_PLY - 1 {
            return if in_check {
                0
            } else {
                evaluate(pos, self.params)
            };
        }
        let pv_node = beta - alpha > 1;
        let original_alpha = alpha;
        let probe = self.tt.probe(key);
        let mut tt_move: PackedMove = 0;
        if let Some(p) = probe {
            tt_move = p.mv;
            let score = from_tt(p.score, ply);
            if !pv_node {
                let cut = match p.bound {
                    Bound::Exact => true,
                    Bound::Lower => score >= beta,
                    Bound::Upper => score <= alpha,
                };
                if cut {
                    return score;
                }
            }
        }
        let mut best = -INFINITE;
        let mut stand = -INFINITE;
        let mut static_eval = -INFINITE;
        if !in_check {
            static_eval = probe.map_or_else(|| evaluate(pos, self.params), |p| p.eval);
            stand = static_eval;
            // A stored bound may improve the stand-pat estimate.
            if let Some(p) = probe {
                let score = from_tt(p.score, ply);
                if score.abs() < MATE_BOUND
                    && ((p.bound == Bound::Lower && score > stand)
                        || (p.bound == Bound::Upper && score < stand))
                {
                    stand = score;
                }
            }
            if stand >= beta {
                if probe.is_none() {
                    self.tt
                        .store(key, 0, to_tt(stand, ply), static_eval, 0, Bound::Lower);
                }
                return stand;
            }
            alpha = alpha.max(stand);
            best = stand;
        }
        let mut moves: MoveList = pos.legal_moves();
        if in_check {
            if moves.is_empty() {
                return -MATE + ply as i32;
            }
        } else {
            moves.retain(|m| {
                m.is_capture()
                    || m.promotion() == Some(Role::Queen)
                    || (checks && m.promotion().is_none() && gives_check(pos, *m))
            });
        }
        let scores = &mut self.scores[ply];
        for (i, &m) in moves.iter().enumerate() {
            scores[i] = if tt_move != 0 && pack(m) == tt_move {
                1_000_000
            } else if m.is_capture() || m.is_promotion() {
                10_000 + super::order::mvv_lva(m)
            } else {
                self.ordering.history(pos.turn(), m)
            };
        }
        let values = &self.params.values;
        let mut best_move: Option<Move> = None;
        for i in 0..moves.len() {
            let m = pick(&mut moves, &mut self.scores[ply], i);
            if !in_check {
                let gain = match m {
                    Move::EnPassant { .. } => values[0],
                    _ => m.capture().map_or(0, |r| values[r as usize - 1]),
                };
                // Delta pruning: even winning the captured piece cannot reach alpha.
                if m.is_capture() && m.promotion().is_none() && stand + gain + 200 <= alpha {
                    continue;
                }
                if !see_ge(pos, m, 0, values) {
                    continue;
                }
            }
            let (child, child_key) = self.child(pos, key, m);
            let score = -self.qsearch(&child, child_key, ply + 1, -beta, -alpha, false);
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    best_move = Some(m);
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > original_alpha && best_move.is_some() {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt.store(
            key,
            best_move.map_or(0, pack),
            to_tt(best, ply),
            static_eval,
            0,
            bound,
        );
        best
    }
}
