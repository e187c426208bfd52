//! The evaluation bar beside the board: filled, from the side at the bottom of the board, by
//! that side's Lichess win% of the latest full-strength score known for the position shown
//! (the hint's search, else the explanation of the move that led there: [`App::score_at`];
//! never a weakened level's own search), with the score from the human's side written at the
//! human's end (`+1.3`, `#4`, in Pawn Battle `W4`; the result after a mate). While no score is known the bar is
//! shaded and says `?`.

use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::layout::{Position, Rect};
use ratatui::style::{Modifier, Style};
use shakmaty::{Color, KnownOutcome};

use super::{Layout, Theme};
use crate::app::{App, Playable, Score};
use crate::variant::Variant;

/// Partial cells, filled from the bottom: one to seven eighths.
const EIGHTHS: [&str; 7] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇"];

/// What the bar shows: the score from the human's side and the human's win%.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct EvalBarValue {
    /// The score for the human (a mate on the board: `Mate(1)` when the human mated,
    /// `Mate(-1)` when mated; the label gives the result).
    pub score: Score,
    /// The human's winning chances in percent, 0 to 100 (Lichess win%).
    pub win_percent: f64,
    /// The position shown decided the game (checkmate, a Pawn Battle win): the winner.
    pub checkmate: Option<Color>,
    /// The game, which says how a forced win is written (`#4` in chess, `W4` in Pawn Battle).
    pub variant: Variant,
}

impl EvalBarValue {
    /// The score as the bar writes it, four characters at most: one decimal under ten pawns
    /// (`+1.3`, `0.0` when it rounds to nothing), whole pawns above (`+12`), a tablebase win or
    /// loss as `+TB` / `-TB` (as the review's score text), mates as `#4` /
    /// `#-4` (Pawn Battle has no mate: its forced wins are `W4` and `L4`, a win or loss in
    /// four moves), the result (`1-0`, `0-1`) for a mate on the board.
    ///
    /// ```
    /// use kibitzer::explain::quality::Score;
    /// use kibitzer::ui::eval_bar::EvalBarValue;
    /// use kibitzer::variant::Variant;
    /// let value = |score, variant| EvalBarValue { score, win_percent: 50.0, checkmate: None, variant };
    /// let label = |score| value(score, Variant::Chess).label();
    /// assert_eq!(label(Score::Cp(130)), "+1.3");
    /// // A tablebase win or loss (crate::tablebase), not its internal number.
    /// assert_eq!(label(Score::Cp(kibitzer::engine::TB_WIN - 12)), "+TB");
    /// assert_eq!(label(Score::Cp(-kibitzer::engine::TB_WIN + 3)), "-TB");
    /// assert_eq!(label(Score::Cp(-4)), "0.0");
    /// assert_eq!(label(Score::Cp(5)), "+0.1");
    /// assert_eq!(label(Score::Cp(-1250)), "-12");
    /// assert_eq!(label(Score::Mate(4)), "#4");
    /// assert_eq!(label(Score::Mate(-3)), "#-3");
    /// ```
    #[must_use]
    pub fn label(&self) -> String {
        match self.checkmate {
            Some(Color::White) => return "1-0".to_owned(),
            Some(Color::Black) => return "0-1".to_owned(),
            None => {}
        }
        match self.score {
            // Within ±0.05 it rounds to an even `0.0` (no `-0.0`).
            Score::Cp(cp) if cp.abs() >= crate::engine::TB_BOUND => {
                if cp > 0 { "+TB" } else { "-TB" }.to_owned()
            }
            Score::Cp(cp) if cp.abs() < 5 => crate::i18n::decimal("0.0"),
            Score::Cp(cp) if cp.abs() < 1000 => {
                crate::i18n::decimal(&format!("{:+.1}", f64::from(cp) / 100.0))
            }
            Score::Cp(cp) => format!("{:+}", cp / 100),
            mate => mate.short_win(self.variant).unwrap_or_default(),
        }
    }
}

