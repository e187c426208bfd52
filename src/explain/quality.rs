//! Move quality: the Lichess winning-chances model and the judgement of a move against the
//! engine's best (best, excellent, good, inaccuracy, mistake, blunder), with separate rules for
//! mates and the "only move" flag. Pure functions of scores.

use serde::Serialize;

/// A search score from one side's point of view.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Score {
    /// Centipawns; positive is good for the side the score is given for.
    Cp(i32),
    /// Mate in N moves: positive when that side mates, negative when it is mated.
    Mate(i32),
}

impl Score {
    /// The same score from the other side's point of view.
    ///
    /// ```
    /// use kibitzer::explain::quality::Score;
    /// assert_eq!(Score::Cp(35).flip(), Score::Cp(-35));
    /// assert_eq!(Score::Mate(2).flip(), Score::Mate(-2));
    /// ```
    #[must_use]
    pub fn flip(self) -> Score {
        match self {
            Score::Cp(cp) => Score::Cp(-cp),
            Score::Mate(n) => Score::Mate(-n),
        }
    }

    /// This score of `mover`'s seen from `viewer`'s side: itself when they are the same side,
    /// flipped otherwise.
    ///
    /// ```
    /// use kibitzer::explain::quality::Score;
    /// use shakmaty::Color;
    /// assert_eq!(Score::Cp(35).seen_by(Color::White, Color::White), Score::Cp(35));
    /// assert_eq!(Score::Mate(2).seen_by(Color::Black, Color::White), Score::Mate(-2));
    /// ```
    #[must_use]
    pub fn seen_by(self, mover: shakmaty::Color, viewer: shakmaty::Color) -> Score {
        if mover == viewer { self } else { self.flip() }
    }

    /// Centipawns, mates mapped to ±100 000 minus the distance (for ordering and spreads).
    #[must_use]
    pub fn as_cp(self) -> i32 {
        match self {
            Score::Cp(cp) => cp,
            Score::Mate(n) if n > 0 => 100_000 - n,
            Score::Mate(n) => -100_000 - n,
        }
    }

    /// Winning chances in `[-1, 1]` (mates count as ±1).
    #[must_use]
    pub fn winning_chances(self) -> f64 {
        match self {
            Score::Cp(cp) => winning_chances(cp),
            Score::Mate(n) if n > 0 => 1.0,
            Score::Mate(_) => -1.0,
        }
    }

    /// Whether this side is mating.
    #[must_use]
    pub fn is_mating(self) -> bool {
        matches!(self, Score::Mate(n) if n > 0)
    }

    /// Whether this side is being mated.
    #[must_use]
    pub fn is_mated(self) -> bool {
        matches!(self, Score::Mate(n) if n <= 0)
    }
}

impl std::fmt::Display for Score {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Score::Cp(cp) => write!(f, "{:+.2}", f64::from(*cp) / 100.0),
            Score::Mate(n) if *n > 0 => write!(f, "#{n}"),
            Score::Mate(n) => write!(f, "#-{}", n.unsigned_abs()),
        }
    }
}

impl Score {
    /// A forced win written short (the eval bar's label, the review's score column): chess's
    /// mate `#3` / `#-3`; Pawn Battle has no mate, so its forced win reads `W3` / `L3` (a win or
    /// a loss in three moves, from the side the score is seen by). `None` for a score in
    /// centipawns, which each place writes to its own width.
    ///
    /// ```
    /// use kibitzer::explain::quality::Score;
    /// use kibitzer::variant::Variant;
    /// assert_eq!(Score::Mate(3).short_win(Variant::Chess).as_deref(), Some("#3"));
    /// assert_eq!(Score::Mate(-3).short_win(Variant::Chess).as_deref(), Some("#-3"));
    /// ```
    #[must_use]
    pub fn short_win(self, variant: crate::variant::Variant) -> Option<String> {
        match self {
            Score::Cp(_) => None,
            // A game without kings has no mate: its forced win is a win.
            Score::Mate(n) if !variant.has_kings() => Some(format!(
                "{}{}",
                if n > 0 { 'W' } else { 'L' },
                n.unsigned_abs().max(1)
            )),
            mate => Some(mate.to_string()),
        }
    }

