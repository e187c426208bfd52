//! The one way a score is written for a reader (issue #33, item 3): the evaluation from
//! White's side with its sign, as chess sites show it (`+0.85`, `-0.91`), and who is better in
//! plain words (`you are better by 0.9`, `Black is better by 0.9`); a mate in words (`you have
//! mate in 3`, `you get mated in 2`, never `#-11 for Black`); a Pawn Battle forced win as a
//! win (`you win in 3 moves`), never as a mate. No winning chances and no thresholds: those
//! belong to the advanced level's figures.
//!
//! Every panel, the review, `kibitzer explain`, the PGN comments and the hint use
//! [`evaluation`]; the short labels of the eval bar and score columns keep
//! [`Score::short_win`].

use shakmaty::Color;

use crate::explain::quality::Score;
use crate::variant::Variant;

/// Below this many centipawns (White's side) the position reads "about equal".
pub const EQUAL_CP: i32 = 20;

/// White's score with its sign in pawns, two decimals (`+0.85`, `-0.91`, `0.00`), with the
/// decimal mark of the language spoken ([`crate::i18n::decimal`]: `+0,85` in Portuguese).
///
/// ```
/// use kibitzer::explain::score_text::signed_pawns;
/// assert_eq!(signed_pawns(85), "+0.85");
/// assert_eq!(signed_pawns(-91), "-0.91");
/// assert_eq!(signed_pawns(0), "0.00");
/// ```
#[must_use]
pub fn signed_pawns(cp: i32) -> String {
    if cp == 0 {
        crate::i18n::decimal("0.00")
    } else {
        crate::i18n::decimal(&format!("{:+.2}", f64::from(cp) / 100.0))
    }
}

/// The evaluation `white` (from White's side) in plain words, with "you" for `human`'s colour
/// when there is a human.
///
/// ```
/// use kibitzer::explain::quality::Score;
/// use kibitzer::explain::score_text::evaluation;
/// use kibitzer::variant::Variant;
/// use shakmaty::Color;
/// let you = Some(Color::White);
/// assert_eq!(evaluation(Score::Cp(85), you, Variant::Chess), "+0.85 (you are better by 0.9)");
/// assert_eq!(evaluation(Score::Cp(-91), None, Variant::Chess), "-0.91 (Black is better by 0.9)");
/// assert_eq!(evaluation(Score::Cp(5), you, Variant::Chess), "+0.05 (about equal)");
/// assert_eq!(evaluation(Score::Mate(3), you, Variant::Chess), "you have mate in 3");
/// assert_eq!(evaluation(Score::Mate(-2), you, Variant::Chess), "you get mated in 2");
/// assert_eq!(evaluation(Score::Mate(-11), None, Variant::Chess), "Black mates in 11");
/// ```
#[must_use]
pub fn evaluation(white: Score, human: Option<Color>, variant: Variant) -> String {
    use crate::i18n::tr;
    // The side as the reader names it: `you` for the human's colour, else White or Black.
    let who = |side: Color, human: Option<Color>| -> &'static str {
        match (human, side) {
            (Some(h), s) if h == s => "you",
            (_, Color::White) => "white",
            (_, Color::Black) => "black",
        }
    };
    match white {
        Score::Cp(cp) if cp.abs() < EQUAL_CP => {
            tr("score-equal", &[("score", signed_pawns(cp).into())])
        }
        Score::Cp(cp) => {
            let side = if cp > 0 { Color::White } else { Color::Black };
            // Tenths of a pawn, rounded half away from zero (0.85 is 0.9).
            let tenths = (cp.abs() + 5) / 10;
            tr(
                "score-better",
                &[
                    ("score", signed_pawns(cp).into()),
                    ("who", who(side, human).into()),
                    // The language's decimal mark: "1.7" in English, "1,7" in Portuguese.
                    (
                        "by",
                        crate::i18n::decimal(&format!("{}.{}", tenths / 10, tenths % 10)).into(),
                    ),
                ],
            )
        }
        Score::Mate(0) => tr("score-checkmate", &[]),
        Score::Mate(n) => {
            let winner = if n > 0 { Color::White } else { Color::Black };
            let moves = n.unsigned_abs();
            let who = if human == Some(!winner) {
                "you-lose"
            } else {
                who(winner, human)
            };
            let key = if variant.has_kings() {
                "score-mates-in"
            } else {
                "score-wins-in"
            };
            tr(key, &[("who", who.into()), ("moves", moves.into())])
        }
    }
}

