//! Quiescence search: below the main search's horizon, only the moves that change the
//! material (captures, queen promotions; every move in check; quiet checks on the first ply)
//! until the position is quiet, so that the evaluation is never taken in the middle of an
//! exchange. Ordered by the ordering module's quiescence scores through the same picker as the
//! main search ([`pick`]).

use shakmaty::{Move, MoveList};

use super::searcher::Searcher;
use crate::engine::order::pick;
use crate::engine::rules::{Evaluator, SearchRules};
use crate::engine::score::{Bound, INFINITE, MATE, MATE_BOUND, MAX_PLY, from_tt, to_tt};
use crate::engine::tt::PackedMove;

impl<P: SearchRules, E: Evaluator<P>> Searcher<'_, P, E> {
    /// Quiescence search: captures and queen promotions (all moves when in check) until the
    /// position is quiet, with delta and SEE pruning; with `checks` (the first ply below the
    /// main search) also quiet moves that give check and do not lose material by SEE, so that
    /// a mate or a forking check just beyond the horizon is seen. `key` is the position's
    /// Zobrist key: the transposition table is probed (bounds cut at non-PV nodes, the stored
    /// static evaluation saves an evaluation, the stored move is tried first) and the result
    /// stored at depth 0.
    pub(super) fn qsearch(
        &mut self,
        pos: &P,
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
        if pos.has_lost() {
            return -MATE + ply as i32;
        }
        if pos.wins_at_once() {
            return MATE - ply as i32 - 1;
        }
        let in_check = pos.in_danger();
        if ply >= MAX_PLY - 1 {
            return if in_check { 0 } else { self.evaluate(pos, ply) };
        }
        let pv_node = beta - alpha > 1;
        let original_alpha = alpha;
        let probe = self.tt.probe(key);
        let mut tt_move: PackedMove = 0;
        if let Some(p) = probe {
            tt_move = p.mv;
            let score = from_tt(p.score, ply);
            if !pv_node && p.bound.cuts(score, alpha, beta) {
                return score;
            }
        }
        let mut best = -INFINITE;
        let mut stand = -INFINITE;
        let mut static_eval = -INFINITE;
        if !in_check {
            static_eval = probe.map_or_else(|| self.evaluate(pos, ply), |p| p.eval);
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
                return if pos.no_moves_loses(true) {
                    -MATE + ply as i32
                } else {
                    0
                };
            }
        } else {
            moves.retain(|m| pos.is_quiescence_move(*m, checks));
        }
        self.ordering
            .score_quiescence(pos.turn(), &moves, &mut self.scores[ply], tt_move);
        let values = self.eval.piece_values();
        let delta_margin = self.margins.delta();
        let see_threshold = self.margins.qsearch_see();
        let mut best_move: Option<Move> = None;
        for i in 0..moves.len() {
            let m = pick(&mut moves, &mut self.scores[ply], i);
            if !in_check {
                let gain = match m {
                    Move::EnPassant { .. } => values[0],
                    _ => m.capture().map_or(0, |r| values[r as usize - 1]),
                };
                // Delta pruning: even winning the captured piece cannot reach alpha.
                if pos.is_delta_prunable(m) && stand + gain + delta_margin <= alpha {
                    continue;
                }
                if !pos.see_ge(m, see_threshold, values) {
                    continue;
                }
            }
            let (child, child_key) = self.child(pos, key, m, ply);
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
        self.store_node(
            key,
            ply,
            0,
            (original_alpha, beta),
            best,
            best_move,
            static_eval,
        )
    }
}
