//! ProbCut: at a non-PV node with enough depth, a capture that beats beta by a margin in a
//! quiescence search and then in a much shallower search is taken as proof that the node
//! fails high.

use shakmaty::MoveList;

use super::params::{PROBCUT_REDUCTION, PROBCUT_TT_DEPTH_SLACK};
use super::searcher::Searcher;
use crate::engine::rules::{Evaluator, SearchRules};
use crate::engine::score::{Bound, from_tt, to_tt};
use crate::engine::tt::{Probe, pack};

impl<P: SearchRules, E: Evaluator<P>> Searcher<'_, P, E> {
    /// ProbCut: a capture that wins enough material to beat `beta` by a margin
    /// ([`super::params::PROBCUT_MARGIN`], in the evaluation's unit) in a
    /// quiescence search and then in a search [`PROBCUT_REDUCTION`] plies shallower almost
    /// surely beats `beta` at full depth too. Returns the score to cut with (stored as a lower bound), or `None`
    /// (also when the hash entry already says the shallower search fails).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn probcut(
        &mut self,
        pos: &P,
        key: u64,
        depth: i32,
        ply: usize,
        beta: i32,
        static_eval: i32,
        improving: bool,
        probe: Option<Probe>,
    ) -> Option<i32> {
        let pc_beta = beta + self.margins.probcut(improving);
        if probe.is_some_and(|p| {
            p.depth >= depth - PROBCUT_TT_DEPTH_SLACK && from_tt(p.score, ply) < pc_beta
        }) {
            return None;
        }
        let captures: MoveList = pos.capture_moves();
        for &m in &captures {
            if !pos.see_ge(m, pc_beta - static_eval, self.eval.piece_values()) {
                continue;
            }
            let (child, child_key) = self.play(pos, key, m, ply);
            let mut score =
                -self.qsearch(&child, child_key, ply + 1, -pc_beta, -pc_beta + 1, false);
            if score >= pc_beta && !self.stopped {
                score = -self.negamax(
                    &child,
                    depth - PROBCUT_REDUCTION,
                    ply + 1,
                    -pc_beta,
                    -pc_beta + 1,
                );
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
                    depth - PROBCUT_TT_DEPTH_SLACK,
                    Bound::Lower,
                );
                return Some(score);
            }
        }
        None
    }
}