    /// The score as `variant` writes it: chess's `+0.30`, `#3` and `#-2`; Pawn Battle has no
    /// mate, so its forced win reads `win in 3` and `loss in 2` (moves of the side that wins,
    /// as in chess's `#3`).
    ///
    /// ```
    /// use kibitzer::explain::quality::Score;
    /// use kibitzer::variant::Variant;
    /// assert_eq!(Score::Mate(3).text(Variant::Chess), "#3");
    /// ```
    #[must_use]
    pub fn text(self, variant: crate::variant::Variant) -> String {
        match self {
            Score::Mate(n) if !variant.has_kings() && n > 0 => format!("win in {n}"),
            Score::Mate(0) if !variant.has_kings() => "lost".to_owned(),
            Score::Mate(n) if !variant.has_kings() => format!("loss in {}", n.unsigned_abs()),
            _ => self.to_string(),
        }
    }
}

/// Lichess winning chances: `2 / (1 + exp(-0.00368208 * cp)) - 1`, `cp` clamped to ±1000.
///
/// ```
/// use kibitzer::explain::quality::winning_chances;
/// assert_eq!(winning_chances(0), 0.0);
/// assert!((winning_chances(5000) - winning_chances(1000)).abs() < 1e-12);
/// assert!(winning_chances(-300) < -0.5);
/// ```
#[must_use]
pub fn winning_chances(cp: i32) -> f64 {
    let cp = f64::from(cp.clamp(-1000, 1000));
    2.0 / (1.0 + (-0.003_682_08 * cp).exp()) - 1.0
}

/// Quality of a move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Quality {
    /// A move the opening book would play, from a position of a named line (theory), that the
    /// judge does not refute ([`Judgement::refutes_theory`]): not judged against the engine's
    /// best (`crate::opening::book_move`).
    Book,
    /// The engine's own choice.
    Best,
    /// Within 0.02 winning chances of the best.
    Excellent,
    /// Less than 0.1 winning chances below the best.
    Good,
    /// A drop of at least 0.1 winning chances.
    Inaccuracy,
    /// A drop of at least 0.2 winning chances.
    Mistake,
    /// A drop of at least 0.3 winning chances.
    Blunder,
}

impl Quality {
    /// Snake-case name (template key).
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Quality::Book => "book",
            Quality::Best => "best",
            Quality::Excellent => "excellent",
            Quality::Good => "good",
            Quality::Inaccuracy => "inaccuracy",
            Quality::Mistake => "mistake",
            Quality::Blunder => "blunder",
        }
    }
}

/// Special mate situations that decide the judgement.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum MateNote {
    /// The best move mated and the played move does not.
    MissedMate,
    /// The played move allows a mate that the best move avoided.
    AllowedMate,
    /// Both mate; the played move is slower.
    SlowerMate,
}

/// The judgement of one move.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Judgement {
    /// The quality class.
    pub quality: Quality,
    /// Winning chances of the best move, mover's view.
    pub wc_best: f64,
    /// Winning chances of the played move, mover's view.
    pub wc_played: f64,
    /// `wc_best - wc_played`, never negative.
    pub drop: f64,
    /// Set when a mate rule decided the judgement.
    pub mate: Option<MateNote>,
    /// The best move beats the second best by at least 0.2 winning chances and the second best
    /// changes the result ([`changes_result`]).
    pub only_move: bool,
}

impl Judgement {
    /// Whether the judge's numbers refute a move as theory: a mistake or worse (it loses
    /// material or the game by force), or a move that allows a mate the best move avoided.
    /// Such a move is never `book`, whatever the opening book says.
    #[must_use]
    pub fn refutes_theory(&self) -> bool {
        self.quality >= Quality::Mistake || self.mate == Some(MateNote::AllowedMate)
    }

    /// The judgement of a book move: labelled [`Quality::Book`], with no mate note and no
    /// only-move flag (theory is not measured against the engine's best); the winning chances
    /// stay as measured.
    #[must_use]
    pub fn book(measured: Judgement) -> Judgement {
        Judgement {
            quality: Quality::Book,
            mate: None,
            only_move: false,
            ..measured
        }
    }
}

fn by_drop(drop: f64) -> Quality {
    if drop >= 0.3 {
        Quality::Blunder
    } else if drop >= 0.2 {
        Quality::Mistake
    } else if drop >= 0.1 {
        Quality::Inaccuracy
    } else if drop <= 0.02 {
        Quality::Excellent
    } else {
        Quality::Good
    }
}

