//! Every margin, reduction and threshold of the search, with what it does and why its value.
//!
//! Margins are in centipawns (a pawn = [`MARGIN_PAWN`]), depths in plies; a search measures
//! them in its evaluation's own pawn through [`Margins`], which is the identity for chess. The
//! values are the ones the engine was tuned and measured with (bench signature, Stockfish matches in `docs/BENCHMARKS.md`): change one
//! only with a measurement, and update the bench signature (`tests/bench.rs`) in the same
//! commit. The small functions below are the formulas that combine them, so each rule of the
//! search reads as one call.

// ---------------------------------------------------------------------------------------------
// Iterative deepening and time

/// Once this depth is complete with a single legal move at the root, a timed search stops:
/// deeper iterations cannot change the move, and a few plies give the explanation a line.
pub const SINGLE_REPLY_DEPTH: u32 = 4;

/// The stop flag and the clock are read every this many nodes (a power of two: tested with a
/// mask). At about a million nodes per second that is every 2 ms, cheap and prompt enough.
pub const STOP_CHECK_INTERVAL: u64 = 2048;

// ---------------------------------------------------------------------------------------------
// Aspiration windows

/// From this depth on an iteration starts with a window around the previous score: the
/// shallow iterations' scores swing too much to be worth a narrow window.
pub const ASPIRATION_MIN_DEPTH: u32 = 5;

/// The first window's half-width: a fifth of a pawn, about how much a score moves from one
/// iteration to the next in a quiet position.
pub const ASPIRATION_WINDOW: i32 = 20;

/// After a fail, the half-width is multiplied by this (doubling: few re-searches, still tight).
pub const ASPIRATION_GROWTH: i32 = 2;

/// When the half-width grows beyond this (six pawns), the window opens fully: the score moved
/// so much that another narrow re-search would probably fail again.
pub const ASPIRATION_MAX_WINDOW: i32 = 600;

// ---------------------------------------------------------------------------------------------
// Extensions and the depth limit

/// A node in check is searched this much deeper: the replies are few and often forcing.
pub const CHECK_EXTENSION: i32 = 1;

/// The main search hands over to quiescence this many plies before `MAX_PLY`, so that check
/// extensions can never run the search's stacks out.
pub const QSEARCH_PLY_RESERVE: usize = 8;

/// Singular extensions are tried from this depth on (the verification search costs half the
/// node's depth; below this it does not pay).
pub const SINGULAR_MIN_DEPTH: i32 = 7;

/// The hash entry must be at most this much shallower than the node for its score to be
/// trusted as the hash move's value.
pub const SINGULAR_TT_DEPTH_SLACK: i32 = 3;

/// The other moves must fail below the hash move's stored score minus this many centipawns
/// per ply of depth for the hash move to be singular.
pub const SINGULAR_MARGIN_PER_DEPTH: i32 = 2;

/// The verification search (every move but the hash move) runs at `(depth - 1)` divided by
/// this.
pub const SINGULAR_DEPTH_DIVISOR: i32 = 2;

/// Singular extensions stop at this many times the iteration's depth (in plies from the
/// root), so that extensions cannot feed on each other without end.
pub const SINGULAR_MAX_PLY_FACTOR: i32 = 2;

/// A singular hash move is searched this much deeper.
pub const SINGULAR_EXTENSION: i32 = 1;

/// Internal iterative reduction: from this depth, a node without a hash move is searched
/// [`IIR_REDUCTION`] shallower (its order is poor; a later visit will have a hash move).
pub const IIR_MIN_DEPTH: i32 = 5;

/// How much shallower internal iterative reduction searches.
pub const IIR_REDUCTION: i32 = 1;

// ---------------------------------------------------------------------------------------------
// Node pruning (non-PV nodes out of check)

/// Reverse futility pruning is tried up to this depth.
pub const RFP_MAX_DEPTH: i32 = 7;

/// Reverse futility: the static evaluation must beat beta by this much per ply of depth
/// (what the opponent could plausibly win back per ply).
pub const RFP_MARGIN_PER_DEPTH: i32 = 80;

/// Reverse futility: the margin is this much smaller when the evaluation is improving (the
/// position is trending our way, so less safety is needed).
pub const RFP_IMPROVING_BONUS: i32 = 40;

/// Null-move pruning is tried from this depth on.
pub const NMP_MIN_DEPTH: i32 = 3;

