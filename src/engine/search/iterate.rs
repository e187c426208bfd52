//! Iterative deepening: one search per depth, each reported as it completes; the root moves
//! re-sorted by score between iterations; the time budget consulted between iterations (with
//! the best move's stability); and, when the stop cuts an iteration short, the better move
//! that iteration already proved adopted.

use std::sync::atomic::Ordering as AtomicOrdering;
use std::time::Duration;

use super::params::SINGLE_REPLY_DEPTH;
use super::searcher::Searcher;
use super::{Iteration, MAX_DEPTH, RootMove, SearchInfo, SearchResult};
use crate::engine::order::mvv_lva;
use crate::engine::rules::{Evaluator, SearchRules};
use crate::engine::score::{Bound, INFINITE, MATE, Score, TB_BOUND};
use crate::engine::time::stability_scale;

impl<P: SearchRules, E: Evaluator<P>> Searcher<'_, P, E> {
    /// Iterative deepening: searches depth 1, 2, … until the maximum depth, a limit or the stop,
    /// reporting each completed iteration through `info`, and returns what it learnt.
    pub(super) fn iterate(&mut self, pos: &P, info: &mut dyn FnMut(&SearchInfo)) -> SearchResult {
        // A position the endgame tables hold: every move's exact result from them (a move
        // into a position the game has seen twice is a draw). A draw or a loss is answered
        // from them at once, as is a win when the search finds no mate: the move that
        // converts (the tables' DTZ) is played, and a mate the search finds is played first.
        let tablebase = pos
            .tablebase_result(&self.limits.searchmoves)
            .map(|r| self.with_repetitions(pos, r));
        if let Some(tb) = &tablebase
            && (tb.score.0 < TB_BOUND || tb.score.is_mate())
        {
            self.report(tb, info);
            return tb.clone();
        }
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
        root.sort_by_key(|r| -mvv_lva(r.mv) * i32::from(pos.is_noisy(r.mv)));
        // A move the caller knows to be good (the position database's best move) goes first.
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
            score: Score(
                if root.is_empty() && (pos.has_lost() || pos.no_moves_loses(pos.in_danger())) {
                    -MATE
                } else {
                    0
                },
            ),
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
            self.iteration_best = None;
            let score = self.aspiration(pos, &mut root, self.depth_of(depth), prev_score, info);
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
            let score_drop = if depth > 1 {
                self.margins.to_centipawns(prev_score - score)
            } else {
                0
            };
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
                nodes: self.total_nodes(),
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
                nodes: report.nodes,
                time: report.time,
                pv,
            });
            if self.stop.load(AtomicOrdering::Relaxed) {
                self.stopped = true;
                break;
            }
            // Only one legal move, or a forced mate found: no need to think further on a clock.
            let timed = self.limits.movetime.is_some() || self.limits.clock.is_some();
            if timed && !self.limits.infinite && root.len() == 1 && depth >= SINGLE_REPLY_DEPTH {
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
        result.nodes = self.total_nodes();
        result.time = self.time.elapsed();
        result.nps = self.nps();
        result.hashfull = self.tt.hashfull();
        result.stopped = self.stopped;
        match tablebase {
            Some(mut tb) if result.score.mate_in().is_none_or(|n| n <= 0) => {
                tb.nodes = result.nodes;
                tb.time = result.time;
                tb.stopped = result.stopped;
                self.report(&tb, info);
                tb
            }
            _ => result,
        }
    }

    /// The depth this thread searches in the iteration of `depth`: one ply deeper on every
    /// other helper thread of a Lazy SMP search ([`super::smp`]), so that the threads do not
    /// all search the same tree at the same time.
    fn depth_of(&self, depth: u32) -> u32 {
        match &self.team {
            Some(team) if team.index % 2 == 1 => (depth + 1).min(MAX_DEPTH),
            _ => depth,
        }
    }

    /// The tables' root result `tb` with every move into a position the game has already
    /// seen twice scored a draw (the third time), the moves sorted again.
    fn with_repetitions(&self, pos: &P, mut tb: SearchResult) -> SearchResult {
        let history = &self.keys[..self.root_index];
        let mut changed = false;
        for rm in &mut tb.root_moves {
            let mut child = pos.clone();
            child.play_unchecked(rm.mv);
            let key = child.key();
            if rm.score.0 != 0 && history.iter().filter(|&&k| k == key).count() >= 2 {
                rm.score = Score(0);
                changed = true;
            }
        }
        if changed {
            tb.root_moves.sort_by_key(|r| std::cmp::Reverse(r.score));
            if let Some(best) = tb.root_moves.first() {
                if tb.best_move != Some(best.mv) {
                    tb.pv = vec![best.mv];
                    tb.ponder = None;
                }
                tb.best_move = Some(best.mv);
                tb.score = best.score;
                for it in &mut tb.iterations {
                    it.best_move = best.mv;
                    it.score = best.score;
                    it.pv.clone_from(&tb.pv);
                }
            }
        }
        tb
    }

    /// Reports a result from the tables through `info`.
    fn report(&self, tb: &SearchResult, info: &mut dyn FnMut(&SearchInfo)) {
        info(&SearchInfo {
            depth: tb.depth,
            seldepth: tb.seldepth,
            score: tb.score,
            bound: Bound::Exact,
            nodes: tb.nodes,
            time: self.time.elapsed(),
            nps: 0,
            hashfull: 0,
            pv: tb.pv.clone(),
        });
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
}
