//! Classification of a played move for the review: the quality class from the Lichess
//! winning-chances thresholds ([`quality::judge`]) plus the review's flags (only move, missed
//! win, missed mate), and the marks and NAGs that show it.

use serde::Serialize;

use crate::explain::quality::{self, MateNote, Quality, Score};
use crate::i18n;

/// Winning chances (mover's view) from which a position counts as won for "missed win"
/// (about +3 pawns: `wc(298) ≈ 0.5`).
pub const WON: f64 = 0.5;

/// Winning chances (mover's view) below which a won position counts as thrown away
/// (about +0.55 pawns: `wc(55) ≈ 0.1`).
pub const NOT_WON: f64 = 0.1;

/// How a played move compares with the engine's best.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Classification {
    /// Best, excellent, good, inaccuracy, mistake or blunder.
    pub quality: Quality,
    /// The played move was the best and every other move was at least 0.2 winning chances
    /// worse.
    pub only_move: bool,
    /// The best move kept a won position (winning chances ≥ [`WON`]) and the played move
    /// left less than [`NOT_WON`] (mates excluded: see `missed_mate`).
    pub missed_win: bool,
    /// The best move mated and the played move does not.
    pub missed_mate: bool,
    /// The played move allows a mate the best move avoided.
    pub allowed_mate: bool,
    /// Drop in winning chances (`[0, 2]`), mover's view.
    pub drop: f64,
}

/// Classifies a move from scores in the mover's view: `best` (the engine's best move),
/// `played`, and `second` (the second-best move, for the only-move flag).
///
/// ```
/// use kibitzer::explain::quality::{Quality, Score};
/// use kibitzer::review::classify::classify;
/// let c = classify(false, Score::Cp(400), Score::Cp(0), None);
/// assert_eq!(c.quality, Quality::Blunder);
/// assert!(c.missed_win);
/// assert_eq!(c.mark(), "??");
/// ```
#[must_use]
pub fn classify(
    played_is_best: bool,
    best: Score,
    played: Score,
    second: Option<Score>,
) -> Classification {
    let j = quality::judge(played_is_best, best, played, second);
    let missed_mate = j.mate == Some(MateNote::MissedMate);
    Classification {
        quality: j.quality,
        only_move: played_is_best && j.only_move,
        missed_win: !played_is_best && !missed_mate && j.wc_best >= WON && j.wc_played < NOT_WON,
        missed_mate,
        allowed_mate: j.mate == Some(MateNote::AllowedMate),
        drop: j.drop,
    }
}

impl Classification {
    /// The classification of a book move (`crate::opening::book_move`): [`Quality::Book`],
    /// no flags (theory is not judged against the engine's best); the drop stays as measured.
    #[must_use]
    pub fn book(self) -> Classification {
        Classification {
            quality: Quality::Book,
            only_move: false,
            missed_win: false,
            missed_mate: false,
            allowed_mate: false,
            drop: self.drop,
        }
    }

    /// Whether the move is an inaccuracy or worse.
    #[must_use]
    pub fn is_error(&self) -> bool {
        self.quality >= Quality::Inaccuracy
    }