/// Null-move pruning's reduction: this many plies ...
pub const NMP_BASE_REDUCTION: i32 = 3;

/// ... plus one ply per this many plies of depth ...
pub const NMP_DEPTH_DIVISOR: i32 = 4;

/// ... plus one ply per this many centipawns the evaluation exceeds beta ...
pub const NMP_EVAL_DIVISOR: i32 = 200;

/// ... at most this many plies for the evaluation.
pub const NMP_EVAL_MAX_REDUCTION: i32 = 2;

/// The null-move search is at least this deep.
pub const NMP_MIN_CHILD_DEPTH: i32 = 1;

/// Razoring is tried up to this depth.
pub const RAZOR_MAX_DEPTH: i32 = 3;

/// Razoring: the static evaluation must be this much per ply of depth below alpha (three
/// pawns a ply: only a capture can then save the node, so quiescence decides).
pub const RAZOR_MARGIN_PER_DEPTH: i32 = 300;

/// ProbCut is tried from this depth on.
pub const PROBCUT_MIN_DEPTH: i32 = 5;

/// ProbCut: how far above beta a capture must score in the shallow searches (two pawns: a
/// capture that wins that much at reduced depth almost surely beats beta at full depth).
pub const PROBCUT_MARGIN: i32 = 200;

/// ProbCut: the margin is this much smaller when the evaluation is improving.
pub const PROBCUT_IMPROVING_BONUS: i32 = 50;

/// ProbCut's verification search is this much shallower than the node.
pub const PROBCUT_REDUCTION: i32 = 4;

/// ProbCut's result is stored in the hash this much shallower than the node, and a hash entry
/// at least that deep that already fails ProbCut's beta skips it.
pub const PROBCUT_TT_DEPTH_SLACK: i32 = 3;

// ---------------------------------------------------------------------------------------------
// Move pruning (out of check, with non-pawn material, once a move has a score)

/// Futility pruning of quiet moves is tried up to this depth.
pub const FUTILITY_MAX_DEPTH: i32 = 6;

/// Futility: quiet moves are skipped when the evaluation plus this ...
pub const FUTILITY_BASE: i32 = 90;

/// ... plus this per ply of depth cannot reach alpha.
pub const FUTILITY_PER_DEPTH: i32 = 90;

/// Late move pruning is tried up to this depth (and not at PV nodes).
pub const LMP_MAX_DEPTH: i32 = 6;

/// Late move pruning: after `LMP_BASE + depth²` quiet moves ...
pub const LMP_BASE: i32 = 3;

/// ... divided by this when the evaluation is not improving, the remaining quiets are skipped.
pub const LMP_NOT_IMPROVING_DIVISOR: usize = 2;

/// SEE pruning of quiet moves is tried up to this depth (and not at PV nodes).
pub const SEE_QUIET_MAX_DEPTH: i32 = 8;

/// SEE pruning: a quiet move is skipped when it loses more than this many centipawns times
/// depth² on its square.
pub const SEE_QUIET_MARGIN: i32 = 25;

/// SEE pruning of losing captures is tried up to this depth.
pub const SEE_NOISY_MAX_DEPTH: i32 = 6;

/// SEE pruning: a losing capture is skipped when it loses more than this many centipawns
/// times depth.
pub const SEE_NOISY_MARGIN: i32 = 90;

// ---------------------------------------------------------------------------------------------
// Late move reductions

/// Moves are reduced from this depth on.
pub const LMR_MIN_DEPTH: i32 = 3;

/// The first this many searched moves are never reduced.
pub const LMR_MIN_SEARCHED: usize = 2;

/// The reduction table's constant term: `LMR_BASE + ln(depth) · ln(move number) / LMR_DIVISOR`
/// (truncated), the usual logarithmic shape.
pub const LMR_BASE: f64 = 0.75;

/// The reduction table's divisor (see [`LMR_BASE`]).
pub const LMR_DIVISOR: f64 = 2.25;

/// The reduction table covers depths and move numbers below this; larger ones use its last
/// row and column (the logarithm barely grows there).
pub const LMR_TABLE_SIZE: usize = 64;

/// One ply less at PV nodes, whose score matters exactly.
pub const LMR_PV_ADJUSTMENT: i32 = 1;

/// One ply more when the evaluation is not improving.
pub const LMR_NOT_IMPROVING_ADJUSTMENT: i32 = 1;

/// One ply less for a quiet refutation (killer, counter-move).
pub const LMR_REFUTATION_ADJUSTMENT: i32 = 1;

