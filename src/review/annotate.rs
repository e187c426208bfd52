//! The annotated PGN of a review: after each analysed move a NAG for its classification
//! (`$1` only move, `$6` inaccuracy, `$2` mistake, `$4` blunder), a comment with `[%eval …]`
//! (White's view) and the first sentence of the explanation, and for inaccuracies and worse the
//! better move's line as a variation with the first sentence of its explanation.
//!
//! [`crate::pgn::export`] writes no variations, so this writer builds the movetext itself but
//! reuses the PGN module's pieces: the tag section and result come from `export`, comments and
//! line wrapping from its `push_comment` and `wrap`.

use shakmaty::Color;

use super::PlyReview;
use crate::explain::Explanation;
use crate::explain::quality::Score;
use crate::pgn::{self, PgnGame, PgnVariant, push_comment, wrap};

/// How many plies of the better line the variation shows.
pub const VARIATION_PLIES: usize = 6;

/// The NAGs this writer sets; a move's existing NAGs among them are replaced.
const QUALITY_NAGS: [u8; 6] = [1, 2, 3, 4, 5, 6];

/// `[%eval …]` value of a score (White's view): pawns with two decimals, or `#n` / `#-n`.
///
/// ```
/// use kibitzer::explain::quality::Score;
/// use kibitzer::review::annotate::eval_value;
/// assert_eq!(eval_value(Score::Cp(-35)), "-0.35");
/// assert_eq!(eval_value(Score::Cp(130)), "1.30");
/// assert_eq!(eval_value(Score::Mate(-4)), "#-4");
/// ```
#[must_use]
pub fn eval_value(s: Score) -> String {
    match s {
        Score::Cp(cp) => format!("{:.2}", f64::from(cp) / 100.0),
        Score::Mate(_) => s.to_string(),
    }
}

fn first_sentence(e: &Explanation) -> Option<&str> {
    e.sentences.first().map(|s| s.text.as_str())
}

/// Writes `game` with the annotations of `plies` (indexed by [`PlyReview::ply`]; plies not
/// analysed stay as they are). The tags gain `Annotator "kibitzer"`.
#[must_use]
pub fn annotated<P: PgnVariant>(game: &PgnGame<P>, plies: &[PlyReview]) -> String {
    let mut tags = game.tags.clone();
    tags.set("Result", &game.result);
    tags.set("Annotator", "kibitzer");
    let plain = pgn::export(&game.game, &tags);
    let (head, body) = plain.split_once("\n\n").unwrap_or((plain.as_str(), ""));
    let result = body.split_whitespace().last().unwrap_or("*");

    let g = &game.game;
    let mut tokens = Vec::new();
    if let Some(c) = g.start_comment() {
        push_comment(&mut tokens, c);
    }
    let mut need_number = true;
    for (i, m) in g.moves().iter().enumerate() {
        let Some(pos) = g.position_at(i) else { break };
        let number = pos.fullmoves();
        let white = pos.turn() == Color::White;
        if white {
            tokens.push(format!("{number}."));
        } else if need_number {
            tokens.push(format!("{number}..."));
        }
        need_number = false;
        tokens.push(m.san.to_string());
        let review = plies.iter().find(|p| p.ply == i);
        let mut nags = m.nags.clone();
        if let Some(nag) = review.and_then(|r| r.classification.nag()) {
            nags.retain(|n| !QUALITY_NAGS.contains(n));
            nags.insert(0, nag);
        }
        tokens.extend(nags.iter().map(|n| format!("${n}")));
        let mut comment = String::new();
        if let Some(r) = review {
            comment.push_str(&format!("[%eval {}]", eval_value(r.score)));
            if let Some(s) = first_sentence(&r.explanation) {
                comment.push(' ');
                comment.push_str(s);
            }
        }
        if let Some(c) = &m.comment {
            if !comment.is_empty() {
                comment.push(' ');
            }
            comment.push_str(c);
        }
        if push_comment(&mut tokens, &comment) {
            need_number = true;
        }
        if let Some(r) = review
            && let Some(better) = &r.better
        {
            variation(&mut tokens, number, white, r, better);
            need_number = true;
        }
    }
    tokens.push(result.to_owned());
    let mut out = String::from(head);
    out.push_str("\n\n");
    for line in wrap(&tokens) {
        out.push_str(&line);
        out.push('\n');
    }
    out
}

/// Appends `( N. best … {reason} )` for the better line of `r`.
fn variation(
    tokens: &mut Vec<String>,
    number: u32,
    white: bool,
    r: &PlyReview,
    better: &Explanation,
) {
    let line: Vec<&String> = r.best_line.iter().take(VARIATION_PLIES).collect();
    if line.is_empty() {
        return;
    }
    let start = tokens.len();
    let mut n = number;
    let mut w = white;
    for (k, san) in line.iter().enumerate() {
        if w {
            tokens.push(format!("{n}."));
        } else if k == 0 {
            tokens.push(format!("{n}..."));
        }
        tokens.push((*san).clone());
        if k == 0 {
            let mut c = format!("[%eval {}]", eval_value(r.best_score));
            if let Some(s) = first_sentence(better) {
                c.push(' ');
                c.push_str(s);
            }
            if push_comment(tokens, &c) && k + 1 < line.len() && w {
                tokens.push(format!("{n}..."));
            }
        }
        if !w {
            n += 1;
        }
        w = !w;
    }
    tokens[start].insert(0, '(');
    if let Some(last) = tokens.last_mut() {
        last.push(')');
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::SearchLimits;
    use crate::review::{ReviewEvent, Settings, review_game};
    use std::sync::atomic::AtomicBool;

    fn reviewed(text: &str) -> (PgnGame, Vec<PlyReview>) {
        let report = pgn::import(text);
        let game = report.games[0].pgn.clone();
        let settings = Settings {
            limits: SearchLimits::depth(3),
            hash_mb: 4,
            ..Settings::default()
        };
        let mut plies = Vec::new();
        review_game(&game.game, &settings, &AtomicBool::new(false), &mut |e| {
            if let ReviewEvent::Ply(p) = e {
                plies.push(*p);
            }
        });
        (game, plies)
    }

    #[test]
    fn annotated_game_reads_back_with_the_same_main_line() {
        let (game, plies) = reviewed(
            "[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n\
             1. e4 {king pawn} e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n",
        );
        let text = annotated(&game, &plies);
        assert!(text.contains("[Annotator \"kibitzer\"]"), "{text}");
        // The movetext wraps at 80 columns, wherever the evaluations put the breaks.
        let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(flat.contains("Nf6 $4 {[%eval #1]"), "{text}");
        assert!(text.contains("{[%eval "), "{text}");
        assert!(text.contains("king pawn}"), "{text}");
        assert!(text.contains("(3..."), "{text}");
        let back = pgn::import(&text);
        assert!(back.errors.is_empty(), "{:?}\n{text}", back.errors);
        let again = &back.games[0].pgn;
        let sans = |g: &PgnGame| -> Vec<String> {
            g.game.moves().iter().map(|m| m.san.to_string()).collect()
        };
        assert_eq!(sans(again), sans(&game));
        assert_eq!(again.result, "1-0");
        assert_eq!(again.game.moves()[5].nags, vec![4]);
    }
}
