//! The players' rows beside the board (the side at the top of the board above it, the side
//! at the bottom below the file labels): the clock in a timed game (the running one
//! highlighted, tenths under ten seconds), then the material each side is up (`♞♟ +4`).

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Modifier;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;
use shakmaty::Color;

use super::{Layout, Theme};
use crate::app::{App, Playable, color_name};

/// The rows the clocks use: above the board and below its file labels (`None` when the
/// terminal leaves no row there).
#[must_use]
pub fn rows(layout: &Layout) -> (Option<Rect>, Option<Rect>) {
    let board = layout.board;
    let width = board.width + 3;
    let top = (board.y > layout.area.y).then(|| Rect::new(board.x - 3, board.y - 1, width, 1));
    let below = board.bottom() + 1;
    let bottom = (below < layout.status.y).then(|| Rect::new(board.x - 3, below, width, 1));
    (top, bottom)
}

/// Draws both players' rows: the clock when the game is timed, then the pieces that side is
/// up in the position on the board and its lead in points (`+2`).
pub fn draw<P: Playable>(frame: &mut Frame, layout: &Layout, app: &App<P>, theme: &Theme) {
    let now = app.time.now();
    let (top, bottom) = rows(layout);
    let balance = crate::material::balance(app.shown_position().board());
    for (area, color) in [(top, !app.orientation), (bottom, app.orientation)] {
        let Some(area) = area else { continue };
        let mut spans = vec![Span::raw(" ")];
        if let Some(clock) = app.clock.as_ref() {
            let running = clock.running() && clock.turn() == color;
            let face = crate::clock::face(clock.remaining(color, now));
            let style = if running {
                theme
                    .fg("accent")
                    .add_modifier(Modifier::BOLD | Modifier::REVERSED)
            } else {
                theme.fg("text")
            };
            let who = if color == app.human { "you" } else { "engine" };
            spans.push(Span::styled(format!(" {face} "), style));
            spans.push(Span::styled(
                crate::i18n::tr(
                    "clock-side",
                    &[("side", color_name(color).into()), ("who", who.into())],
                ),
                theme.fg("dim"),
            ));
        }
        let won: String = balance.ahead[usize::from(color == Color::Black)]
            .iter()
            .map(|&role| {
                let piece = shakmaty::Piece {
                    color: !color,
                    role,
                };
                super::board::glyph(piece, app.config.ui.pieces, theme.colored())
            })
            .collect();
        spans.push(Span::styled(won, theme.fg("text")));
        let lead = crate::material::lead(&balance, color);
        if !lead.is_empty() {
            spans.push(Span::styled(format!(" {lead}"), theme.fg("accent")));
        }
        frame.render_widget(Paragraph::new(Line::from(spans)), area);
    }
}