/// A quiet move's reduction shrinks by one ply per this much history (and grows for negative
/// history).
pub const LMR_HISTORY_DIVISOR: i32 = 12_000;

// ---------------------------------------------------------------------------------------------
// History

/// How many tried quiet moves (and, separately, captures) a node remembers for the history
/// penalty at a cutoff: later ones were already ordered low, so penalising them adds little.
pub const QUIETS_REMEMBERED: usize = 64;

// ---------------------------------------------------------------------------------------------
// Quiescence

/// Delta pruning: a capture is skipped when the stand-pat score plus the captured piece's
/// value plus this margin (two pawns of positional swing) cannot reach alpha.
pub const DELTA_MARGIN: i32 = 200;

/// Out of check, quiescence searches only moves whose static exchange is at least this.
pub const QSEARCH_SEE_THRESHOLD: i32 = 0;

// ---------------------------------------------------------------------------------------------
// The unit

/// The pawn the margins above are stated in: they are chess centipawns. An evaluation whose
/// pawn is worth another number of units (Pawn Battle's `seed` preset: 7) has every margin
/// scaled by its pawn over this ([`Margins`]), so that a search of a given depth prunes alike
/// whatever unit its evaluation counts in.
pub const MARGIN_PAWN: i32 = 100;

// ---------------------------------------------------------------------------------------------
// The formulas

/// The reverse-futility margin at `depth`.
///
/// ```
/// use kibitzer::engine::search::params::rfp_margin;
/// assert_eq!(rfp_margin(3, false), 240);
/// assert_eq!(rfp_margin(3, true), 200);
/// ```
#[inline]
pub fn rfp_margin(depth: i32, improving: bool) -> i32 {
    RFP_MARGIN_PER_DEPTH * depth - if improving { RFP_IMPROVING_BONUS } else { 0 }
}

/// The null-move reduction at `depth` when the evaluation `eval` is at least `beta`, one ply
/// more per `eval_divisor` above beta ([`NMP_EVAL_DIVISOR`] in the evaluation's unit, see
/// [`Margins::null_move_reduction`]).
///
/// ```
/// use kibitzer::engine::search::params::{NMP_EVAL_DIVISOR, null_move_reduction};
/// assert_eq!(null_move_reduction(8, 50, 0, NMP_EVAL_DIVISOR), 5);
/// assert_eq!(null_move_reduction(8, 900, 0, NMP_EVAL_DIVISOR), 7);
/// ```
#[inline]
pub fn null_move_reduction(depth: i32, eval: i32, beta: i32, eval_divisor: i32) -> i32 {
    NMP_BASE_REDUCTION
        + depth / NMP_DEPTH_DIVISOR
        + ((eval - beta) / eval_divisor).min(NMP_EVAL_MAX_REDUCTION)
}

/// The futility margin at `depth`.
///
/// ```
/// use kibitzer::engine::search::params::futility_margin;
/// assert_eq!(futility_margin(1), 180);
/// ```
#[inline]
pub fn futility_margin(depth: i32) -> i32 {
    FUTILITY_BASE + FUTILITY_PER_DEPTH * depth
}

/// How many quiet moves late move pruning lets through at `depth`.
///
/// ```
/// use kibitzer::engine::search::params::late_move_count;
/// assert_eq!(late_move_count(2, true), 7);
/// assert_eq!(late_move_count(2, false), 3);
/// ```
#[inline]
pub fn late_move_count(depth: i32, improving: bool) -> usize {
    (LMP_BASE + depth * depth) as usize
        / if improving {
            1
        } else {
            LMP_NOT_IMPROVING_DIVISOR
        }
}

/// The SEE threshold below which a quiet move is pruned at `depth`.
///
/// ```
/// use kibitzer::engine::search::params::see_quiet_threshold;
/// assert_eq!(see_quiet_threshold(2), -100);
/// ```
#[inline]
pub fn see_quiet_threshold(depth: i32) -> i32 {
    -SEE_QUIET_MARGIN * depth * depth
}

/// The SEE threshold below which a losing capture is pruned at `depth`.
///
/// ```
/// use kibitzer::engine::search::params::see_noisy_threshold;
/// assert_eq!(see_noisy_threshold(2), -180);
/// ```
#[inline]
pub fn see_noisy_threshold(depth: i32) -> i32 {
    -SEE_NOISY_MARGIN * depth
}

