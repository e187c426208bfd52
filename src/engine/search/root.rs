//! The root: every legal root move searched in the order of the last iteration, the first
//! with the full window and the rest with a null window first (principal variation search);
//! each move's score and bound kept for the report, the best line in the PV.

use super::RootMove;
use super::searcher::{Frame, Searcher};
use crate::engine::rules::{Evaluator, SearchRules};
use crate::engine::score::{Bound, INFINITE, Score};

impl<P: SearchRules, E: Evaluator<P>> Searcher<'_, P, E> {
    /// Searches every root move at `depth` within (`alpha`, `beta`) (each with the full window
    /// when the limits ask for exact root scores), records each move's score and bound in
    /// `root`, and returns the best score.
    pub(super) fn root(
        &mut self,
        pos: &P,
        root: &mut [RootMove],
        depth: i32,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        self.pv_len[0] = 0;
        self.nodes += 1;
        self.stack[0] = Frame {
            eval: if pos.in_danger() {
                -INFINITE
            } else {
                self.evaluate(pos, 0)
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
}
