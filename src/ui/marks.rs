//! The numbered marks of the best line's first moves, the terminal's alternative to arrows.
//!
//! An arrow drawn with box or braille characters between square centres crosses the squares
//! in between and hides their pieces at the sizes a terminal gives a square (4×2 or 8×4
//! cells), so the board marks a move where a cell can show it instead: the from and to
//! squares of the line's first moves carry small numbers (1, 2, 3) in their top-right corners,
//! on a badge of the theme's `line` colour, and the panel lists them (`1 Bb5 · 2 a6 · 3 Ba4`).
//! The hint and the last move keep their own square colours (`hint`, `last_move`).
//!
//! The line is the hint's (its search's first moves) on the live position, or, while stepping
//! back through the game, the best line from the position viewed (the search behind the move
//! that led there). On the live position without a hint nothing is numbered: the best line
//! there would be a hint nobody asked for.

use shakmaty::Move;

use crate::app::{App, Playable};
use crate::variant::VariantPosition;

/// How many of the line's moves are numbered.
pub const LINE_MOVES: usize = 3;

/// The line numbered on the board for `app` (at most [`LINE_MOVES`] legal moves from the
/// position shown), empty when the marks are off or there is none.
#[must_use]
pub fn line<P: Playable>(app: &App<P>) -> Vec<Move> {
    if !app.config.ui.marks {
        return Vec::new();
    }
    let shown = app.shown_position();
    let moves = if let Some(hint) = app.hint.as_ref().filter(|_| !app.browsing()) {
        hint.thinking.pv.clone()
    } else if app.browsing() {
        viewed_line(app, shown)
    } else {
        Vec::new()
    };
    legal_prefix(shown, &moves)
}

/// The best line from the viewed position: the engine's own search of the move that led
/// there (its line after the move), else the explanation's line after the move.
fn viewed_line<P: Playable>(app: &App<P>, shown: &P) -> Vec<Move> {
    let Some(analysis) = app
        .shown_ply()
        .checked_sub(1)
        .and_then(|p| app.analysis_at(p))
    else {
        return Vec::new();
    };
    if let Some(t) = analysis
        .thinking
        .as_ref()
        .filter(|t| t.pv.first() == Some(&analysis.mv))
    {
        return t.pv[1..].to_vec();
    }
    let Some(explanation) = analysis.explanation.as_ref() else {
        return Vec::new();
    };
    let mut pos = shown.clone();
    let mut out = Vec::new();
    for san in explanation.pv_san.iter().skip(1).take(LINE_MOVES) {
        let Ok(mv) = pos.parse_move(san) else {
            break;
        };
        pos.play_unchecked(mv);
        out.push(mv);
    }
    out
}

/// The first [`LINE_MOVES`] moves of `moves` that are legal one after the other from `root`.
fn legal_prefix<P: VariantPosition>(root: &P, moves: &[Move]) -> Vec<Move> {
    let mut pos = root.clone();
    let mut out = Vec::new();
    for &mv in moves.iter().take(LINE_MOVES) {
        if !pos.is_legal(mv) {
            break;
        }
        pos.play_unchecked(mv);
        out.push(mv);
    }
    out
}

/// The panel's legend for the numbered line from `root`: `1 Bb5 · 2 a6 · 3 Ba4` (empty when
/// there is no line).
///
/// ```
/// use kibitzer::ui::marks::legend;
/// use shakmaty::{Chess, Position, uci::UciMove};
/// let root = Chess::default();
/// let e4: UciMove = "e2e4".parse().unwrap();
/// let mv = e4.to_move(&root).unwrap();
/// assert_eq!(legend(&root, &[mv]), "1 e4");
/// ```
#[must_use]
pub fn legend<P: VariantPosition>(root: &P, line: &[Move]) -> String {
    let mut pos = root.clone();
    line.iter()
        .enumerate()
        .map(|(i, &mv)| {
            format!(
                "{} {}",
                i + 1,
                crate::i18n::san(&pos.play_san(mv).to_string())
            )
        })
        .collect::<Vec<_>>()
        .join(" · ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::tests::{engine_plays, key, new_app, prompt, run_analyses, thinking};
    use crate::app::{Event, Thinking};
    use ratatui::crossterm::event::KeyCode;

    fn hinted(app: &mut App, pv: &str) -> Thinking {
        app.update(key(KeyCode::Char('t')));
        let id = app.search.as_ref().unwrap().id;
        let moves = crate::ui::tests::uci_line(app.game.position(), pv);
        let t = thinking(9, 30, moves.clone());
        app.update(Event::EngineDone(id, Some(moves[0]), t.clone()));
        t
    }

    #[test]
    fn the_hints_line_is_numbered_and_m_turns_it_off() {
        let mut app = new_app();
        let fx = prompt(&mut app, "e4");
        run_analyses(&mut app, fx, 2);
        engine_plays(&mut app, "e5");
        // The live position without a hint: nothing numbered (no free hint).
        assert!(line(&app).is_empty());
        let t = hinted(&mut app, "g1f3 b8c6 f1b5 a7a6");
        assert_eq!(line(&app), t.pv[..3].to_vec());
        assert_eq!(
            legend(app.game.position(), &line(&app)),
            "1 Nf3 · 2 Nc6 · 3 Bb5"
        );
        app.update(key(KeyCode::Char('m')));
        assert!(!app.config.ui.marks);
        assert!(line(&app).is_empty());
        app.update(key(KeyCode::Char('m')));
        assert_eq!(line(&app).len(), 3);
    }

    #[test]
    fn stepping_back_numbers_the_best_line_of_the_viewed_position() {
        let mut app = new_app();
        app.config.engine.level = 10;
        let fx = prompt(&mut app, "e4");
        run_analyses(&mut app, fx, 3);
        engine_plays(&mut app, "e5");
        app.update(key(KeyCode::Char(',')));
        // Viewing the position after 1. e4: the line of e4's analysis after e4.
        let viewed = line(&app);
        assert!(!viewed.is_empty(), "the analysis of e4 has a line");
        let explanation = app.analysis_at(0).unwrap().explanation.clone().unwrap();
        let san = crate::explain::explanation::san_line(app.shown_position(), &viewed);
        assert_eq!(san[..], explanation.pv_san[1..=san.len()]);
        // Viewing the start: no move led there, nothing numbered.
        app.update(key(KeyCode::Home));
        assert!(line(&app).is_empty());
    }
}