/// The base late-move reduction of the `searched`-th move (counting from 0) at `depth`, as
/// the search's reduction table holds it.
///
/// ```
/// use kibitzer::engine::search::params::late_move_reduction;
/// assert_eq!(late_move_reduction(1, 10), 0);
/// assert_eq!(late_move_reduction(10, 10), 3);
/// ```
pub fn late_move_reduction(depth: usize, searched: usize) -> u8 {
    (LMR_BASE + (depth as f64).ln() * (searched as f64).ln() / LMR_DIVISOR) as u8
}

/// The search's evaluation-based margins in the evaluation's own unit: each formula above,
/// stated in centipawns, scaled by the evaluation's pawn over [`MARGIN_PAWN`] (rounded to the
/// nearest unit). Computed once per search from [`Evaluator::pawn_unit`]; with a pawn of 100
/// (chess) every margin is exactly the centipawn one.
///
/// [`Evaluator::pawn_unit`]: crate::engine::rules::Evaluator::pawn_unit
///
/// ```
/// use kibitzer::engine::search::params::{Margins, rfp_margin};
/// let chess = Margins::new(100);
/// assert_eq!(chess.rfp(3, false), rfp_margin(3, false));
/// let seed = Margins::new(7); // Pawn Battle's `seed` preset: a pawn is 7
/// assert_eq!(seed.rfp(3, false), 17); // 240 centipawns = 2.4 pawns = 16.8 units
/// assert_eq!(seed.to_centipawns(7), 100);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Margins {
    /// The evaluation's pawn in its own units (at least 1).
    pawn: i32,
}

impl Margins {
    /// The margins of an evaluation whose pawn is worth `pawn` units (at least 1 is used).
    pub fn new(pawn: i32) -> Margins {
        Margins { pawn: pawn.max(1) }
    }

    /// `centipawns` in the evaluation's unit, rounded to the nearest (exact for a pawn of 100).
    #[inline]
    pub fn scale(self, centipawns: i32) -> i32 {
        (centipawns * self.pawn + MARGIN_PAWN / 2).div_euclid(MARGIN_PAWN)
    }

    /// A `score` in the evaluation's unit as centipawns, rounded to the nearest (exact for a
    /// pawn of 100): for thresholds stated in centipawns outside the search, such as the time
    /// manager's.
    #[inline]
    pub fn to_centipawns(self, score: i32) -> i32 {
        (score * MARGIN_PAWN + self.pawn / 2).div_euclid(self.pawn)
    }

    /// The first aspiration window's half-width ([`ASPIRATION_WINDOW`]; at least 1).
    #[inline]
    pub fn aspiration_window(self) -> i32 {
        self.scale(ASPIRATION_WINDOW).max(1)
    }

    /// The half-width beyond which the aspiration window opens fully
    /// ([`ASPIRATION_MAX_WINDOW`]; at least 1).
    #[inline]
    pub fn aspiration_max_window(self) -> i32 {
        self.scale(ASPIRATION_MAX_WINDOW).max(1)
    }

    /// [`rfp_margin`] in the evaluation's unit.
    #[inline]
    pub fn rfp(self, depth: i32, improving: bool) -> i32 {
        self.scale(rfp_margin(depth, improving))
    }

    /// [`null_move_reduction`] with [`NMP_EVAL_DIVISOR`] in the evaluation's unit (at least 1).
    #[inline]
    pub fn null_move_reduction(self, depth: i32, eval: i32, beta: i32) -> i32 {
        null_move_reduction(depth, eval, beta, self.scale(NMP_EVAL_DIVISOR).max(1))
    }

    /// The razoring margin at `depth` ([`RAZOR_MARGIN_PER_DEPTH`] per ply).
    #[inline]
    pub fn razor(self, depth: i32) -> i32 {
        self.scale(RAZOR_MARGIN_PER_DEPTH * depth)
    }

    /// ProbCut's margin above beta ([`PROBCUT_MARGIN`], less [`PROBCUT_IMPROVING_BONUS`] when
    /// improving).
    #[inline]
    pub fn probcut(self, improving: bool) -> i32 {
        self.scale(
            PROBCUT_MARGIN
                - if improving {
                    PROBCUT_IMPROVING_BONUS
                } else {
                    0
                },
        )
    }

    /// The singular-extension margin at `depth` ([`SINGULAR_MARGIN_PER_DEPTH`] per ply).
    #[inline]
    pub fn singular(self, depth: i32) -> i32 {
        self.scale(SINGULAR_MARGIN_PER_DEPTH * depth)
    }