/// The score line of a move that won a game without mate (Pawn Battle): who won, "you" for
/// the reader's side.
///
/// ```
/// use kibitzer::explain::score_text::won;
/// use shakmaty::Color;
/// assert_eq!(won(Color::White, Some(Color::White)), "you won");
/// assert_eq!(won(Color::White, Some(Color::Black)), "you lost");
/// assert_eq!(won(Color::Black, None), "Black won");
/// ```
#[must_use]
pub fn won(winner: Color, human: Option<Color>) -> String {
    let who = match (human, winner) {
        (Some(h), w) if h == w => "you",
        (Some(_), _) => "you-lose",
        (None, Color::White) => "white",
        (None, Color::Black) => "black",
    };
    crate::i18n::tr("score-won", &[("who", who.into())])
}

/// The same as [`evaluation`] for a score from `side`'s point of view.
#[must_use]
pub fn evaluation_of(score: Score, side: Color, human: Option<Color>, variant: Variant) -> String {
    evaluation(score.seen_by(side, Color::White), human, variant)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn signs_are_whites_and_words_name_the_better_side() {
        // Black's move scored -0.91 for Black (Black is worse): White's side is +0.91.
        let text = evaluation_of(Score::Cp(-91), Color::Black, None, Variant::Chess);
        assert_eq!(text, "+0.91 (White is better by 0.9)");
        let you_black = evaluation_of(
            Score::Cp(85),
            Color::Black,
            Some(Color::Black),
            Variant::Chess,
        );
        assert_eq!(you_black, "-0.85 (you are better by 0.9)");
        assert!(!you_black.contains("for you"));
    }

    /// Issue 38's read: a number in a Portuguese sentence takes the decimal comma ("vantagem
    /// de 1,7"), and so does the score beside it (session 24: "+1,71", was "+1.71"); English
    /// keeps the point.
    #[test]
    fn portuguese_sentences_take_the_decimal_comma() {
        let text = crate::i18n::with(crate::i18n::Lang::PtBr, || {
            evaluation_of(Score::Cp(171), Color::White, None, Variant::Chess)
        });
        assert_eq!(text, "+1,71 (as Brancas têm vantagem de 1,7)");
        let equal = crate::i18n::with(crate::i18n::Lang::PtBr, || {
            evaluation(Score::Cp(0), None, Variant::Chess)
        });
        assert_eq!(equal, "0,00 (igualdade)");
        let english = crate::i18n::with(crate::i18n::Lang::En, || {
            evaluation_of(Score::Cp(171), Color::White, None, Variant::Chess)
        });
        assert_eq!(english, "+1.71 (White is better by 1.7)");
    }

    #[test]
    fn mates_are_words_never_hash_signs() {
        for n in [-11, -2, -1, 1, 3] {
            for human in [None, Some(Color::White), Some(Color::Black)] {
                let t = evaluation(Score::Mate(n), human, Variant::Chess);
                assert!(!t.contains('#'), "{t}");
                assert!(t.contains("mate"), "{t}");
            }
        }
    }

    #[test]
    fn no_winning_chances_or_thresholds() {
        for cp in [-1500, -300, -21, 0, 19, 150, 900] {
            let t = evaluation(Score::Cp(cp), Some(Color::White), Variant::Chess);
            assert!(
                !t.contains("winning chances") && !t.contains("within"),
                "{t}"
            );
        }
    }
}
