//! A middlegame/endgame pair of centipawn values, blended by the game phase.

use std::ops::{Add, AddAssign, Mul, Neg, Sub, SubAssign};

/// A value in the middlegame (`mg`) and in the endgame (`eg`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Tapered {
    /// Middlegame value in centipawns.
    pub mg: i32,
    /// Endgame value in centipawns.
    pub eg: i32,
}

/// Shorthand constructor for [`Tapered`].
pub const fn s(mg: i32, eg: i32) -> Tapered {
    Tapered { mg, eg }
}

/// The phase of a position with every piece on the board (N=B=1, R=2, Q=4).
pub const MAX_PHASE: i32 = 24;

impl Tapered {
    /// Scales by `percent` (100 = unchanged), truncating toward zero.
    #[must_use]
    pub const fn percent(self, percent: u32) -> Tapered {
        let p = percent as i32;
        s(self.mg * p / 100, self.eg * p / 100)
    }

    /// Blends by `phase` (0 = pure endgame, [`MAX_PHASE`] = pure middlegame); rounds toward zero
    /// so that mirrored positions score exactly the negation.
    pub const fn blend(self, phase: i32) -> i32 {
        (self.mg * phase + self.eg * (MAX_PHASE - phase)) / MAX_PHASE
    }
}

impl Add for Tapered {
    type Output = Tapered;
    fn add(self, o: Tapered) -> Tapered {
        s(self.mg + o.mg, self.eg + o.eg)
    }
}

impl AddAssign for Tapered {
    fn add_assign(&mut self, o: Tapered) {
        self.mg += o.mg;
        self.eg += o.eg;
    }
}

impl Sub for Tapered {
    type Output = Tapered;
    fn sub(self, o: Tapered) -> Tapered {
        s(self.mg - o.mg, self.eg - o.eg)
    }
}

impl SubAssign for Tapered {
    fn sub_assign(&mut self, o: Tapered) {
        self.mg -= o.mg;
        self.eg -= o.eg;
    }
}

impl Neg for Tapered {
    type Output = Tapered;
    fn neg(self) -> Tapered {
        s(-self.mg, -self.eg)
    }
}

impl Mul<i32> for Tapered {
    type Output = Tapered;
    fn mul(self, k: i32) -> Tapered {
        s(self.mg * k, self.eg * k)
    }
}