    /// The move-list mark: `??` blunder, `?` mistake, `?!` inaccuracy, `!` only move, else
    /// empty.
    #[must_use]
    pub fn mark(&self) -> &'static str {
        match self.quality {
            Quality::Blunder => "??",
            Quality::Mistake => "?",
            Quality::Inaccuracy => "?!",
            _ if self.only_move => "!",
            _ => "",
        }
    }

    /// The PGN NAG for the mark: `$4` blunder, `$2` mistake, `$6` inaccuracy, `$1` only move.
    #[must_use]
    pub fn nag(&self) -> Option<u8> {
        match self.quality {
            Quality::Blunder => Some(4),
            Quality::Mistake => Some(2),
            Quality::Inaccuracy => Some(6),
            _ if self.only_move => Some(1),
            _ => None,
        }
    }

    /// The label for people, in English: `blunder`, `mistake (missed win)`, `best (only move)`,
    /// … (the review's JSON keeps it in English whatever the language spoken).
    #[must_use]
    pub fn label(&self) -> String {
        i18n::with(i18n::Lang::En, || self.words(false))
    }

    /// [`label`](Self::label) with the mate notes worded for a game without mate (Pawn
    /// Battle's forced wins).
    #[must_use]
    pub fn label_forced_win(&self) -> String {
        i18n::with(i18n::Lang::En, || self.words(true))
    }

    /// The label in the language spoken ([`i18n::current`]): `erro grave (perdeu a vitória)`;
    /// `forced_win` words a mate as a forced win (Pawn Battle).
    #[must_use]
    pub fn words(&self, forced_win: bool) -> String {
        let (missed_mate, allows_mate) = if forced_win {
            ("note-missed-forced-win", "note-allows-forced-win")
        } else {
            ("note-missed-mate", "note-allows-mate")
        };
        let quality = i18n::t(&format!(
            "quality-{}",
            self.quality.as_str().replace('_', "-")
        ));
        let notes: Vec<String> = [
            (self.only_move, "note-only-move"),
            (self.missed_mate, missed_mate),
            (self.missed_win, "note-missed-win"),
            (self.allowed_mate, allows_mate),
        ]
        .iter()
        .filter(|(on, _)| *on)
        .map(|(_, key)| i18n::t(key))
        .collect();
        if notes.is_empty() {
            return quality;
        }
        i18n::tr(
            "quality-with-notes",
            &[
                ("quality", quality.into()),
                ("notes", notes.join(", ").into()),
            ],
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // Hand-computed winning chances: wc(cp) = 2 / (1 + exp(-0.00368208 cp)) - 1.
    // wc(0) = 0; wc(-50) = -0.0920; wc(-60) = -0.1102; wc(-115) = -0.2085; wc(-170) = -0.3041;
    // wc(300) = 0.5033; wc(100) = 0.1820; wc(20) = 0.0368.

    #[test]
    fn thresholds_at_hand_computed_drops() {
        let q = |p| classify(false, Score::Cp(0), Score::Cp(p), None).quality;
        assert_eq!(q(0), Quality::Excellent);
        assert_eq!(q(-50), Quality::Good); // drop 0.092
        assert_eq!(q(-60), Quality::Inaccuracy); // drop 0.110
        assert_eq!(q(-115), Quality::Mistake); // drop 0.2085
        assert_eq!(q(-170), Quality::Blunder); // drop 0.3041
        let c = classify(false, Score::Cp(0), Score::Cp(-60), None);
        assert!((c.drop - 0.1102).abs() < 1e-3, "{}", c.drop);
        assert_eq!((c.mark(), c.nag()), ("?!", Some(6)));
    }

    #[test]
    fn only_move_needs_a_second_move_two_tenths_worse() {
        // Best +1.00 (0.1820); second -0.20 (-0.0735): gap 0.2555 -> only move.
        let c = classify(true, Score::Cp(100), Score::Cp(100), Some(Score::Cp(-20)));
        assert!(c.only_move);
        assert_eq!(
            (c.quality, c.mark(), c.nag()),
            (Quality::Best, "!", Some(1))
        );
        // Second +0.20 (0.0368): gap 0.1452 -> not an only move.
        let c = classify(true, Score::Cp(100), Score::Cp(100), Some(Score::Cp(20)));
        assert!(!c.only_move);
        assert_eq!(c.mark(), "");
    }

    #[test]
    fn missed_win_and_missed_mate() {
        // +3.00 (0.5033) to +0.20 (0.0368): drop 0.4665 blunder, and the win is gone.
        let c = classify(false, Score::Cp(300), Score::Cp(20), None);
        assert_eq!(c.quality, Quality::Blunder);
        assert!(c.missed_win && !c.missed_mate);
        assert_eq!(c.label(), "blunder (missed win)");
        // +3.00 to +1.00: drop 0.32 blunder but still better (0.182 >= 0.1): no missed win.
        let c = classify(false, Score::Cp(300), Score::Cp(100), None);
        assert!(!c.missed_win);
        // Mate in 2 missed, still +12: the result does not change, no error (by the drop).
        let c = classify(false, Score::Mate(2), Score::Cp(1200), None);
        assert_eq!(c.quality, Quality::Good);
        assert!(!c.missed_mate && !c.missed_win && !c.is_error());
        // Mate in 2 missed, +8: a mistake (mate rule), missed mate, not missed win.
        let c = classify(false, Score::Mate(2), Score::Cp(800), None);
        assert_eq!(c.quality, Quality::Mistake);
        assert!(c.missed_mate && !c.missed_win);
        // Allowing mate from equality is a blunder.
        let c = classify(false, Score::Cp(0), Score::Mate(-3), None);
        assert_eq!(c.quality, Quality::Blunder);
        assert!(c.allowed_mate);
        assert_eq!(c.mark(), "??");
    }
}
