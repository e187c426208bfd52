//! Drawing: [`render`] turns an immutable [`App`] into a frame. [`Layout`] is computed from the
//! terminal size alone and shared by drawing and mouse hit-testing, so a click always lands on
//! the square that was drawn there.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Modifier;
use ratatui::text::Line;
use ratatui::widgets::{Clear, Paragraph};
use shakmaty::Move;

use crate::app::{App, Playable};
use crate::variant::VariantPosition;

pub mod analysis_board;
pub mod board;
pub mod clock;
pub mod dialogs;
pub mod editor;
pub mod eval_bar;
pub mod explanation;
pub mod layout;
pub mod marks;
pub mod move_list;
pub mod review;
pub mod review_layout;
pub mod status;
pub mod theme;

pub use layout::{Layout, MIN_HEIGHT, MIN_WIDTH};
pub use theme::{ColorMode, Theme};

/// Draws the whole screen for `app` with `theme`.
pub fn render<P: Playable>(frame: &mut Frame, app: &App<P>, theme: &Theme) {
    let area = frame.area();
    let layout = Layout::with_eval_bar(area, app.config.ui.eval_bar);
    if layout.too_small {
        draw_too_small(frame, area, theme);
        return;
    }
    board::draw(frame, &layout, app, theme);
    eval_bar::draw(frame, &layout, app, theme);
    clock::draw(frame, &layout, app, theme);
    move_list::draw(frame, layout.moves, app, theme);
    explanation::draw(frame, layout.explanation, app, theme);
    explanation::draw_engine(frame, layout.engine, app, theme);
    status::draw(frame, &layout, app, theme);
    dialogs::draw(frame, &layout, app, theme);
}

pub(crate) fn draw_too_small(frame: &mut Frame, area: Rect, theme: &Theme) {
    frame.render_widget(Clear, area);
    let lines = vec![
        Line::from(crate::i18n::tr(
            "too-small",
            &[("width", MIN_WIDTH.into()), ("height", MIN_HEIGHT.into())],
        ))
        .style(theme.error()),
        Line::from(crate::i18n::tr(
            "too-small-now",
            &[("width", area.width.into()), ("height", area.height.into())],
        ))
        .style(theme.fg("dim")),
    ];
    let y = area.y + area.height.saturating_sub(2) / 2;
    let rect = Rect::new(area.x, y, area.width, 2.min(area.height)).intersection(area);
    frame.render_widget(
        Paragraph::new(lines)
            .alignment(ratatui::layout::Alignment::Center)
            .wrap(ratatui::widgets::Wrap { trim: true }),
        rect,
    );
}

/// How many plies of an engine's line the play screen and the analysis board show: the tail of a
/// principal variation comes from ever shallower searches (`scripts/opening_lines.py` judges the
/// moves within these plies).
pub const SHOWN_LINE_PLIES: usize = 8;

/// A line of moves in SAN with move numbers, played from `root` (stops at the first move that is
/// not legal, which a stale or corrupt line could contain).
pub fn line_san<P: VariantPosition>(root: &P, pv: &[Move], max_moves: usize) -> String {
    let mut pos = root.clone();
    let mut out = Vec::new();
    for (i, &mv) in pv.iter().take(max_moves).enumerate() {
        if !pos.is_legal(mv) {
            break;
        }
        let number = pos.fullmoves();
        if pos.turn() == shakmaty::Color::White {
            out.push(format!("{number}."));
        } else if i == 0 {
            out.push(format!("{number}…"));
        }
        out.push(crate::i18n::san(&pos.play_san(mv).to_string()).into_owned());
    }
    out.join(" ")
}

/// A bordered panel titled `title` (the move list, the explanation, the engine's thinking).
pub fn panel<'a>(title: &str, theme: &Theme) -> ratatui::widgets::Block<'a> {
    ratatui::widgets::Block::new()
        .borders(ratatui::widgets::Borders::ALL)
        .border_style(theme.fg("border"))
        .title(ratatui::text::Span::styled(
            format!(" {title} "),
            title_style(theme),
        ))
}

