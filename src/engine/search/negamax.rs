//! Interior nodes: negamax alpha-beta with principal variation search. In order: draws and
//! mate distance, the transposition table, then (non-PV nodes out of check) reverse futility,
//! null move, razoring and ProbCut; internal iterative reduction and the singular extension
//! (with multi-cut); then the moves in the ordering's order with futility, late move and SEE
//! pruning, late move reductions, and history updates at a cutoff. Every number comes from
//! [`super::params`]; pruning asks the move's [`MoveClass`], not its ordering score.

use shakmaty::{Move, MoveList};

use super::params::{
    CHECK_EXTENSION, FUTILITY_MAX_DEPTH, IIR_MIN_DEPTH, IIR_REDUCTION, LMP_MAX_DEPTH,
    LMR_HISTORY_DIVISOR, LMR_MIN_DEPTH, LMR_MIN_SEARCHED, LMR_NOT_IMPROVING_ADJUSTMENT,
    LMR_PV_ADJUSTMENT, LMR_REFUTATION_ADJUSTMENT, LMR_TABLE_SIZE, NMP_MIN_CHILD_DEPTH,
    NMP_MIN_DEPTH, PROBCUT_MIN_DEPTH, QSEARCH_PLY_RESERVE, QUIETS_REMEMBERED, RAZOR_MAX_DEPTH,
    RFP_MAX_DEPTH, SEE_NOISY_MAX_DEPTH, SEE_QUIET_MAX_DEPTH, SINGULAR_DEPTH_DIVISOR,
    SINGULAR_EXTENSION, SINGULAR_MAX_PLY_FACTOR, SINGULAR_MIN_DEPTH, SINGULAR_TT_DEPTH_SLACK,
    late_move_count,
};
use super::searcher::Searcher;
use crate::engine::order::{Context, MoveClass};
use crate::engine::rules::{Evaluator, SearchRules};
use crate::engine::score::{Bound, INFINITE, MATE, MATE_BOUND, MAX_PLY, from_tt};
use crate::engine::tt::{PackedMove, pack};

/// Counts a quiet move as tried at this node and remembers the first [`QUIETS_REMEMBERED`]
/// of them for the history penalty at a cutoff.
fn note_quiet(tried: &mut MoveList, count: &mut usize, m: Move) {
    if *count < QUIETS_REMEMBERED {
        tried.push(m);
    }
    *count += 1;
}