/// The largest drop in winning chances for which a good move is said to be close to the best
/// (about a quarter of a pawn near equality); from there up to an inaccuracy it is "playable,
/// but not the most precise".
pub const PRECISE_DROP: f64 = 0.05;

/// Winning chances (mover's view) from which a position counts as decided: about +3 pawns
/// (`wc(298) ≈ 0.5`), or mated / mating.
pub const DECIDED: f64 = 0.5;

/// Whether playing the second-best move (`second`) instead of the best (`best`, both mover's
/// view) changes the result: not when the mover stays winning (the second move still scores
/// [`DECIDED`] or mates) nor when the mover stays lost (the best move scores `-DECIDED` or is
/// mated too). An "only move" needs this.
///
/// ```
/// use kibitzer::explain::quality::{changes_result, Score};
/// assert!(changes_result(Score::Cp(100), Score::Cp(-100)));
/// assert!(!changes_result(Score::Mate(2), Score::Cp(900)));
/// assert!(!changes_result(Score::Cp(-400), Score::Mate(-3)));
/// ```
#[must_use]
pub fn changes_result(best: Score, second: Score) -> bool {
    let stays_won = second.is_mating() || second.winning_chances() >= DECIDED;
    let stays_lost = best.is_mated() || best.winning_chances() <= -DECIDED;
    !stays_won && !stays_lost
}

/// How much a move judged good or excellent must score below the best move (centipawns, the
/// mover's view) in a decided position for its words to say so ([`decided_drop`]): two pawns.
pub const DECIDED_DROP_CP: i32 = 200;

/// The side a [`decided_drop`] leaves the mover on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Decided {
    /// The mover wins with the best move and still wins with the move.
    Won,
    /// The mover was lost with the best move too.
    Lost,
}

/// A move the winning-chance scale calls good or excellent because the game was decided
/// either way, though it gives away [`DECIDED_DROP_CP`] or more against the best move (`best`,
/// `played`: mover's view, neither a mate): 9...Be7 drops the queen at −8.6 against −11.7, which
/// "A good, solid move" said of it (session 33 read). The words must say what it costs.
///
/// ```
/// use kibitzer::explain::quality::{decided_drop, judge, Decided, Score};
/// let (best, played) = (Score::Cp(-855), Score::Cp(-1175));
/// assert_eq!(decided_drop(&judge(false, best, played, None), best, played), Some(Decided::Lost));
/// let (best, played) = (Score::Cp(40), Score::Cp(-10));
/// assert_eq!(decided_drop(&judge(false, best, played, None), best, played), None);
/// ```
#[must_use]
pub fn decided_drop(j: &Judgement, best: Score, played: Score) -> Option<Decided> {
    let (Score::Cp(b), Score::Cp(p)) = (best, played) else {
        return None;
    };
    if !matches!(j.quality, Quality::Good | Quality::Excellent)
        || j.mate.is_some()
        || b - p < DECIDED_DROP_CP
    {
        return None;
    }
    if best.winning_chances() <= -DECIDED {
        Some(Decided::Lost)
    } else if played.winning_chances() >= DECIDED {
        Some(Decided::Won)
    } else {
        None
    }
}