/// The bar's value for the position on the board, from the human's side; `None` while no
/// full-strength score of it is known.
#[must_use]
pub fn value<P: Playable>(app: &App<P>) -> Option<EvalBarValue> {
    let shown = app.shown_position();
    if let Some((KnownOutcome::Decisive { winner }, _)) = shown.end() {
        // The position decided the game (a mate, a Pawn Battle win): the result.
        let won = winner == app.human;
        return Some(EvalBarValue {
            score: if won { Score::Mate(1) } else { Score::Mate(-1) },
            win_percent: if won { 100.0 } else { 0.0 },
            checkmate: Some(winner),
            variant: P::VARIANT,
        });
    }
    let hint = app
        .hint
        .as_ref()
        .filter(|_| !app.browsing())
        .map(|h| app.score_for_human(h.thinking.score, app.game.position()));
    let score = hint.or_else(|| app.score_at(app.shown_ply()))?;
    Some(EvalBarValue {
        score,
        win_percent: crate::review::accuracy::win_percent(score),
        checkmate: None,
        variant: P::VARIANT,
    })
}

/// How many eighths of a bar `rows` cells high the side at the bottom fills with its
/// `win_percent`.
///
/// ```
/// use kibitzer::ui::eval_bar::filled_eighths;
/// assert_eq!(filled_eighths(50.0, 16), 64);
/// assert_eq!(filled_eighths(100.0, 16), 128);
/// assert_eq!(filled_eighths(0.0, 8), 0);
/// ```
#[must_use]
pub fn filled_eighths(win_percent: f64, rows: u16) -> u32 {
    let total = f64::from(rows) * 8.0;
    // Clamped to [0, total], so the conversion is exact.
    (win_percent.clamp(0.0, 100.0) / 100.0 * total).round() as u32
}

fn put(buf: &mut Buffer, x: u16, y: u16, symbol: &str, style: Style) {
    if let Some(cell) = buf.cell_mut(Position::new(x, y)) {
        cell.set_symbol(symbol).set_style(style);
    }
}