impl<P: SearchRules, E: Evaluator<P>> Searcher<'_, P, E> {
    /// The alpha-beta search of an interior node `depth` plies from the horizon, `ply` plies
    /// from the root (the position's key is the last of `keys`); the score is from the side to
    /// move's point of view. Returns 0 when the search was stopped.
    pub(super) fn negamax(
        &mut self,
        pos: &P,
        mut depth: i32,
        ply: usize,
        mut alpha: i32,
        mut beta: i32,
    ) -> i32 {
        self.pv_len[ply] = 0;
        if pos.has_lost() {
            return -MATE + ply as i32;
        }
        if pos.wins_at_once() {
            return MATE - ply as i32 - 1;
        }
        let pv_node = beta - alpha > 1;
        let in_check = pos.in_danger();
        if in_check {
            depth += CHECK_EXTENSION;
        }
        if depth <= 0 || ply >= MAX_PLY - QSEARCH_PLY_RESERVE {
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
        if pos.is_dead_draw() {
            return 0;
        }
        // Mate distance pruning.
        alpha = alpha.max(-MATE + ply as i32);
        beta = beta.min(MATE - ply as i32 - 1);
        if alpha >= beta {
            return alpha;
        }
        let excluded = self.stack[ply].excluded;
        // Endgame tables, right after a capture or a pawn move (where their result is exact
        // whatever the game's halfmove clock was). A draw is exact; a win is a lower bound (a
        // mate scores higher) and a loss an upper bound: they end the node when they settle
        // the window; otherwise the node is searched (for a mate) and its score kept on the
        // tables' side of the bound.
        let mut tablebase = None;
        if pos.halfmoves() == 0
            && excluded.is_none()
            && let Some(score) = pos.tablebase_score(ply)
        {
            if score == 0 || (score > 0 && score >= beta) || (score < 0 && score <= alpha) {
                return score;
            }
            tablebase = Some(score);
        }

        let key = self.keys[self.keys.len() - 1];
        let probe = self.tt.probe(key);
        let mut tt_move: PackedMove = 0;
        let mut eval = -INFINITE;
        if let Some(p) = probe {
            tt_move = p.mv;
            let score = from_tt(p.score, ply);
            if !pv_node
                && excluded.is_none()
                && p.depth >= depth
                && p.bound.cuts(score, alpha, beta)
            {
                return score;
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
            eval = self.evaluate(pos, ply);
        }
        let static_eval = if in_check {
            -INFINITE
        } else {
            probe.map_or(eval, |p| p.eval)
        };
        self.stack[ply].eval = static_eval;
        let improving = !in_check && ply >= 2 && static_eval > self.stack[ply - 2].eval;

        let us = pos.turn();
        let non_pawn = (board.by_color(us) & !board.pawns() & !board.kings()).any();
        // Node-level pruning (reverse futility, null move, razoring, ProbCut) is for non-PV
        // nodes out of check, outside a singular-extension search.
        let prunable = !pv_node && !in_check && excluded.is_none();
        if prunable && beta.abs() < MATE_BOUND {
            // Reverse futility: far above beta with little depth left.
            if depth <= RFP_MAX_DEPTH && eval - self.margins.rfp(depth, improving) >= beta {
                return eval;
            }
            // Null move: give the opponent a free move; if we still beat beta, cut.
            if depth >= NMP_MIN_DEPTH
                && eval >= beta
                && non_pawn
                && self.stack[ply - 1].mv.is_some()
                && ply >= 1
                && let Some(null) = pos.null_move()
            {
                let r = self.margins.null_move_reduction(depth, eval, beta);
                self.update_state(pos, None, &null, ply);
                self.stack[ply].mv = None;
                self.keys.push(null.key());
                self.stack[ply + 1].plies_from_null = 0;
                let saved = self.stack[ply].plies_from_null;
                self.stack[ply].plies_from_null = 0;
                let score = -self.negamax(
                    &null,
                    (depth - 1 - r).max(NMP_MIN_CHILD_DEPTH),
                    ply + 1,
                    -beta,
                    -beta + 1,
                );
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
        if prunable && depth <= RAZOR_MAX_DEPTH && eval + self.margins.razor(depth) < alpha {
            let score = self.qsearch(pos, key, ply, alpha, alpha + 1, false);
            if self.stopped {
                return 0;
            }
            if score <= alpha {
                return score;
            }
        }
        if prunable
            && depth >= PROBCUT_MIN_DEPTH
            && beta.abs() < MATE_BOUND
            && let Some(score) =
                self.probcut(pos, key, depth, ply, beta, static_eval, improving, probe)
        {
            return score;
        }

        let mut moves: MoveList = pos.legal_moves();
        if moves.is_empty() {
            return if pos.no_moves_loses(in_check) {
                -MATE + ply as i32
            } else {
                0
            };
        }
        // Internal iterative reduction: without a hash move, search this node a bit shallower.
        if tt_move == 0 && depth >= IIR_MIN_DEPTH {
            depth -= IIR_REDUCTION;
        }
        // Singular extension: when every move but the hash move fails well below its stored
        // score, the hash move is forced and is searched one ply deeper. When even without it
        // the node beats beta, more than one move refutes the opponent's move: cut.
        let mut extend_tt_move = false;
        if let Some(p) = probe
            && excluded.is_none()
            && tt_move != 0
            && depth >= SINGULAR_MIN_DEPTH
            && (ply as i32) < SINGULAR_MAX_PLY_FACTOR * self.root_depth
            && p.depth >= depth - SINGULAR_TT_DEPTH_SLACK
            && p.bound != Bound::Upper
            && from_tt(p.score, ply).abs() < MATE_BOUND
            && let Some(&m) = moves.iter().find(|&&m| pack(m) == tt_move)
        {
            let singular_beta = from_tt(p.score, ply) - self.margins.singular(depth);
            self.stack[ply].excluded = Some(m);
            let s = self.negamax(
                pos,
                (depth - 1) / SINGULAR_DEPTH_DIVISOR,
                ply,
                singular_beta - 1,
                singular_beta,
            );
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
            self.eval.piece_values(),
        );

        let mut best = -INFINITE;
        let mut best_move: Option<Move> = None;
        let mut searched = 0usize;
        let mut quiets_tried = MoveList::new();
        let mut captures_tried = MoveList::new();
        let mut n_quiets = 0usize;
        let original_alpha = alpha;
        let futile = !in_check
            && depth <= FUTILITY_MAX_DEPTH
            && eval + self.margins.futility(depth) <= alpha;
        let lmp_limit = late_move_count(depth, improving);

        for i in 0..moves.len() {
            let (m, class) = self
                .ordering
                .next(&mut pending, &mut moves, &mut self.scores[ply], i);
            if excluded == Some(m) {
                continue;
            }
            let quiet = !pos.is_noisy(m);
            let gives_check = pos.endangers(m);
            if best > -MATE_BOUND && !in_check && non_pawn && !gives_check {
                let late = !pv_node && depth <= LMP_MAX_DEPTH && n_quiets >= lmp_limit;
                if quiet && (futile || late) {
                    note_quiet(&mut quiets_tried, &mut n_quiets, m);
                    continue;
                }
                // A quiet move that loses material on its square, with little depth left.
                if quiet
                    && !pv_node
                    && depth <= SEE_QUIET_MAX_DEPTH
                    && !pos.see_ge(m, self.margins.see_quiet(depth), self.eval.piece_values())
                {
                    continue;
                }
                // A losing capture that loses too much, with little depth left.
                if class == MoveClass::BadCapture
                    && depth <= SEE_NOISY_MAX_DEPTH
                    && !pos.see_ge(m, self.margins.see_noisy(depth), self.eval.piece_values())
                {
                    continue;
                }
            }
            let (child, _) = self.play(pos, key, m, ply);
            let extension = if extend_tt_move && pack(m) == tt_move {
                SINGULAR_EXTENSION
            } else {
                0
            };
            let new_depth = depth - 1 + extension;
            let score = if searched == 0 {
                -self.negamax(&child, new_depth, ply + 1, -beta, -alpha)
            } else {
                let mut r = 0;
                if depth >= LMR_MIN_DEPTH
                    && searched >= LMR_MIN_SEARCHED
                    && (quiet || class == MoveClass::BadCapture)
                    && !gives_check
                {
                    let last = LMR_TABLE_SIZE - 1;
                    r = i32::from(self.reductions[(depth as usize).min(last)][searched.min(last)]);
                    if pv_node {
                        r -= LMR_PV_ADJUSTMENT;
                    }
                    if !improving {
                        r += LMR_NOT_IMPROVING_ADJUSTMENT;
                    }
                    if quiet && class.is_refutation() {
                        r -= LMR_REFUTATION_ADJUSTMENT;
                    }
                    if quiet {
                        r -= self.ordering.quiet_score(us, m, ctx) / LMR_HISTORY_DIVISOR;
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
        // Never below a win the tables prove, never above a loss they prove.
        let best = match tablebase {
            Some(tb) if tb > 0 && tb > best => tb,
            Some(tb) if tb < 0 && tb < best => tb,
            _ => best,
        };
        // A score above the original alpha means a move raised alpha (`best_move` is set).
        self.store_node(
            key,
            ply,
            depth,
            (original_alpha, beta),
            best,
            best_move,
            static_eval,
        )
    }
}