/// Judges a move. All scores are from the mover's point of view, after the move: `best` is the
/// score of the engine's best move, `played` of the move played, `second` of the second-best
/// move when known (for the only-move flag). `played_is_best` is true when the move is the
/// engine's choice.
///
/// Mate rules: missing a mate costs a mistake if the move still scores above +700 cp, a
/// blunder otherwise, and allowing a mate a mistake if the best move scored below -700 cp
/// anyway, a blunder otherwise; but a move that stays above +999 cp without the mate (or a mate
/// allowed when the best move scored below -999 cp) does not change the result and is judged by
/// its drop in winning chances like any move. A slower mate is good.
///
/// ```
/// use kibitzer::explain::quality::{judge, Quality, Score};
/// let j = judge(false, Score::Cp(50), Score::Cp(-250), None);
/// assert_eq!(j.quality, Quality::Blunder);
/// ```
#[must_use]
pub fn judge(played_is_best: bool, best: Score, played: Score, second: Option<Score>) -> Judgement {
    let wc_best = best.winning_chances();
    let wc_played = played.winning_chances();
    let drop = (wc_best - wc_played).max(0.0);
    let only_move =
        second.is_some_and(|s| wc_best - s.winning_chances() >= 0.2 && changes_result(best, s));
    let (quality, mate) = if played_is_best {
        (Quality::Best, None)
    } else if best.is_mating()
        && !played.is_mating()
        && !matches!(played, Score::Cp(cp) if cp > 999)
    {
        let q = match played {
            Score::Cp(cp) if cp > 700 => Quality::Mistake,
            _ => Quality::Blunder,
        };
        (q, Some(MateNote::MissedMate))
    } else if played.is_mated() && !best.is_mated() && !matches!(best, Score::Cp(cp) if cp < -999) {
        let q = match best {
            Score::Cp(cp) if cp < -700 => Quality::Mistake,
            _ => Quality::Blunder,
        };
        (q, Some(MateNote::AllowedMate))
    } else if best.is_mating() && played.is_mating() {
        if played.as_cp() >= best.as_cp() {
            (Quality::Excellent, None)
        } else {
            (Quality::Good, Some(MateNote::SlowerMate))
        }
    } else {
        (by_drop(drop), None)
    };
    Judgement {
        quality,
        wc_best,
        wc_played,
        drop,
        mate,
        only_move,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_move_needs_the_alternatives_to_change_the_result() {
        // Mating or +3 with the second-best move: no "only move", however large the drop.
        assert!(!judge(true, Score::Mate(2), Score::Mate(2), Some(Score::Cp(400))).only_move);
        assert!(!judge(true, Score::Mate(1), Score::Mate(1), Some(Score::Mate(3))).only_move);
        assert!(!judge(true, Score::Cp(900), Score::Cp(900), Some(Score::Cp(320))).only_move);
        // Equal with the best move, lost without it: the only move.
        assert!(judge(true, Score::Cp(0), Score::Cp(0), Some(Score::Cp(-400))).only_move);
    }

    #[test]
    fn thresholds() {
        // 0 cp -> 0.0; find cp values around each threshold.
        assert_eq!(
            judge(false, Score::Cp(0), Score::Cp(0), None).quality,
            Quality::Excellent
        );
        assert_eq!(
            judge(false, Score::Cp(0), Score::Cp(-30), None).quality,
            Quality::Good
        );
        assert_eq!(
            judge(false, Score::Cp(0), Score::Cp(-60), None).quality,
            Quality::Inaccuracy
        );
        assert_eq!(
            judge(false, Score::Cp(0), Score::Cp(-115), None).quality,
            Quality::Mistake
        );
        assert_eq!(
            judge(false, Score::Cp(0), Score::Cp(-170), None).quality,
            Quality::Blunder
        );
        assert_eq!(
            judge(true, Score::Cp(0), Score::Cp(-170), None).quality,
            Quality::Best
        );
    }

    #[test]
    fn mates() {
        // Still above +999 without the mate: the result does not change, judged by the drop.
        let j = judge(false, Score::Mate(3), Score::Cp(1200), None);
        assert_eq!((j.quality, j.mate), (Quality::Good, None));
        let j = judge(false, Score::Mate(3), Score::Cp(800), None);
        assert_eq!(
            (j.quality, j.mate),
            (Quality::Mistake, Some(MateNote::MissedMate))
        );
        let j = judge(false, Score::Mate(3), Score::Cp(200), None);
        assert_eq!(j.quality, Quality::Blunder);
        let j = judge(false, Score::Cp(0), Score::Mate(-2), None);
        assert_eq!(
            (j.quality, j.mate),
            (Quality::Blunder, Some(MateNote::AllowedMate))
        );
        let j = judge(false, Score::Cp(-1200), Score::Mate(-2), None);
        assert_eq!((j.quality, j.mate), (Quality::Good, None));
        let j = judge(false, Score::Mate(2), Score::Mate(4), None);
        assert_eq!(
            (j.quality, j.mate),
            (Quality::Good, Some(MateNote::SlowerMate))
        );
    }

    #[test]
    fn only_move() {
        assert!(judge(true, Score::Cp(100), Score::Cp(100), Some(Score::Cp(-100))).only_move);
        assert!(!judge(true, Score::Cp(100), Score::Cp(100), Some(Score::Cp(80))).only_move);
    }

    #[test]
    fn clamp_and_symmetry() {
        assert!((winning_chances(300) + winning_chances(-300)).abs() < 1e-12);
        assert_eq!(winning_chances(2000), winning_chances(1000));
    }
}