/// Draws the bar into `layout.eval_bar` (nothing when the layout has none) and its score at
/// the human's end: under the bar when the human is at the bottom, over it otherwise.
pub fn draw<P: Playable>(frame: &mut Frame, layout: &Layout, app: &App<P>, theme: &Theme) {
    let bar = layout.eval_bar.intersection(frame.area());
    if bar.is_empty() {
        return;
    }
    let value = value(app);
    let bottom = app.orientation;
    let piece_colour = |c: Color| {
        theme.color(match c {
            Color::White => "white_piece",
            Color::Black => "black_piece",
        })
    };
    let buf = frame.buffer_mut();
    match value {
        Some(v) => {
            let bottom_win = if bottom == app.human {
                v.win_percent
            } else {
                100.0 - v.win_percent
            };
            let filled = filled_eighths(bottom_win, bar.height);
            let style = Style::new()
                .fg(piece_colour(bottom))
                .bg(piece_colour(!bottom));
            for row in 0..bar.height {
                let y = bar.bottom() - 1 - row;
                let below = u32::from(row) * 8;
                let symbol = match filled.saturating_sub(below) {
                    0 => " ",
                    n @ 1..=7 => EIGHTHS[n as usize - 1],
                    _ => "█",
                };
                for x in bar.left()..bar.right() {
                    put(buf, x, y, symbol, style);
                }
            }
        }
        None => {
            for y in bar.top()..bar.bottom() {
                for x in bar.left()..bar.right() {
                    put(buf, x, y, "░", theme.fg("border"));
                }
            }
        }
    }
    let (label, style) = match value {
        Some(v) => (v.label(), theme.fg("accent").add_modifier(Modifier::BOLD)),
        None => ("?".to_owned(), theme.fg("dim")),
    };
    let human_below = app.human == bottom;
    let y = if human_below {
        Some(bar.bottom())
    } else {
        bar.y.checked_sub(1)
    };
    let Some(y) = y.filter(|&y| y < layout.status.y && y >= layout.area.y) else {
        return;
    };
    // Right-aligned to the bar's right edge.
    let width = label.chars().count() as u16;
    let x = bar.right().saturating_sub(width);
    let area = Rect::new(x, y, width, 1).intersection(layout.area);
    for (i, ch) in label.chars().enumerate() {
        let cx = area.x + i as u16;
        if cx < area.right() {
            put(buf, cx, y, &ch.to_string(), style);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::tests::{engine_plays, new_app, prompt, run_analyses};
    use crate::config::Config;

    #[test]
    fn no_value_before_any_score_is_known() {
        let app = new_app();
        assert_eq!(value(&app), None);
        assert_eq!(filled_eighths(150.0, 2), 16);
        assert_eq!(filled_eighths(-3.0, 2), 0);
    }

    /// The value is the human's: the same position judged for White reads the other way
    /// when the human plays Black.
    #[test]
    fn the_value_is_from_the_humans_side() {
        let mut app = new_app();
        app.config.engine.level = 10;
        prompt(&mut app, "fen 4k3/8/8/8/8/8/8/3QK3 w - - 0 1");
        let fx = prompt(&mut app, "Qd2");
        // The human's move waits for its analysis: no score yet.
        assert_eq!(value(&app), None);
        run_analyses(&mut app, fx, 3);
        let white = value(&app).expect("the analysis of Qd2 gives a score");
        assert!(
            matches!(white.score, Score::Cp(cp) if cp > 500),
            "{white:?}"
        );
        assert!(white.win_percent > 90.0, "{white:?}");
        assert_eq!(white.label().chars().next(), Some('+'));

        let game = crate::game::Game::from_fen("4k3/8/8/8/8/8/8/3QK3 b - - 0 1").unwrap();
        let snapshot = crate::app::Snapshot {
            game,
            human: shakmaty::Color::Black,
            level: 10,
            clock: None,
        };
        let mut black = crate::app::App::new(Config::default(), Some(snapshot), 1).0;
        let fx = prompt(&mut black, "Ke7");
        run_analyses(&mut black, fx, 3);
        let v = value(&black).expect("scored");
        assert!(matches!(v.score, Score::Cp(cp) if cp < -500), "{v:?}");
        assert!(v.win_percent < 10.0, "{v:?}");
        // The engine's move at full strength is scored by its own search.
        let fx = engine_plays(&mut black, "Qd2");
        run_analyses(&mut black, fx, 3);
        assert!(value(&black).is_some_and(|v| v.win_percent < 10.0));
    }

    /// A weakened level's own search never fills the bar: its move waits for the
    /// full-strength analysis.
    #[test]
    fn a_weakened_levels_search_never_fills_the_bar() {
        let mut app = new_app();
        app.config.engine.level = 1;
        let fx = prompt(&mut app, "e4");
        run_analyses(&mut app, fx, 2);
        assert!(value(&app).is_some(), "1. e4 analysed");
        let fx = engine_plays(&mut app, "a5");
        assert_eq!(value(&app), None, "a5 waits for its analysis");
        run_analyses(&mut app, fx, 2);
        assert!(value(&app).is_some());
    }

    /// After a mate the bar is full for the winner and gives the result.
    #[test]
    fn a_mate_on_the_board_fills_the_bar_for_the_winner() {
        let mut app = new_app();
        prompt(&mut app, "f3");
        engine_plays(&mut app, "e5");
        prompt(&mut app, "g4");
        engine_plays(&mut app, "Qh4#");
        let v = value(&app).expect("a mate is known");
        assert_eq!((v.win_percent, v.label().as_str()), (0.0, "0-1"));
    }

    #[test]
    fn the_b_key_toggles_the_bar_and_the_layout_makes_room() {
        let mut app = new_app();
        app.update(crate::app::Event::Resize(80, 24));
        assert!(!app.layout().eval_bar.is_empty());
        app.update(crate::app::tests::key(
            ratatui::crossterm::event::KeyCode::Char('b'),
        ));
        assert!(!app.config.ui.eval_bar);
        assert!(app.layout().eval_bar.is_empty());
        assert!(
            app.message
                .as_ref()
                .unwrap()
                .text
                .contains("evaluation bar: off")
        );
    }
}
