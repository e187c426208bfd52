//! Search scores: centipawns from the side to move, with mate distances encoded near the ends.

use std::fmt;

/// The deepest ply the search ever reaches (search path plus quiescence).
pub const MAX_PLY: usize = 128;

/// Larger than any score; the initial window.
pub const INFINITE: i32 = 32_000;

/// The score of delivering mate at the root (mate in 0 plies).
pub const MATE: i32 = 31_000;

/// Scores at or beyond this magnitude are mate scores.
pub const MATE_BOUND: i32 = MATE - MAX_PLY as i32;

/// The largest static evaluation the search uses: evaluations beyond it (weights at the ends
/// of their ranges with a lot of material) saturate here, below the mate band, so that a big
/// lead is never read as a mate and every window the search opens holds every score.
pub const MAX_EVAL: i32 = MATE_BOUND - 1;

/// The score of a tablebase win at the root with nothing left to do: a position the Syzygy
/// tables ([`crate::tablebase`]) call won scores `TB_WIN` minus the plies to the next capture or
/// pawn move (at the root) or minus its ply (in the tree), a lost one the negation: below the
/// mate band, above every evaluation a real position reaches.
pub const TB_WIN: i32 = MAX_EVAL;

/// Scores at or beyond this magnitude (and below the mate band) are tablebase wins.
pub const TB_BOUND: i32 = TB_WIN - 1_024;

/// `eval` saturated to ±[`MAX_EVAL`].
///
/// ```
/// use kibitzer::engine::score::{MAX_EVAL, saturate};
/// assert_eq!(saturate(150_000), MAX_EVAL);
/// assert_eq!(saturate(-150_000), -MAX_EVAL);
/// assert_eq!(saturate(35), 35);
/// ```
#[inline]
pub fn saturate(eval: i32) -> i32 {
    eval.clamp(-MAX_EVAL, MAX_EVAL)
}

/// A score from the point of view of the side to move: centipawns, or a mate distance.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Score(pub i32);

impl Score {
    /// `Some(n)` when the side to move mates in `n` moves (`n > 0`) or is mated in `-n` moves
    /// (`n <= 0`; `0` means already mated).
    ///
    /// ```
    /// use kibitzer::engine::{Score, MATE};
    /// assert_eq!(Score(MATE - 1).mate_in(), Some(1));
    /// assert_eq!(Score(MATE - 3).mate_in(), Some(2));
    /// assert_eq!(Score(-MATE + 2).mate_in(), Some(-1));
    /// assert_eq!(Score(35).mate_in(), None);
    /// ```
    pub fn mate_in(self) -> Option<i32> {
        if self.0 >= MATE_BOUND {
            Some((MATE - self.0 + 1) / 2)
        } else if self.0 <= -MATE_BOUND {
            Some(-((MATE + self.0) / 2))
        } else {
            None
        }
    }

    /// Whether this is a mate score.
    pub fn is_mate(self) -> bool {
        self.mate_in().is_some()
    }

    /// Whether this is a tablebase win or loss ([`TB_BOUND`]), not a mate.
    ///
    /// ```
    /// use kibitzer::engine::score::{Score, TB_WIN};
    /// assert!(Score(TB_WIN - 7).is_tablebase());
    /// assert!(Score(-TB_WIN + 7).is_tablebase());
    /// assert!(!Score(350).is_tablebase());
    /// ```
    pub fn is_tablebase(self) -> bool {
        !self.is_mate() && self.0.abs() >= TB_BOUND
    }

    /// The centipawn value (mate scores are clamped to ±`MATE`).
    pub fn cp(self) -> i32 {
        self.0
    }

    /// The same score seen by the other side.
    #[must_use]
    pub fn negate(self) -> Score {
        Score(-self.0)
    }
}

impl fmt::Display for Score {
    /// `+0.35`, `-1.20`, `#3` (side to move mates in 3) or `#-2` (is mated in 2).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.mate_in() {
            Some(n) => write!(f, "#{n}"),
            None => {
                let sign = if self.0 < 0 { '-' } else { '+' };
                let a = self.0.unsigned_abs();
                write!(f, "{sign}{}.{:02}", a / 100, a % 100)
            }
        }
    }
}

/// Whether a score is exact or only a bound (a fail-high or fail-low result).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Bound {
    /// The true score.
    #[default]
    Exact,
    /// The true score is at least this (fail high).
    Lower,
    /// The true score is at most this (fail low).
    Upper,
}

impl Bound {
    /// Whether a stored `score` with this bound settles a node searched with the window
    /// (`alpha`, `beta`): an exact score always, a lower bound at or above `beta`, an upper
    /// bound at or below `alpha`.
    ///
    /// ```
    /// use kibitzer::engine::Bound;
    /// assert!(Bound::Lower.cuts(50, 0, 40));
    /// assert!(!Bound::Upper.cuts(50, 0, 40));
    /// ```
    #[inline]
    pub fn cuts(self, score: i32, alpha: i32, beta: i32) -> bool {
        match self {
            Bound::Exact => true,
            Bound::Lower => score >= beta,
            Bound::Upper => score <= alpha,
        }
    }
}

/// Converts a score relative to the root into one relative to the node at `ply` (for storing
/// in the transposition table).
pub fn to_tt(score: i32, ply: usize) -> i32 {
    let ply = ply as i32;
    if score >= MATE_BOUND {
        score + ply
    } else if score <= -MATE_BOUND {
        score - ply
    } else {
        score
    }
}

/// The inverse of [`to_tt`]: a stored node-relative score back to a root-relative one.
pub fn from_tt(score: i32, ply: usize) -> i32 {
    let ply = ply as i32;
    if score >= MATE_BOUND {
        score - ply
    } else if score <= -MATE_BOUND {
        score + ply
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn display() {
        assert_eq!(Score(35).to_string(), "+0.35");
        assert_eq!(Score(-120).to_string(), "-1.20");
        assert_eq!(Score(-5).to_string(), "-0.05");
        assert_eq!(Score(MATE - 5).to_string(), "#3");
        assert_eq!(Score(-MATE + 4).to_string(), "#-2");
    }

    #[test]
    fn tt_round_trip_keeps_mate_distance() {
        // Mate in 3 plies from the root, found at ply 2: the node itself mates in 1 ply.
        let root_relative = MATE - 3;
        let stored = to_tt(root_relative, 2);
        assert_eq!(stored, MATE - 1);
        // Reached again at ply 4, the mate is 5 plies from the root.
        assert_eq!(from_tt(stored, 4), MATE - 5);
        let mated = -MATE + 4;
        assert_eq!(from_tt(to_tt(mated, 3), 3), mated);
        assert_eq!(from_tt(to_tt(57, 9), 1), 57);
    }
}