    /// [`futility_margin`] in the evaluation's unit.
    #[inline]
    pub fn futility(self, depth: i32) -> i32 {
        self.scale(futility_margin(depth))
    }

    /// [`see_quiet_threshold`] in the evaluation's unit.
    #[inline]
    pub fn see_quiet(self, depth: i32) -> i32 {
        -self.scale(-see_quiet_threshold(depth))
    }

    /// [`see_noisy_threshold`] in the evaluation's unit.
    #[inline]
    pub fn see_noisy(self, depth: i32) -> i32 {
        -self.scale(-see_noisy_threshold(depth))
    }

    /// Quiescence's delta-pruning margin ([`DELTA_MARGIN`]).
    #[inline]
    pub fn delta(self) -> i32 {
        self.scale(DELTA_MARGIN)
    }

    /// Quiescence's SEE threshold ([`QSEARCH_SEE_THRESHOLD`]).
    #[inline]
    pub fn qsearch_see(self) -> i32 {
        self.scale(QSEARCH_SEE_THRESHOLD)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_stop_interval_is_a_power_of_two() {
        assert!(STOP_CHECK_INTERVAL.is_power_of_two());
    }

    #[test]
    fn late_move_reductions_grow_with_depth_and_move_number() {
        let last = LMR_TABLE_SIZE - 1;
        for d in 1..last {
            for n in 1..last {
                assert!(late_move_reduction(d + 1, n) >= late_move_reduction(d, n));
                assert!(late_move_reduction(d, n + 1) >= late_move_reduction(d, n));
            }
        }
        assert_eq!(late_move_reduction(last, last), 8);
    }

    #[test]
    fn a_pawn_of_100_leaves_every_margin_as_stated() {
        let m = Margins::new(MARGIN_PAWN);
        for depth in 0..=16 {
            for improving in [false, true] {
                assert_eq!(m.rfp(depth, improving), rfp_margin(depth, improving));
                assert_eq!(
                    m.probcut(improving),
                    PROBCUT_MARGIN - i32::from(improving) * PROBCUT_IMPROVING_BONUS
                );
            }
            for diff in [-300, -1, 0, 1, 199, 200, 401, 5000] {
                assert_eq!(
                    m.null_move_reduction(depth, diff, 0),
                    null_move_reduction(depth, diff, 0, NMP_EVAL_DIVISOR)
                );
            }
            assert_eq!(m.razor(depth), RAZOR_MARGIN_PER_DEPTH * depth);
            assert_eq!(m.singular(depth), SINGULAR_MARGIN_PER_DEPTH * depth);
            assert_eq!(m.futility(depth), futility_margin(depth));
            assert_eq!(m.see_quiet(depth), see_quiet_threshold(depth));
            assert_eq!(m.see_noisy(depth), see_noisy_threshold(depth));
        }
        assert_eq!(m.aspiration_window(), ASPIRATION_WINDOW);
        assert_eq!(m.aspiration_max_window(), ASPIRATION_MAX_WINDOW);
        assert_eq!(m.delta(), DELTA_MARGIN);
        assert_eq!(m.qsearch_see(), QSEARCH_SEE_THRESHOLD);
        for score in -40_000..=40_000 {
            assert_eq!(m.scale(score), score);
            assert_eq!(m.to_centipawns(score), score);
        }
    }

    #[test]
    fn margins_scale_with_the_pawn() {
        let seed = Margins::new(7);
        assert_eq!(seed.scale(100), 7);
        assert_eq!(seed.razor(1), 21);
        assert_eq!(seed.futility(1), 13); // 180 cp = 12.6 units
        assert_eq!(seed.see_noisy(2), -13);
        assert_eq!(seed.delta(), 14);
        // Windows never shrink to nothing (the aspiration loop must widen).
        assert_eq!(Margins::new(1).aspiration_window(), 1);
        assert_eq!(Margins::new(0), Margins::new(1));
        let big = Margins::new(400);
        assert_eq!(big.rfp(2, false), 4 * rfp_margin(2, false));
        assert_eq!(big.to_centipawns(400), 100);
        // The null move's extra reduction counts pawns of the evaluation's own unit.
        assert_eq!(
            seed.null_move_reduction(8, 14, 0),
            null_move_reduction(8, 200, 0, NMP_EVAL_DIVISOR)
        );
    }
}