/// Bold text in the accent colour, for titles.
pub(crate) fn title_style(theme: &Theme) -> ratatui::style::Style {
    theme.fg("accent").add_modifier(Modifier::BOLD)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::layout::RIGHT_MIN;
    use shakmaty::{Color, Square};

    #[test]
    fn layout_sizes_squares_to_the_terminal() {
        let small = Layout::new(Rect::new(0, 0, 80, 24));
        assert!(!small.too_small);
        assert_eq!((small.square_w, small.square_h), (4, 2));
        let large = Layout::new(Rect::new(0, 0, 120, 40));
        assert_eq!((large.square_w, large.square_h), (8, 4));
        assert!(large.moves.right() <= 120 && large.engine.bottom() <= 38);
        assert!(Layout::new(Rect::new(0, 0, 61, 30)).too_small);
        assert!(Layout::new(Rect::new(0, 0, 100, 18)).too_small);
        assert!(!Layout::new(Rect::new(0, 0, MIN_WIDTH, MIN_HEIGHT)).too_small);
    }

    #[test]
    fn the_eval_bar_sits_between_the_board_and_the_panels_without_shrinking_the_board() {
        for size in [(MIN_WIDTH, MIN_HEIGHT), (80, 24), (120, 40), (200, 60)] {
            let area = Rect::new(0, 0, size.0, size.1);
            let (without, with) = (Layout::new(area), Layout::with_eval_bar(area, true));
            assert_eq!(without.board, with.board, "{size:?}");
            assert!(without.eval_bar.is_empty());
            assert_eq!(with.eval_bar.height, with.board.height);
            assert!(with.eval_bar.x > with.board.right(), "{size:?}");
            assert!(with.eval_bar.right() < with.moves.x, "{size:?}");
            assert!(with.moves.width >= RIGHT_MIN, "{size:?}");
        }
        // Too narrow for the bar and the right column's minimum: no bar.
        let narrow = Layout::with_eval_bar(Rect::new(0, 0, 80, 30), true);
        assert_eq!(narrow.square_h, 3);
        assert!(narrow.eval_bar.is_empty());
    }

    #[test]
    fn hit_testing_inverts_drawing() {
        for size in [(62, 19), (80, 24), (120, 40), (200, 60)] {
            let layout = Layout::new(Rect::new(0, 0, size.0, size.1));
            for bottom in [Color::White, Color::Black] {
                for sq in Square::ALL {
                    let r = layout.square_rect(sq, bottom);
                    assert_eq!(layout.square_at(r.x, r.y, bottom), Some(sq));
                    assert_eq!(
                        layout.square_at(r.right() - 1, r.bottom() - 1, bottom),
                        Some(sq)
                    );
                }
            }
            assert_eq!(layout.square_at(0, 0, Color::White), None);
        }
    }

    /// Parses UCI moves played in sequence from `root`.
    pub(crate) fn uci_line(root: &shakmaty::Chess, moves: &str) -> Vec<Move> {
        let mut pos = root.clone();
        moves
            .split_whitespace()
            .map(|u| {
                let mv = u
                    .parse::<shakmaty::uci::UciMove>()
                    .unwrap()
                    .to_move(&pos)
                    .unwrap();
                shakmaty::Position::play_unchecked(&mut pos, mv);
                mv
            })
            .collect()
    }

    #[test]
    fn lines_print_with_move_numbers() {
        let root = shakmaty::Chess::default();
        let pv = uci_line(&root, "e2e4 e7e5 g1f3");
        assert_eq!(line_san(&root, &pv, 10), "1. e4 e5 2. Nf3");
        assert_eq!(line_san(&root, &pv, 1), "1. e4");
        let mut after = root.clone();
        after.play_unchecked(pv[0]);
        assert_eq!(line_san(&after, &pv[1..], 10), "1… e5 2. Nf3");
    }
}
