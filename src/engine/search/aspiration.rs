//! Aspiration windows: an iteration searches a narrow window around the previous iteration's
//! score, and widens it (reporting the bound) each time the score falls outside.

use super::params::{ASPIRATION_GROWTH, ASPIRATION_MIN_DEPTH};
use super::searcher::Searcher;
use super::{RootMove, SearchInfo};
use crate::engine::rules::{Evaluator, SearchRules};
use crate::engine::score::{Bound, INFINITE, MATE_BOUND, Score};

impl<P: SearchRules, E: Evaluator<P>> Searcher<'_, P, E> {
    /// Searches the root at `depth` with windows around `prev_score` (the full window for
    /// shallow depths, mate scores and exact root scores) until the score falls inside one,
    /// reporting each fail high or low through `info`. Returns the score (meaningless when
    /// the search was stopped).
    pub(super) fn aspiration(
        &mut self,
        pos: &P,
        root: &mut [RootMove],
        depth: u32,
        prev_score: i32,
        info: &mut dyn FnMut(&SearchInfo),
    ) -> i32 {
        let mut delta = self.margins.aspiration_window();
        let max_window = self.margins.aspiration_max_window();
        let (mut alpha, mut beta) = if depth >= ASPIRATION_MIN_DEPTH
            && !self.limits.exact_root_scores
            && prev_score.abs() < MATE_BOUND
        {
            (
                (prev_score - delta).max(-INFINITE),
                (prev_score + delta).min(INFINITE),
            )
        } else {
            (-INFINITE, INFINITE)
        };
        loop {
            let score = self.root(pos, root, depth as i32, alpha, beta);
            if self.stopped {
                return score;
            }
            let bound = if score <= alpha && alpha > -INFINITE {
                Bound::Upper
            } else if score >= beta && beta < INFINITE {
                Bound::Lower
            } else {
                // Inside the window, or outside the full window (no wider one exists).
                return score;
            };
            info(&SearchInfo {
                depth,
                seldepth: self.seldepth as u32,
                score: Score(score),
                bound,
                nodes: self.total_nodes(),
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
            delta = delta.saturating_mul(ASPIRATION_GROWTH);
            if delta > max_window {
                alpha = -INFINITE;
                beta = INFINITE;
            }
        }
    }
}
